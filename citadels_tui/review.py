"""What a game review shows, as data: each round's characters and deeds, and the scores round by round.

Everything here is what one seat may know at the end of the game (RULINGS R2): the timeline is built
from that seat's own events only (`citadels_core.view.events_for`), never from the full state, so a
character discarded face down, or chosen by another player and never revealed, cannot appear in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from citadels_core import GameConfig
from citadels_core.bots.turning_points import opening
from citadels_core.events import Event
from citadels_core.game import Game
from citadels_core.narrate import narrate
from citadels_core.record import GameRecord
from citadels_core.scoring import score_breakdown
from citadels_core.view import events_for

from .i18n import translator

# The deeds a round's entry lists: kills, robberies, builds, destructions and the other ways a district or
# a hand changes owner; the rest (gold taken, cards drawn …) would drown them.
DEEDS = frozenset(
    {"kill", "bewitch", "rob", "robbed", "build", "destroy", "exchange", "seize", "swap_hands", "complete"}
)


@dataclass
class RoundReview:
    round: int
    crown: int | None = None  # who held the crown as the round began
    faceup: tuple[str, ...] = ()  # characters discarded face up (public)
    # (character, player) as the seat came to know them: revealed when called, named as the King's heir,
    # or chosen by the seat itself; in the cast's order.
    holders: list[tuple[str, int]] = field(default_factory=list)
    deeds: list[Event] = field(default_factory=list)


def replayed(record: GameRecord, start: str | None = None, record_events: bool = True) -> Game:
    """The finished game of `record`: from its seed's deal, or from the position `start` it was played from."""
    if start is None:
        return record.replay(record_events)
    g = Game.from_position(start, record_events)
    for p, a in record.actions:
        g.apply(p, a)
    return g


def known_events(record: GameRecord, seat: int | None, start: str | None = None) -> list[Event]:
    """The events `seat` saw over the whole game (a spectator's, for None)."""
    return events_for(replayed(record, start), seat)


def first_round(record: GameRecord, start: str | None) -> RoundReview | None:
    """The round a game played from a position began in, which no event opens (None for a game from its
    deal): its number, crown and face-up characters as the position holds them (all public)."""
    if start is None:
        return None
    g = opening(record.config, record.seed, start)
    faceup = tuple(g.rules.cast_keys[c] for c in g.faceup)
    return RoundReview(g.round, g.crown, faceup)


def timeline(
    cfg: GameConfig, events: list[Event], seat: int | None, begun: RoundReview | None = None
) -> list[RoundReview]:
    """The rounds, from `seat`'s events (see known_events); `begun`: the round a game played from a
    position began in (`first_round`), before its events."""
    rounds: list[RoundReview] = [] if begun is None else [begun]
    for e in events:
        if e.kind == "round":
            crown = e.data.get("crown")
            rounds.append(
                RoundReview(
                    int(e.data["round"]),
                    crown if isinstance(crown, int) else None,
                    tuple(e.data.get("faceup", ())),
                )
            )
            continue
        if not rounds or not e.visible_to(seat):
            continue
        r = rounds[-1]
        held = _holder(e, seat)
        if held is not None and held not in r.holders:
            r.holders.append(held)
        if e.kind in DEEDS:
            r.deeds.append(e)
    order = {c: i for i, c in enumerate(cfg.cast)}
    for r in rounds:
        r.holders.sort(key=lambda h: order.get(h[0], len(order)))
    return rounds


def _holder(e: Event, seat: int | None) -> tuple[str, int] | None:
    d = e.data
    if e.kind == "call" and d.get("answer") == "revealed" and "player" in d:
        return str(d["character"]), int(d["player"])
    if e.kind == "heir":  # the killed King's player, named as the crown passes (public)
        return str(d["character"]), int(d["player"])
    if e.kind == "choose_private" and seat is not None and d.get("player") == seat:
        return str(d["character"]), seat
    return None


def deed_text(cfg: GameConfig, e: Event, seat: int | None) -> str:
    """One deed told as the story tells it to `seat`."""
    return narrate(cfg, e, seat, translator())


def public_total(g: Game, player: int, seat: int | None) -> int:
    """`player`'s points now as the end would count them, from what `seat` may know: a Secret Vault in
    another player's hand is hidden until the game ends, so it is not counted before then."""
    s: dict[str, Any] = score_breakdown(g, player)
    total = int(s["total"])
    if player != seat and not g.over:
        total -= int(s["uniques"].get("secret_vault", 0))
    return total


def score_history(record: GameRecord, seat: int | None, start: str | None = None) -> list[list[int]]:
    """Each player's points at the end of each round (the last row is the final score)."""
    g = opening(record.config, record.seed, start)
    rows: list[list[int]] = []
    current = g.round
    for p, a in record.actions:
        g.apply(p, a)
        if g.over:
            assert g.result is not None
            rows.append([int(s["total"]) for s in g.result["scores"]])
            break
        if g.round != current:
            # The next round began: the cities stand as the last round left them.
            rows.append([public_total(g, q, seat) for q in range(g.players)])
            current = g.round
    return rows
