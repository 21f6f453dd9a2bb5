"""The C loops of the Wooolf!! rows (``_kernels.c``), built with the package.

The rest of the build is in ``pyproject.toml``. The extension is optional: without a C
compiler the install still succeeds and the same functions run as numpy array
operations (``games/wooolf/engines/array_kernels.py``), slower but to the same bits.
"""

import sys

from setuptools import Extension, setup

# No fused multiply-add: a * b + c rounded once would differ from numpy's two roundings.
FLAGS = [] if sys.platform == "win32" else ["-O2", "-ffp-contract=off"]

setup(
    ext_modules=[
        Extension(
            "wooolf_solver.games.wooolf.engines._kernels",
            ["wooolf_solver/games/wooolf/engines/_kernels.c"],
            extra_compile_args=FLAGS,
            optional=True,
        )
    ]
)
