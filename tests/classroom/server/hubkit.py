"""A real JupyterHub for the class server's tests: the hub, its proxy (configurable-http-proxy,
from npm) and the class server as the hub's managed service, on free ports of 127.0.0.1, in a
temporary folder; stopped and removed at the end.

The hub signs people in with JupyterHub's DummyAuthenticator (one password for everyone): ann
and bob are learners, tess a hub admin, and pat a user in the group ``staff`` named a teachers'
group. The class server's part of the configuration is the sample the docs give,
tools/hub/class_service_config.py, loaded as it is; the test changes only its address, command
and environment. No single-user servers are started (no spawner is needed): a notebook's token is
made with the hub's API, by a ``driver`` service with the scopes to make users' tokens, with the
scopes the sample gives notebook servers (``c.Spawner.server_token_scopes``).

The proxy is ``$CONFIGURABLE_HTTP_PROXY``, ``configurable-http-proxy`` on PATH, or the one
``tools/ensure_hub_proxy.sh`` installs into ``.cache/hub-proxy`` (``make test`` calls it).
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[3]
SERVICE = "euchre-class"
PASSWORD = "class-password"
LEARNERS = ("ann", "bob")
ADMIN = "tess"
STAFF = "pat"
SAMPLE = ROOT / "tools" / "hub" / "class_service_config.py"
"""The hub configuration the docs give for the class server: the test's hub loads it."""


def server_token_scopes() -> list[str]:
    """``c.Spawner.server_token_scopes`` as the sample configuration sets it."""
    namespace: dict[str, Any] = {"get_config": _Config}
    exec(SAMPLE.read_text(encoding="utf-8"), namespace)
    return list(namespace["c"].Spawner.server_token_scopes)


class _Config:
    """Just enough of traitlets' config object to read the sample file's settings."""

    def __getattr__(self, name: str) -> Any:
        value = _Config()
        object.__setattr__(self, name, value)
        return value


NOTEBOOK_SCOPES = [s for s in server_token_scopes() if not s.endswith("!server")]
"""The scopes of a notebook server's token on the test's hub, for a token made with the API (no
server, so no ``!server`` scope)."""


class NoHub(Exception):
    """A real JupyterHub cannot be run here; the message says why."""


def find_proxy() -> str:
    """configurable-http-proxy's program, or :class:`NoHub`."""
    for candidate in (
        os.environ.get("CONFIGURABLE_HTTP_PROXY", ""),
        shutil.which("configurable-http-proxy") or "",
        str(ROOT / ".cache" / "hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"),
    ):
        if candidate and os.access(candidate, os.X_OK):
            if shutil.which("node") is None:
                raise NoHub("configurable-http-proxy is here but node is not (apt-get install nodejs)")
            return candidate
    raise NoHub(
        "configurable-http-proxy (the hub's proxy, from npm) is not installed: tools/ensure_hub_proxy.sh installs it "
        "into .cache/hub-proxy when npm is here (make test runs it)"
    )


def _free_ports(n: int) -> list[int]:
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    ports = [s.getsockname()[1] for s in socks]
    for s in socks:
        s.close()
    return ports


CONFIG = """\
c = get_config()  # noqa: F821
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {proxy_port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.auth_token = {proxy_token!r}
c.JupyterHub.db_url = "sqlite:///{folder}/hub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/cookie_secret"
c.JupyterHub.pid_file = "{folder}/hub.pid"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {password!r}
c.Authenticator.allowed_users = {users!r}
c.Authenticator.admin_users = {{{admin!r}}}
c.JupyterHub.load_groups = {{"staff": {{"users": [{staff!r}]}}}}
# the configuration the docs give (tools/hub/class_service_config.py, docs/teaching.md) ...
load_subconfig({sample!r})
# ... with this test's address, command and environment for the class server
c.JupyterHub.services[0].update(url="http://127.0.0.1:{service_port}", command={command!r}, environment={environment!r})
# and a service that makes users' tokens, as a spawner would
c.JupyterHub.services.append({{"name": "driver", "api_token": {driver_token!r}}})
c.JupyterHub.load_roles.append(
    {{"name": "driver", "scopes": ["admin:users", "tokens", "read:services"], "services": ["driver"]}}
)
"""


class Hub:
    """A running hub with the class server as its service ``euchre-class``.

    ``url``: the proxy (where browsers go); ``api``: the hub's API; ``service_url``: the class
    server behind the proxy, ``service_direct`` the same without the proxy; ``db``: the class
    server's SQLite file."""

    def __init__(self, folder: Path, *, startup: float = 45.0) -> None:
        proxy = find_proxy()
        try:
            import jupyterhub  # noqa: F401
        except ImportError as err:
            raise NoHub(f"jupyterhub is not installed ({err}): pip install -e '.[test]'") from None
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        proxy_port, hub_port, api_port, service_port = _free_ports(4)
        self.url = f"http://127.0.0.1:{proxy_port}"
        self.api = f"http://127.0.0.1:{hub_port}/hub/api"
        self.service_url = f"{self.url}/services/{SERVICE}"
        self.service_direct = f"http://127.0.0.1:{service_port}/services/{SERVICE}"
        self.db = folder / "class.sqlite3"
        self.driver_token = secrets.token_hex(16)
        env = {
            "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p),
            "PATH": os.environ.get("PATH", ""),
            "HOME": str(folder),
            "EUCHRE_LEARN_HOME": str(folder / "learner"),
        }
        command = [
            sys.executable,
            "-m",
            "euchre_learn.classroom.cli",
            "class",
            "serve",
            "--db",
            str(self.db),
            "--teacher-group",
            "staff",
        ]
        (folder / "jupyterhub_config.py").write_text(
            CONFIG.format(
                proxy_port=proxy_port,
                hub_port=hub_port,
                proxy_api_port=api_port,
                proxy=proxy,
                proxy_token=secrets.token_hex(16),
                folder=folder,
                password=PASSWORD,
                users={*LEARNERS, ADMIN, STAFF},
                admin=ADMIN,
                staff=STAFF,
                service=SERVICE,
                service_port=service_port,
                command=command,
                environment=env,
                driver_token=self.driver_token,
                sample=str(SAMPLE),
            ),
            encoding="utf-8",
        )
        self.log = (folder / "hub.log").open("w", encoding="utf-8")
        hub_env = dict(os.environ, PYTHONPATH=env["PYTHONPATH"])
        hub_env.pop("JUPYTERHUB_API_TOKEN", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(folder / "jupyterhub_config.py")],
            cwd=folder,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=hub_env,
            start_new_session=True,
        )
        try:
            self._wait(startup)
        except BaseException:
            self.stop()
            raise

    def _wait(self, startup: float) -> None:
        """Until the class server answers behind the proxy (the hub starts it after itself)."""
        deadline = time.monotonic() + startup
        with httpx.Client(timeout=5) as client:
            while True:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"the hub stopped (exit {self.proc.returncode}):\n{self.log_text()[-3000:]}")
                try:
                    if client.get(f"{self.service_url}/api/me").status_code == 401:
                        return
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"the hub or its service did not answer in {startup:.0f} s:\n{self.log_text()[-3000:]}"
                    )
                time.sleep(0.2)

    def log_text(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return (self.folder / "hub.log").read_text(encoding="utf-8", errors="replace")

    # --- the hub's API, as the driver service -------------------------------------------------
    def call(self, method: str, path: str, **kw: Any) -> httpx.Response:
        headers = {"Authorization": f"token {self.driver_token}"}
        return httpx.request(method, f"{self.api}{path}", headers=headers, timeout=10, **kw)

    def user_token(self, name: str, scopes: list[str]) -> str:
        """A new API token of user ``name`` with (at most) ``scopes``, as a spawner makes one."""
        reply = self.call("POST", f"/users/{name}/tokens", json={"scopes": scopes, "note": "test"})
        assert reply.status_code == 201, f"the hub made no token for {name}: {reply.status_code} {reply.text}"
        return str(reply.json()["token"])

    def notebook_env(self, name: str) -> dict[str, str]:
        """What a notebook server of ``name`` on this hub has in its environment (the parts used)."""
        return {
            "JUPYTERHUB_API_URL": self.api,
            "JUPYTERHUB_API_TOKEN": self.user_token(name, NOTEBOOK_SCOPES),
            "JUPYTERHUB_USER": name,
            "JUPYTERHUB_BASE_URL": "/",
        }

    # --- a browser -----------------------------------------------------------------------------
    def browser(self) -> httpx.Client:
        """A browser without a session: cookies kept, redirects followed."""
        return httpx.Client(base_url=self.url, follow_redirects=True, timeout=15)

    def sign_in(self, client: httpx.Client, page: httpx.Response, name: str) -> httpx.Response:
        """Fill in the hub's login form ``page`` as ``name``; returns where the redirects end."""
        assert "/hub/login" in str(page.url), page.url
        xsrf = re.search(r'name="_xsrf"\s+value="([^"]+)"', page.text)
        form = {"username": name, "password": PASSWORD}
        if xsrf:
            form["_xsrf"] = xsrf.group(1)
        return client.post(str(page.url), data=form)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # the hub stops its service and its proxy
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.log.close()
