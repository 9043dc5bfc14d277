"""Events: every change the engine makes, with its audience and the data to narrate it."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """`audience` is None for everyone, or the seats that may see this event (RULINGS R2).

    Immutable like the frozen dataclass it was, with the same fields, repr and JSON; a named tuple because
    a recorded game makes an event at nearly every step, and one is built in about half the time (a frozen
    dataclass sets each field through `object.__setattr__`). `data` is never changed once made, so the
    shared default is safe (no event the engine records uses it: `Game.emit` always passes data)."""

    kind: str
    data: dict[str, Any] = {}  # never mutated (see above)
    audience: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data, "audience": self.audience}


# A recorded game keeps the events of every turn as compact records `(shape, audience, *values)` in its `log`
# and builds each `Event` when `Game.events` is read (see there): the shape names the event's kind, its
# data's keys in order (one per value) and the positions of the values that are card ids (a tuple), told
# as a list of card keys.
Shape = tuple[str, tuple[str, ...], tuple[int, ...]]


def shape(kind: str, *keys: str, cards: tuple[int, ...] = ()) -> Shape:
    """The shape of the records of `kind` whose data has `keys` (see above)."""
    return (kind, keys, cards)
