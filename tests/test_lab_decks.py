"""Deck documents (:mod:`wooolf_solver.lab.decks`): whatever :func:`checked` lets through,
:func:`toml_text` writes as TOML that reads back to the same document."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.errors import InvalidArgumentError
from wooolf_solver.lab.decks import checked, stem_of, toml_text

names = st.text(min_size=1, max_size=8)
scalars = st.one_of(st.booleans(), st.integers(-(10**9), 10**9), st.text(max_size=10))
values = st.recursive(
    scalars | st.lists(scalars, max_size=3),
    lambda inner: (
        st.dictionaries(names, inner, max_size=3)
        | st.lists(st.dictionaries(names, inner, min_size=1, max_size=3), min_size=1, max_size=2)
    ),
    max_leaves=12,
)


@given(st.dictionaries(names, values, max_size=4))
def test_a_document_reads_back_as_written(document: dict[str, Any]) -> None:
    try:
        checked(document)
    except InvalidArgumentError:
        return  # too deep: refused in one line
    assert tomllib.loads(toml_text(document)) == document
    assert stem_of(document)


@pytest.mark.parametrize("bad", [[1], {"a": 0.5}, {"a": None}, {"a": [{"b": 10**12}]}])
def test_what_toml_cannot_hold_is_refused(bad: Any) -> None:
    with pytest.raises(InvalidArgumentError):
        checked(bad)
