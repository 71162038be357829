"""Sphinx configuration of the course site (``make site``; built by tools/site.py, which says how).

The sources are the checkout itself, read in place and never changed: the lessons
(``notebooks/``), the exercise sheets' student versions (``exercises/*.ipynb``; never
``exercises/solutions/``) and the reference pages (``docs/*.md``). The notebooks are not run:
each page shows the outputs and widget state stored in the notebook. What turns a notebook
into a page of the site (the contents, the links, the widgets with no CDN, the Lite link) is
in ``euchre_site.py`` beside this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

project = "Learn Euchre"
author = "euchre_learn"
copyright = "euchre_learn"  # no year: two builds of one checkout give the same pages

extensions = ["myst_nb", "euchre_site"]

root_doc = "notebooks/index"
include_patterns = ["notebooks/*.ipynb", "exercises/*.ipynb", "docs/*.md"]
exclude_patterns = ["exercises/solutions/**", "**/.ipynb_checkpoints/**"]

# The stored outputs, as committed: nothing runs at build time.
nb_execution_mode = "off"

myst_heading_anchors = 3
smartquotes = False  # the text as JupyterLab shows it (and its heading anchors, "Today's-practice")
myst_enable_extensions = ["html_admonition"]

html_theme = "furo"
html_title = "Learn Euchre"
html_copy_source = False  # no _sources/ copies of the notebooks (their widget state is large)
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    "source_repository": None,
    "navigation_with_keys": True,
}
html_permalinks_icon = "#"
html_static_path = ["static"]  # the site's CSS and widgets/config.js
# The widgets' JavaScript is served by the site itself (euchre_site.py sets
# nb_ipywidgets_js to the files tools/site.py copied into _static/widgets/).
