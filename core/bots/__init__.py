"""Bots, from random to heuristic; `make_bot(kind, seed)` builds one."""

from __future__ import annotations

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOT_KINDS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(kind: str, seed: int = 0) -> Bot:
    try:
        return BOT_KINDS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; known: {', '.join(BOT_KINDS)}") from None


__all__ = ["Bot", "BOT_KINDS", "HeuristicBot", "RandomBot", "make_bot"]
