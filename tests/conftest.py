"""Shared fixtures: the website built once per session, a static server, Chromium.

Browser tests use the system Chromium (Debian package ``chromium``), never a
browser downloaded by Playwright. Without one they are skipped with a reason,
except in CI (environment variable ``CI`` set), where that is a failure.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
MCNEMAR_NOTEBOOK = ROOT / "notebooks" / "02-mcnemar.ipynb"

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "chromium", "chromium-browser")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1"}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def is_local_request(url: str) -> bool:
    """True for requests that stay on this machine (127.0.0.1, data:, blob:, about:)."""
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about"}:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname in LOCAL_HOSTS


def _missing(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so browser tests must run: install Debian's chromium)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """Path of the system Chromium; skip (fail in CI) when there is none."""
    override = os.environ.get("CHROMIUM_PATH")
    candidates = (override,) if override else CHROMIUM_CANDIDATES
    for candidate in candidates:
        found = shutil.which(candidate)
        if found:
            return found
    _missing(f"no system Chromium found (looked for {', '.join(candidates)}; set CHROMIUM_PATH to choose one)")


@pytest.fixture(scope="session")
def browser_context(chromium_path, tmp_path_factory):
    """A Playwright browser context on the system Chromium with a fresh profile."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - playwright is in the test extra
        _missing("the playwright Python package is not installed")
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=chromium_path,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context
        finally:
            context.close()


class RequestLog:
    """Every request a page makes; requests leaving 127.0.0.1 are aborted and recorded."""

    def __init__(self):
        self.requests: list[str] = []
        self.external: list[str] = []
        self.failed_responses: list[tuple[int, str]] = []
        self.page_errors: list[str] = []

    def attach(self, page) -> None:
        def route(route):
            url = route.request.url
            if is_local_request(url):
                route.continue_()
            else:
                self.external.append(url)
                route.abort()

        page.route("**/*", route)
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("response", self._on_response)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, websocket) -> None:
        # WebSockets (Voila's kernel channel) are not routed: record them.
        self.requests.append(websocket.url)
        if not is_local_request(websocket.url):
            self.external.append(websocket.url)

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.failed_responses.append((response.status, response.url))


@pytest.fixture
def new_page(browser_context):
    """Factory: a new page with a :class:`RequestLog`; pages are closed afterwards."""
    pages = []

    def make():
        page = browser_context.new_page()
        log = RequestLog()
        log.attach(page)
        pages.append(page)
        return page, log

    yield make
    for page in pages:
        page.close()


@pytest.fixture(scope="session")
def built_book(tmp_path_factory) -> Path:
    """Build the website once per session (scripts/build_book.py) into a temporary folder.

    Returns the folder with the HTML (``.../_build/html``).
    """
    output = tmp_path_factory.mktemp("book")
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_book.py"), "--path-output", str(output), "--all"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.fail(
            "the book build failed (warnings are errors):\n"
            + (result.stdout[-6000:] + "\n" + result.stderr[-6000:])
        )
    html = output / "_build" / "html"
    assert (html / "index.html").exists(), result.stdout[-3000:]
    return html


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


@contextlib.contextmanager
def serve_directory(directory: Path):
    """Serve ``directory`` on http://127.0.0.1:<free port>/ (its URL) until the block ends."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def book_server(built_book):
    """Serve the built book on http://127.0.0.1:<free port>/; stopped after the session."""
    with serve_directory(built_book) as url:
        yield url


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """test-artifacts/ (gitignored) for screenshots."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@contextlib.contextmanager
def running_voila(notebook: Path, log_dir: Path, preheat: bool = False):
    """Voila serving one notebook on 127.0.0.1:<free port> with the venv's kernel.

    It runs as ``make app`` does: the course template (jupyter-data/, solution
    outputs folded, no CDN stylesheets) and, with ``preheat``, a preheated
    kernel (the fixture then waits until the pool is filled). Yields the base
    URL; the server (and its kernels, in its own session) are stopped afterwards.
    """
    if not notebook.exists():
        pytest.skip(f"{notebook.name} does not exist yet")
    voila = Path(sys.executable).with_name("voila")
    if not voila.exists():
        pytest.fail(f"voila is not installed next to {sys.executable} (it is in the test extra)")
    port = free_port()
    log_path = log_dir / "voila.log"
    env = dict(os.environ)
    # The kernel spec "python3" runs `python -m ipykernel_launcher`; jupyter_client
    # replaces "python" with the server's interpreter, and PATH makes sure of it.
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    command = [
        str(voila),
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        "--template=course",
    ]
    env["JUPYTER_PATH"] = str(ROOT / "jupyter-data")
    if preheat:
        command += ["--preheat_kernel=True", "--pool_size=1"]
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command, cwd=notebook.parent, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"voila exited with {process.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"voila did not listen on port {port} within 60 s:\n{log_path.read_text()[-4000:]}")
                time.sleep(0.25)
        if preheat:
            deadline = time.monotonic() + 240
            while "is filled with 1 kernel" not in log_path.read_text():
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"voila did not preheat a kernel within 240 s:\n{log_path.read_text()[-4000:]}")
                time.sleep(0.5)
            # "filled" is logged when the kernel starts; it then runs the whole chapter.
            # Wait until the kernel's CPU time stops growing (the chapter has run).
            import psutil

            kernels = [c for c in psutil.Process(process.pid).children(recursive=True)
                       if "ipykernel" in " ".join(c.cmdline())]
            last, quiet_since = None, time.monotonic()
            while time.monotonic() < deadline:
                used = sum(sum(k.cpu_times()[:2]) for k in kernels if k.is_running())
                if used != last:
                    last, quiet_since = used, time.monotonic()
                elif time.monotonic() - quiet_since > 3:
                    break
                time.sleep(0.5)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)  # our own session: voila and its kernels
            process.wait(timeout=5)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """Voila serving notebooks/02-mcnemar.ipynb (the McNemar explorer)."""
    with running_voila(MCNEMAR_NOTEBOOK, tmp_path_factory.mktemp("voila-02")) as url:
        yield url


@pytest.fixture(scope="session")
def voila_server_cochran(tmp_path_factory):
    """Voila serving notebooks/03-cochrans-q.ipynb (the family-wise error explorer)."""
    with running_voila(ROOT / "notebooks" / "03-cochrans-q.ipynb", tmp_path_factory.mktemp("voila-03")) as url:
        yield url


@pytest.fixture(scope="session")
def voila_server_preheated(tmp_path_factory):
    """Voila serving notebooks/02-mcnemar.ipynb with a preheated kernel, as `make app` does."""
    with running_voila(MCNEMAR_NOTEBOOK, tmp_path_factory.mktemp("voila-02-preheated"), preheat=True) as url:
        yield url


@pytest.fixture(scope="session")
def jupyterlab_server(tmp_path_factory):
    """JupyterLab on 127.0.0.1:<free port>, no token, serving notebooks/; stopped afterwards."""
    lab = Path(sys.executable).with_name("jupyter-lab")
    if not lab.exists():
        pytest.fail(f"jupyter-lab is not installed next to {sys.executable} (it is in the lab extra)")
    port = free_port()
    log_path = tmp_path_factory.mktemp("jupyterlab") / "lab.log"
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["JUPYTER_CONFIG_DIR"] = str(log_path.parent / "config")  # no user settings, no workspace
    env["JUPYTERLAB_WORKSPACES_DIR"] = str(log_path.parent / "workspaces")
    # render every cell at once (JupyterLab 4 renders only the cells in view by default)
    settings = log_path.parent / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    env["JUPYTERLAB_SETTINGS_DIR"] = str(log_path.parent / "settings")
    command = [
        str(lab),
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        "--allow-root",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--ServerApp.root_dir={ROOT / 'notebooks'}",
    ]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT / "notebooks", env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"jupyter lab exited with {process.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"jupyter lab did not listen within 90 s:\n{log_path.read_text()[-4000:]}")
                time.sleep(0.5)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
