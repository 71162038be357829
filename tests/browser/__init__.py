"""Real-browser tests (a package, so that the browser, JupyterLab and Playwright's event loop
are torn down when its last test ends, before the rest of the suite runs)."""
