"""Actions are small immutable data: a kind and a tuple of arguments (card keys, character keys, seats)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import SaveFileError

Arg = str | int


@dataclass(frozen=True, slots=True)
class Action:
    """What a player does: `Action("build", ("castle",))`, `Action("kill", ("thief",))`."""

    kind: str
    args: tuple[Arg, ...] = ()

    def to_json(self) -> list[Any]:
        return [self.kind, *self.args]

    @staticmethod
    def from_json(data: Any) -> Action:
        if not isinstance(data, list) or not data or not isinstance(data[0], str):
            raise SaveFileError(f"an action must be a list [kind, args...], not {data!r}")
        for a in data[1:]:
            if not isinstance(a, str | int) or isinstance(a, bool):
                raise SaveFileError(f"action arguments must be strings or integers, not {a!r}")
        return Action(data[0], tuple(data[1:]))

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])


_SHARED: dict[tuple[str, tuple[Arg, ...]], Action] = {}


def shared(kind: str, *args: Arg) -> Action:
    """`Action(kind, args)`, one shared object per distinct action. The engine lists its actions anew at
    every decision and a search makes millions of decisions: looking an action up costs a third of
    building a frozen dataclass. The kinds and arguments of a game are few (cards, characters, seats),
    so the table stays small."""
    key = (kind, args)
    a = _SHARED.get(key)
    if a is None:
        a = _SHARED[key] = Action(kind, args)
    return a
