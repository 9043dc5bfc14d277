"""Who won, in one sentence with the tie-break: the end screen's title, and the review's."""

from __future__ import annotations

from typing import Any

from citadels_core import GameConfig

from ..i18n import t


def winners_text(cfg: GameConfig, result: dict[str, Any], me: int | None) -> str:
    winners = result["winners"]
    names = [t("you") if w == me else cfg.names[w] for w in winners]
    if me in winners and len(winners) == 1:
        head = t("You win!")
    else:
        head = t("{w} win.", w=t(" and ").join(names)) if len(winners) > 1 else t("{w} wins.", w=names[0])
    tb = result.get("tiebreak")
    if tb:
        tied = ", ".join(cfg.names[p] for p in tb["tied"])
        if "ranks" in tb:
            ranks = ", ".join(f"{cfg.names[int(p)]} {r}" for p, r in tb["ranks"].items())
            head += " " + t(
                "Tie between {p}: broken by the highest rank revealed in the last round ({r}).",
                p=tied,
                r=ranks,
            )
        else:  # the classic edition's (core/scoring.py, RULINGS R7): district points, then gold
            points = ", ".join(
                t("{n}: {d} in districts, {g} gold", n=cfg.names[int(p)], d=d, g=tb["gold"][p])
                for p, d in tb["district_points"].items()
            )
            head += " " + t(
                "Tie between {p}: broken by the points of the districts, then the gold ({r}).",
                p=tied,
                r=points,
            )
    return head
