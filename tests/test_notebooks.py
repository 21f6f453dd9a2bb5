"""Every notebook under ``notebooks/`` runs from top to bottom without an error
(executed with nbclient in a fresh kernel, from the project root); the walkthrough
and the designer lab are kept in the repository without outputs."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WALKTHROUGH = ROOT / "notebooks" / "reasoning-walkthrough.ipynb"
DESIGNER_LAB = ROOT / "notebooks" / "designer-lab.ipynb"
CELL_TIMEOUT = 120
"""Seconds a cell may take (the walkthrough's cells take well under a second each)."""


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_notebook_is_stored_without_outputs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "clear the outputs"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.name for path in NOTEBOOKS])
def test_notebook_runs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},  # the kernel's working directory
    )
    client.execute()  # raises CellExecutionError, with the cell and traceback, on an error
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not [output for output in outputs if output.output_type == "error"]
    plots = [output for output in outputs if "image/svg+xml" in output.get("data", {})]
    if path == WALKTHROUGH:
        assert len(plots) == 3  # the review plot of each of the game's 3 rounds
    if path == DESIGNER_LAB:
        assert len(plots) == 2  # the decks side by side, and the turns until certain
