"""A bot decides from a `View` only: exactly what a human in its seat would see."""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..view import View


class Bot(Protocol):
    name: str

    def choose(self, v: View) -> Action:
        """Pick one of `v.legal`."""
        ...
