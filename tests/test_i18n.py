"""The pages' languages (``wooolf_solver.core.i18n``): a gettext catalogue written with
any texts (quotes, backslashes, line breaks, Chinese) reads back as written, however its
strings are split over lines; any ``Accept-Language`` header chooses an offered language."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from wooolf_solver.core.i18n import LANGUAGES, Texts, negotiate, read_po

TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\n\t"), min_size=1
)


def quoted(text: str) -> str:
    """A ``.po`` string: the C escapes gettext writes (JSON writes the same ones here)."""
    return json.dumps(text, ensure_ascii=False)


@given(st.dictionaries(TEXT, TEXT, max_size=8), st.integers(1, 5))
def test_a_catalogue_reads_back_as_written(entries: dict[str, str], pieces: int) -> None:
    lines = ['msgid ""', 'msgstr ""', '"Language: sv\\n"', ""]
    for msgid, msgstr in entries.items():
        cut = max(1, len(msgstr) // pieces)
        parts = [msgstr[i : i + cut] for i in range(0, len(msgstr), cut)]
        lines += ["# a translator's note", f"msgid {quoted(msgid)}", 'msgstr ""']
        lines += [quoted(part) for part in parts] + [""]
    assert read_po("\n".join(lines)) == entries


@given(st.text(max_size=120), st.one_of(st.none(), st.text(max_size=12)))
def test_any_header_chooses_an_offered_language(header: str, asked: str | None) -> None:
    assert negotiate(header, asked) in LANGUAGES


@given(st.dictionaries(st.sampled_from(["seat", "card", "n"]), st.integers(0, 99)))
def test_a_message_fills_the_values_it_names_and_keeps_the_others(values: dict[str, int]) -> None:
    texts = Texts("sv", {"Seat {seat} holds {card}": "Plats {seat} har {card}"})
    expected = "Plats {seat} har {card}".format_map({"seat": "{seat}", "card": "{card}", **values})
    assert texts("Seat {seat} holds {card}", **values) == expected
