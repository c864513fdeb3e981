"""What a phone sees, for bench/load.py: a static server that shapes its network (latency per
request, one shared download budget, gzip as a static host sends it) and a CPU throttle that
reaches the page's workers too (a small CDP client over Chromium's DevTools websocket).
bench/load.py's docstring says what each profile emulates."""

from __future__ import annotations

import email.utils
import gzip
import json
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import build


@dataclass(frozen=True)
class Profile:
    """A device and its link; `mbit` None: the network unshaped, files unzipped."""

    mbit: float | None = None  # download, Mbit/s, shared by every connection
    latency_ms: float = 0  # before each response's first byte
    cpu: float = 1  # DevTools' CPU throttling rate (4: four times slower)
    viewport: tuple[int, int] = (1280, 720)
    touch: bool = False


PROFILES = {
    "desktop": Profile(),
    "phone": Profile(mbit=1.44, latency_ms=562, cpu=4, viewport=(390, 844), touch=True),
    "4g": Profile(mbit=9, latency_ms=60, cpu=4, viewport=(390, 844), touch=True),
}

# what a static host gzips (GitHub Pages: text and wasm); zips, .gz and images go as they are
GZIPPED = ("text/", "application/javascript", "application/json", "application/wasm",
           "application/manifest+json", "image/svg+xml")
SLICE = 16 * 1024  # bytes sent at a time under the shared budget


class Link:
    """One download budget shared by every connection: slices leave in the order asked, each
    when the link has carried the ones before it at `mbit`."""

    def __init__(self, mbit: float) -> None:
        self.bytes_per_s = mbit * 1e6 / 8
        self.free_at = 0.0
        self.lock = threading.Lock()
        self.carried = 0  # bytes of bodies sent (all responses)

    def send(self, out, data: bytes) -> None:
        for start in range(0, len(data), SLICE):
            piece = data[start:start + SLICE]
            with self.lock:
                begin = max(time.monotonic(), self.free_at)
                self.free_at = begin + len(piece) / self.bytes_per_s
                self.carried += len(piece)
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            out.write(piece)


def shaped_server(root: Path, profile: Profile):
    """A ThreadingHTTPServer for `root` with the headers GitHub Pages sends: the dev server's
    (build.SiteHandler: MIME types, nosniff, Last-Modified), but `Cache-Control: max-age=600`
    where the dev server says no-cache, an ETag (the file's time and size) with 304 answers
    to If-None-Match and If-Modified-Since, and gzip (GZIPPED); the network shaped as
    `profile` says.  So a warm start takes from the HTTP cache, unasked, what it has; only
    the page's own address (a new ?load= query each time) goes to the server.  Its `link`
    counts the bytes sent; its `log` holds [connection, path, asked, first byte, end] of
    each request (time.monotonic()), for a waterfall."""
    link = Link(profile.mbit or 1e6)
    zipped: dict[Path, bytes] = {}

    class Shaped(build.SiteHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as browsers and hosts use
        cache_control = "max-age=600"  # GitHub Pages'

        def do_GET(self) -> None:
            asked = time.monotonic()
            try:
                self.answer()
            finally:  # [connection, path, asked, first byte, end] for a waterfall
                server.log.append((self.client_address[1], self.path, asked,
                                   getattr(self, "first_byte", None), time.monotonic()))

        def answer(self) -> None:
            time.sleep(profile.latency_ms / 1000)
            self.first_byte = time.monotonic()
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path /= "index.html"
            if not path.is_file():
                self.send_error(404)
                return
            stat = path.stat()
            stamp = int(stat.st_mtime)
            tag = f'"{stamp:x}-{stat.st_size:x}"'
            since = self.headers.get("If-Modified-Since")
            match = self.headers.get("If-None-Match")
            if (match == tag if match else
                    since and email.utils.parsedate_to_datetime(since).timestamp() >= stamp):
                self.send_response(304)
                self.send_header("ETag", tag)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            kind = self.guess_type(str(path))
            body = path.read_bytes()
            packed = "gzip" in self.headers.get("Accept-Encoding", "") and kind.startswith(GZIPPED)
            if packed:
                body = zipped.get(path) or zipped.setdefault(path, gzip.compress(body, 6, mtime=0))
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", email.utils.formatdate(stamp, usegmt=True))
            self.send_header("ETag", tag)
            if packed:
                self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            link.send(self.wfile, body)

    server = build.make_server(port=0, root=root, handler=Shaped)
    server.link = link  # type: ignore[attr-defined]
    server.log = []  # type: ignore[attr-defined]
    return server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class CpuThrottle:
    """Emulation.setCPUThrottlingRate on every page and every worker of a Chromium started
    with --remote-debugging-port=`port`: a CDP client on the browser's websocket auto-attaches
    to each new target (flatten; the target waits until it has been throttled), throttles it
    if it is a page or a worker, asks for its own children the same way, and lets it run."""

    def __init__(self, port: int, rate: float) -> None:
        from websockets.sync.client import connect

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version") as answer:
            url = json.load(answer)["webSocketDebuggerUrl"]
        self.socket = connect(url, max_size=None)
        self.rate = rate
        self.ids = iter(range(1, 1 << 30))
        self.throttled: dict[str, int] = {}  # target type → how many were throttled
        self.refused: list[str] = []
        self.pending: dict[int, str] = {}  # throttle request id → target type
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                           "flatten": True})
        threading.Thread(target=self.listen, daemon=True).start()

    def send(self, method: str, params: dict, session: str | None = None) -> int:
        number = next(self.ids)
        message = {"id": number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        return number

    def listen(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            for text in self.socket:
                self.heard(json.loads(text))
        except ConnectionClosed:
            pass

    def heard(self, message: dict) -> None:
        if message.get("id") in self.pending:
            kind = self.pending.pop(message["id"])
            if "error" in message:
                self.refused.append(f"{kind}: {message['error'].get('message')}")
            else:
                self.throttled[kind] = self.throttled.get(kind, 0) + 1
        if message.get("method") != "Target.attachedToTarget":
            return
        session = message["params"]["sessionId"]
        kind = message["params"]["targetInfo"]["type"]
        if kind in ("page", "iframe", "worker"):
            number = self.send("Emulation.setCPUThrottlingRate", {"rate": self.rate}, session)
            self.pending[number] = kind
            self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                               "flatten": True}, session)
        if message["params"].get("waitingForDebugger"):
            self.send("Runtime.runIfWaitingForDebugger", {}, session)

    def said(self) -> str:
        counts = ", ".join(f"{n} {kind}s" for kind, n in sorted(self.throttled.items()))
        refused = f"; refused: {sorted(set(self.refused))}" if self.refused else ""
        return f"CPU {self.rate:g}× slower on {counts or 'nothing'}{refused}"

    def close(self) -> None:
        self.socket.close()


def chromium_port_args(profile: Profile) -> tuple[list[str], int | None]:
    """Chromium's extra arguments for `profile` and its DevTools port (None: not needed)."""
    if profile.cpu == 1:
        return [], None
    port = free_port()
    return [f"--remote-debugging-port={port}"], port
