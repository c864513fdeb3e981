"""tools/check_layers.py: the shell's folders are layers, and an import up the order fails."""

import sys
from pathlib import Path

from paths import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import check_layers

ORDER = ("common", "keep", "play")


def tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_imports_down_the_order_pass(tmp_path: Path) -> None:
    shell = tree(tmp_path, {
        "common/strings.js": "export const t = 1;\n",
        "keep/saves.js": 'import { t } from "../common/strings.js";\n'
                         'import { openDB } from "idb";\n',
        "play/controller.js": 'import { t } from "../common/strings.js";\n'
                              'import "../keep/saves.js";\nexport * from "./render.js";\n',
        "play/render.js": '/** @type {import("../keep/saves.js").X} */\nexport const r = 2;\n',
    })
    assert check_layers.breaches(shell, ORDER) == []


def test_an_import_up_the_order_fails_naming_both(tmp_path: Path) -> None:
    shell = tree(tmp_path, {
        "common/strings.js": "export const t = 1;\n",
        "play/controller.js": "export const c = 1;\n",
        "keep/names.js": 'import { t } from "../common/strings.js";\n'
                         'const late = () => import("../play/controller.js");\n',
    })
    assert check_layers.breaches(shell, ORDER) == [
        "keep/names.js imports play/controller.js: keep/ may not import from play/, "
        "a higher folder"]


def test_a_jsdoc_type_from_a_higher_folder_fails(tmp_path: Path) -> None:
    shell = tree(tmp_path, {
        "common/store.js": '/** @property {import("../play/review.js").Result} r */\n'
                           'export const s = 1;\n',
        "play/review.js": "export const r = 1;\n",
    })
    assert check_layers.breaches(shell, ORDER) == [
        "common/store.js imports play/review.js: common/ may not import from play/, "
        "a higher folder"]


def test_a_folder_not_in_the_order_fails(tmp_path: Path) -> None:
    shell = tree(tmp_path, {"common/strings.js": "export const t = 1;\n",
                            "misc/odd.js": 'import { t } from "../common/strings.js";\n',
                            "app.js": 'import { t } from "./common/strings.js";\n'})
    found = check_layers.breaches(shell, ORDER)
    assert len(found) == 2 and all("is not in the order" in line for line in found)


def test_a_folder_named_twice_is_a_cycle() -> None:
    assert check_layers.order_cycle(("common", "keep", "common")) == "common"
    assert check_layers.order_cycle(check_layers.LAYERS) is None


def test_the_shell_keeps_its_layers() -> None:
    assert check_layers.breaches(check_layers.SHELL) == []
    assert check_layers.main([]) == 0


def test_a_folder_without_modules_fails_rather_than_passes(tmp_path: Path) -> None:
    assert check_layers.main([str(tmp_path)]) == 1  # (as `--help` once did: "0 modules")
