"""Shared words: percentages, seat lists, "nobody", lists and plurals, in one place.

Every sentence the library or the command line writes for people takes its small
words from here, so a seat list or a chance reads the same in ``solve``, ``review``,
its HTML page and the lab. (The module lives in the core, not in the CLI package,
because the library's own sentences, such as a review's moments, use it too.)

>>> plural(1560, "deal"), join_words(["a", "b", "c"]), seats_in_words([2, 4, 5])
('1,560 deals', 'a, b and c', 'seats 2, 4 and 5')
>>> percent(0.5230769), exact_percent(1.0), pointer_word(0), pointer_word(3)
('52.3%', '100%', 'nobody', 'seat 3')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .i18n import ENGLISH, Texts

NOBODY = 0
"""The pointer (a seat number) that names nobody, in a player's answer."""

NOBODY_WORD = "nobody"


def plural(count: int, noun: str) -> str:
    """``1 event``, ``2 events``, ``1,560 deals``."""
    return f"{count:,} {noun}{'s' * (count != 1)}"


def join_words(words: Sequence[str], say: Texts = ENGLISH) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``""`` for none), in the language of ``say``
    (:mod:`.i18n`; English by default).

    >>> join_words(["seat 2", "seat 4", "seat 5"])
    'seat 2, seat 4 and seat 5'
    """
    if len(words) <= 1:
        return "".join(words)
    return say("{items} and {last}", items=say(", ").join(words[:-1]), last=words[-1])


def join_numbers(numbers: Iterable[int | str]) -> str:
    """``3``, ``3 and 4``, ``1, 3 and 4``."""
    return join_words([str(number) for number in numbers])


def seats_in_words(seats: Iterable[int], say: Texts = ENGLISH) -> str:
    """``seat 3``, ``seats 2, 4 and 5`` (in the language of ``say``).

    >>> seats_in_words([3]), seats_in_words([2, 4, 5])
    ('seat 3', 'seats 2, 4 and 5')
    """
    numbers = [str(seat) for seat in seats]
    if len(numbers) == 1:
        return say("seat {seat}", seat=numbers[0])
    return say("seats {seats}", seats=join_words(numbers, say))


def seat_list(seats: Iterable[int]) -> str:
    """``seat 2, seat 4``; ``nobody`` for none.

    >>> seat_list([2, 4]), seat_list([])
    ('seat 2, seat 4', 'nobody')
    """
    listed = ", ".join(f"seat {seat}" for seat in seats)
    return listed or NOBODY_WORD


def pointer_word(seat: int) -> str:
    """A pointer in words: ``seat 6``, or ``nobody`` for :data:`NOBODY`."""
    return NOBODY_WORD if seat == NOBODY else f"seat {seat}"


def percent(probability: float) -> str:
    """A probability that is neither 0 nor 1, in percent to a tenth; never shown as
    0% or 100% (for the tables of ``solve`` and ``hint``).

    >>> percent(0.5230769), percent(0.9999), percent(0.00001)
    ('52.3%', '>99.9%', '<0.1%')
    """
    if probability > 0.9995:
        return ">99.9%"
    if probability < 0.0005:
        return "<0.1%"
    return f"{probability:.1%}"


def whole_percent(probability: float) -> str:
    """A probability that is neither 0 nor 1, in whole percent without the sign (a narrow
    table's cell, its heading saying "percent"); never shown as 0 or 100.

    >>> whole_percent(0.5230769), whole_percent(0.995), whole_percent(0.005), whole_percent(0.013)
    ('52', '>99', '1', '1')
    >>> whole_percent(0.9949), whole_percent(0.0049)
    ('99', '<1')
    """
    if probability >= 0.995:
        return ">99"
    if probability < 0.005:
        return "<1"
    return str(min(99, max(1, round(probability * 100))))


def exact_percent(probability: float | None) -> str:
    """A chance that may be exactly 0 or 1 (a review's): ``0%`` and ``100%`` only when
    exact, ``?`` when unknown, a whole number without ``.0``.

    >>> exact_percent(1.0), exact_percent(0.9996), exact_percent(0.5), exact_percent(0.0004)
    ('100%', '>99.9%', '50%', '<0.1%')
    >>> exact_percent(0.0), exact_percent(None)
    ('0%', '?')
    """
    if probability is None:
        return "?"
    if probability in (0.0, 1.0):
        return f"{probability:.0%}"
    if probability > 0.999:
        return ">99.9%"
    if probability < 0.001:
        return "<0.1%"
    return f"{probability:.1%}".replace(".0%", "%")
