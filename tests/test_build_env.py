"""build.py's set-up on a fresh machine (issue 48): which Python it installs into — never the
system's — and `serve` on a busy port, refused before anything is built."""

from __future__ import annotations

import socket
import sys

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
