"""What changed since the player last acted: cards new in their hand, districts added to or gone from each
city. The hand and city panes mark them, so that nothing a player should know is only in a story line that
scrolled away (a hand swapped by the Magician, a district destroyed by the Warlord)."""

from __future__ import annotations

from collections import Counter, namedtuple

from citadels_core.view import View

# The records here are named tuples made with `collections.namedtuple`: `typing.NamedTuple` compiles each
# field's annotation at every start.


class Snapshot(namedtuple("Snapshot", "hand cities")):
    """The player's hand and every city, as they stood when the player acted: `hand` (Counter[str]),
    `cities` (tuple[Counter[str], ...])."""

    __slots__ = ()


class Changes(namedtuple("Changes", "new_cards added gone", defaults=((), ()))):
    """Cards in the hand now that were not then (`new_cards`, Counter[str]); per seat, districts built
    since (`added`) and districts gone since (`gone`), each a tuple[Counter[str], ...]."""

    __slots__ = ()

    def added_to(self, seat: int) -> Counter[str]:
        return self.added[seat] if seat < len(self.added) else Counter()

    def gone_from(self, seat: int) -> Counter[str]:
        return self.gone[seat] if seat < len(self.gone) else Counter()


NOTHING = Changes(Counter())


def snapshot(v: View) -> Snapshot:
    return Snapshot(Counter(v.hand), tuple(Counter(d.key for d in p.city) for p in v.players))


def since(before: Snapshot | None, v: View) -> Changes:
    """The changes from `before` to the view `v` (none without a `before`: nothing to compare with)."""
    if before is None:
        return NOTHING
    now = snapshot(v)
    then = before.cities + (Counter(),) * max(0, len(now.cities) - len(before.cities))
    return Changes(
        now.hand - before.hand,
        tuple(c - b for c, b in zip(now.cities, then, strict=False)),
        tuple(b - c for c, b in zip(now.cities, then, strict=False)),
    )
