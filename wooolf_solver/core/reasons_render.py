"""``why`` and ``solve --why`` on a terminal, the same in every game.

``why`` prints the verdict (:meth:`~.reasons.Explanation.verdict`), then, when the
fact is certain, the sentences of its reason; a game with talk ends with the line
naming its speech model. ``solve --why`` lists every certain fact with the events
that force it, the setting's sentences said once when every reason opens with them.

>>> from rich.console import Console
>>> from .posterior import Fact
>>> from .reasons import Explanation
>>> console = Console(width=60)
>>> fact = Fact(2, "x", True)
>>> console.print(render_why(Explanation(fact, True, (1,), ("Event 1: a.", "So seat 2 is the x."))))
Yes, it is certain: seat 2 is the x (event 1 forces it).
<BLANKLINE>
Event 1: a.
So seat 2 is the x.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from .reasons import Explanation
from .speech import speech_words


def render_why(explanation: Explanation) -> RenderableType:
    """The verdict and, when the fact is certain, the sentences that show it."""
    tail = [Text(speech_words(explanation.speech))] if explanation.speech is not None else []
    if not explanation.holds:
        return Group(Text(explanation.verdict(), style="bold"), *tail)
    verdict = Text(explanation.verdict(), style="bold green")
    sentences = (Text(sentence) for sentence in explanation.sentences)
    return Group(verdict, "", *sentences, *tail)


def render_reasons(reasons: Iterable[Explanation], none: str) -> RenderableType:
    """``solve --why``: every certain fact (those forced first, by seat and identity)
    with the events that force it and the sentences, each ending with the fact it
    explains; the opening sentences said once when they are the same in every reason;
    ``none`` when no fact is listed."""
    shown = sorted(
        (reason for reason in reasons if reason.holds),
        key=lambda reason: (not reason.fact.holds, reason.fact.seat, reason.fact.identity),
    )
    if not shown:
        return Group("", Text(none))
    openings = {reason.sentences[: reason.opening] for reason in shown}
    common = openings.pop() if len(openings) == 1 else ()
    parts: list[RenderableType] = [
        "",
        Text("Why: the fewest events that force each certain fact", style="bold"),
        *(Text(sentence) for sentence in common),
    ]
    for reason in shown:
        parts.append(Text(f"• {reason.said} — {reason.cause}", style="green"))
        for sentence in reason.sentences[len(common) :]:
            parts.append(Padding(Text(sentence), (0, 0, 0, 4), expand=False))
    return Group(*parts)
