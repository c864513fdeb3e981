"""The cut standard library's guard: an import of a module the cut left out names it.

build.py ships Python's standard library cut to the files the site was seen to import
(tools/cut_stdlib.mjs) and puts this file into it as ``sitecustomize``, which Python's start
imports, with ``LEFT_OUT`` filled in: every module of the whole library that the cut left
out.  Importing one of them raises ModuleNotFoundError saying so, instead of a bare
"No module named …" that reads like a typing error.  The fix is in the build: reach that
import in tools/stdlib_tour.py, and the next build keeps the module.
"""

import sys

LEFT_OUT: frozenset[str] = frozenset()  # build.py writes the left-out modules' names here


class LeftOut:
    """The last finder on sys.meta_path: found nowhere else, a left-out module says so."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> None:
        if name in LEFT_OUT:
            raise ModuleNotFoundError(
                f"{name} is in Python's standard library, but not in this site's cut of it:"
                " the build did not see it imported (build.py, tools/stdlib_tour.py)",
                name=name)


sys.meta_path.append(LeftOut)
