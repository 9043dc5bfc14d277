"""Events: every change the engine makes, with its audience and the data to narrate it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """`audience` is None for everyone, or the seats that may see this event (RULINGS R2)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, player: int | None) -> bool:
        return self.audience is None or (player is not None and player in self.audience)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": self.data, "audience": self.audience}
