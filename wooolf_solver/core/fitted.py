"""A renderable that is shown wide when the terminal has room, else in its narrow form.

A table of many columns (one a role, a dozen roles) wraps every cell on an 80-column
terminal; its narrow form says the same in fewer characters. Which form is shown is
decided at print time, by the console's width. The headings (:func:`short_names`) and
the chance cells (:func:`chance_cell`) of both forms are here too.

>>> from rich.console import Console
>>> from rich.text import Text
>>> fitted = Fitted(Text("a wide form of the answer"), Text("narrow"))
>>> Console(width=40).print(fitted)
a wide form of the answer
>>> Console(width=20).print(fitted)
narrow
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.measure import Measurement
from rich.text import Text

from .words import percent

UNBOUNDED = 100_000
"""The width a form is measured in: wide enough for any table's natural width."""


@dataclass(frozen=True)
class Fitted:
    """``wide`` when its natural width fits the console, else ``narrow``."""

    wide: RenderableType
    narrow: RenderableType

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        unbounded = options.update_width(UNBOUNDED)
        width = Measurement.get(console, unbounded, self.wide).maximum
        yield self.wide if width <= options.max_width else self.narrow

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        narrow = Measurement.get(console, options, self.narrow)
        wide = Measurement.get(console, options, self.wide)
        return Measurement(min(narrow.minimum, wide.minimum), max(narrow.maximum, wide.maximum))


def short_names(names: list[str], least: int = 4) -> dict[str, str]:
    """Each name cut to its shortest prefix of at least ``least`` letters that tells it
    from every other name (a narrow table's column headings). A hyphenated name is cut
    from its last word, as people shorten it, where no other name ends in that word.

    >>> short_names(["lighthouse", "letterbox", "letters", "let"])
    {'lighthouse': 'ligh', 'letterbox': 'letterb', 'letters': 'letters', 'let': 'let'}
    >>> short_names(["light-house", "lighter", "front-door", "back-door"])
    {'light-house': 'hous', 'lighter': 'ligh', 'front-door': 'fron', 'back-door': 'back'}
    """
    last = {name: name.rsplit("-", 1)[-1] for name in names}
    ends = list(last.values())
    spoken = {name: word if ends.count(word) == 1 else name for name, word in last.items()}

    def short(name: str) -> str:
        others = [other for other in spoken.values() if other != name]
        length = least
        while length < len(name) and any(o[:length] == name[:length] for o in others):
            length += 1
        return name[:length]

    return {name: short(word) for name, word in spoken.items()}


def chance_cell(p: float | Fraction, shown: Callable[[float], str] = percent) -> Text:
    """A table's cell for a chance: ✓ when certain, · when impossible, otherwise the
    chance as ``shown`` (tenths of a percent; a narrow form's whole percents).

    >>> [str(chance_cell(p)) for p in (1, 0, Fraction(1, 3))]
    ['✓', '·', '33.3%']
    """
    if p == 1:
        return Text("✓", style="bold green")
    if p == 0:
        return Text("·", style="dim")
    return Text(shown(float(p)))
