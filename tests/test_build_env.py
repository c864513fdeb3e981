"""build.py's set-up on a fresh machine (issue 48): which Python it installs into — never the
system's — and `serve` on a busy port, refused before anything is built; its server quiet
about a browser that leaves mid-answer."""

from __future__ import annotations

import socket
import struct
import sys
import threading

import pytest

from paths import ROOT

sys.path.insert(0, str(ROOT))

import build


@pytest.mark.parametrize(("situation", "plan"), [
    # in a virtual environment with pip (CI's, the person's own, or .venv): install there
    ({"in_venv": True, "has_pip": True, "venv_has_pip": False, "can_make_venv": True}, ["stay"]),
    ({"in_venv": True, "has_pip": True, "venv_has_pip": True, "can_make_venv": False}, ["stay"]),
    # a system Python (Debian 12, Ubuntu 24.04: externally managed, or no pip at all)
    ({"in_venv": False, "has_pip": True, "venv_has_pip": False, "can_make_venv": True},
     ["make", "enter"]),
    ({"in_venv": False, "has_pip": False, "venv_has_pip": False, "can_make_venv": False},
     ["apt", "make", "enter"]),
    ({"in_venv": False, "has_pip": False, "venv_has_pip": True, "can_make_venv": False},
     ["enter"]),  # .venv made before: used as it is
    # a virtual environment without pip (made with --without-pip): .venv instead
    ({"in_venv": True, "has_pip": False, "venv_has_pip": False, "can_make_venv": True},
     ["make", "enter"]),
])
def test_packages_go_into_a_virtual_environment_never_the_systems(situation, plan):
    assert build.python_plan(**situation) == plan


def test_serve_on_a_busy_port_says_so_and_how_to_choose_another_before_building(monkeypatch):
    with socket.socket() as other:  # another server on the port
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        monkeypatch.setattr(build, "build", lambda: pytest.fail("built on a busy port"))
        with pytest.raises(SystemExit) as refused:
            build.serve(port)
    text = str(refused.value)
    assert f"Port {port} on 127.0.0.1 is busy" in text
    assert f"python3 build.py serve --port {port + 1}" in text
    assert build.port_problem("127.0.0.1", port) == ""  # free again once the other stops


def test_the_build_version_is_the_same_for_the_same_sources_and_another_for_others(tmp_path):
    """Two devices at a live table must run one build (the referee refuses another): the
    version is a hash of the sources, the same wherever they are built."""
    first, second = tmp_path / "a", tmp_path / "b"
    for root in (first, second):
        (root / "py" / "insel").mkdir(parents=True)
        (root / "py" / "insel" / "kahuna.py").write_text("RULES = 1\n")
        (root / "assets" / "js" / "common").mkdir(parents=True)
        (root / "assets" / "js" / "common" / "build.js").write_text('export const BUILD = "dev";\n')
        (root / "assets" / "i18n").mkdir()
        (root / "assets" / "i18n" / "en.json").write_text('{"a": "b"}\n')
    same = build.source_version(first)
    assert same == build.source_version(second) and len(same) == 16
    (second / "py" / "insel" / "__pycache__").mkdir()  # not a source
    (second / "py" / "insel" / "__pycache__" / "kahuna.pyc").write_bytes(b"\0")
    assert build.source_version(second) == same
    (second / "assets" / "i18n" / "en.json").write_text('{"a": "c"}\n')
    words = build.source_version(second)
    (second / "py" / "insel" / "kahuna.py").write_text("RULES = 2\n")
    assert len({same, words, build.source_version(second)}) == 3
    build.write_build_version(first, same)
    assert (first / "assets/js/common/build.js").read_text() == f'export const BUILD = "{same}";\n'
    assert build.source_version(first) == same  # the module that names it is not hashed


def test_the_server_says_nothing_of_a_browser_that_leaves_mid_answer_but_names_its_own_errors(
        tmp_path, capsys):
    """A page closed while a file was on its way resets the connection: not the server's
    error, nothing printed (the tests' output had tracebacks of it).  An error of the
    server's own is still printed."""
    (tmp_path / "big.bin").write_bytes(bytes(4_000_000))

    class Failing(build.SiteHandler):
        def do_GET(self) -> None:
            if self.path == "/fail":
                raise ValueError("the server's own error")
            super().do_GET()

    server = build.make_server(port=0, root=tmp_path, handler=Failing)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for path in ("/big.bin", "/fail"):
            with socket.create_connection(("127.0.0.1", server.server_port)) as client:
                client.sendall(f"GET {path} HTTP/1.1\r\nHost: here\r\n\r\n".encode())
                client.recv(100)  # the answer begun (or the connection closed)
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            # closed with linger 0: a reset, as a browser's closed page
    finally:
        server.shutdown()
        server.server_close()
    printed = capsys.readouterr().err
    assert "ConnectionResetError" not in printed and "BrokenPipeError" not in printed
    assert printed.count("Exception occurred during processing") == 1
    assert "the server's own error" in printed
