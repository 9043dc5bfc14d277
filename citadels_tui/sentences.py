"""The panes as sentences: what `look`, `hand`, `cities`, `characters`, `score` and `who` say, in the story
of the full screen and as the plain mode's answers (plain.py). Each reads a seat's `View` only, so a
sentence never tells more than the seat may know."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING

from citadels_core import Action, GameConfig
from citadels_core.view import PlayerInfo, View, points_so_far

from .i18n import t, tn
from .names import card_name, char_name, char_rank, describe, type_letter

if TYPE_CHECKING:
    from citadels_core.bots.turning_points import TurningPoint


class Unknown(ValueError):
    """The sentence for a question about someone or something there is not (`look nobody`)."""


def _district(cfg: GameConfig, key: str, cost: int, type_key: str) -> str:
    return f"{card_name(cfg, key)} ({cost}{type_letter(type_key)})"


def look(v: View, cfg: GameConfig, seat: str) -> list[str]:
    """`look anna`: what is known of the player in `seat` (a number, as the command line gives it)."""
    try:
        p = v.players[int(seat)]
    except (ValueError, IndexError):
        raise Unknown(t("Look at whom?")) from None
    city = ", ".join(f"{card_name(cfg, d.key)} ({d.cost})" for d in p.city) or t("no districts")
    chars = ", ".join(char_name(cfg, c) for c in p.revealed) or t("no character revealed")
    out = [
        t(
            "{p}: {g} gold, {cards}, {chars}. City: {city}.",
            p=p.name,
            g=p.gold,
            cards=tn("{n} card", "{n} cards", p.hand_size),
            chars=chars,
            city=city,
        )
    ]
    if p.known_hand and p.seat != v.me:
        out.append(
            t(
                "You know these cards of {p}'s hand: {c}.",
                p=p.name,
                c=", ".join(card_name(cfg, k) for k in p.known_hand),
            )
        )
    return out


def scores(v: View, cfg: GameConfig, arg: str = "") -> list[str]:
    """`score`: each player's points so far."""
    return [
        t(
            "{p}: {points} so far ({districts}).",
            p=p.name,
            points=tn("{n} point", "{n} points", points_so_far(v, p)),
            districts=tn("{n} district", "{n} districts", p.city_size),
        )
        for p in v.players
    ]


def hand(v: View, cfg: GameConfig, arg: str = "") -> list[str]:
    """`hand`: the seat's cards, each with its cost and type, and its gold."""
    if v.me is None:
        return [t("You hold no cards: you are watching.")]
    me = v.players[v.me]
    cards = [
        _district(cfg, k, cfg.ed.districts[cfg.ed.district_by_key[k]].cost, _type_of(cfg, k)) for k in v.hand
    ]
    return [
        t(
            "Your hand: {cards}. You have {gold}.",
            cards=", ".join(cards) or t("no cards"),
            gold=tn("{n} gold", "{n} gold", me.gold),
        )
    ]


def city(v: View, cfg: GameConfig, p: PlayerInfo) -> str:
    """One player's city in a sentence: its districts, its size toward completion, its points so far."""
    about = {
        "districts": ", ".join(_district(cfg, d.key, d.cost, d.type) for d in p.city)
        or t("no districts yet"),
        "n": p.city_size,
        "m": v.complete_at,
        "points": tn("{n} point", "{n} points", points_so_far(v, p)),
    }
    if p.seat == v.me:
        return t("Your city: {districts}; {n} of {m} districts, {points}.", **about)
    return t("{p}'s city: {districts}; {n} of {m} districts, {points}.", p=p.name, **about)


def cities(v: View, cfg: GameConfig, arg: str = "") -> list[str]:
    """`cities`: every city, the seat's own first."""
    return [city(v, cfg, p) for p in sorted(v.players, key=lambda p: p.seat != v.me)]


def one_city(v: View, cfg: GameConfig, seat: str) -> list[str]:
    """`city bruno`: one player's city (`seat` a number, as the command line gives it)."""
    try:
        return [city(v, cfg, v.players[int(seat)])]
    except (ValueError, IndexError):
        raise Unknown(t("Whose city?")) from None


def characters(v: View, cfg: GameConfig, arg: str = "") -> list[str]:
    """`characters`: the round's characters in rank order, each with what is known of it."""
    revealed_by = {c: p.name for p in v.players for c in p.revealed}
    out = []
    for key in v.cast:
        notes = []
        if key in v.faceup:
            notes.append(t("face up"))
        if key == v.calling:
            notes.append(t("called now"))
        if key == v.killed:
            notes.append(t("killed"))
        if key == v.robbed:
            notes.append(t("robbed"))
        if key == v.bewitched:
            notes.append(t("bewitched"))
        if key in v.warrants:
            notes.append(t("warrant"))
        if key in v.threats:
            notes.append(t("threat"))
        if key in v.my_characters:
            notes.append(t("yours"))
        elif key in revealed_by:
            notes.append(revealed_by[key])
        name = f"{char_rank(cfg, key)} {char_name(cfg, key)}"
        out.append(f"{name}: {', '.join(notes)}." if notes else f"{name}.")
    if v.facedown_count and v.phase == "select":
        out.append(tn("{n} character is face down.", "{n} characters are face down.", v.facedown_count))
    return out


def who(v: View, cfg: GameConfig, arg: str = "", programs: Collection[int] = ()) -> list[str]:
    """`who`: the seats in order (those a bot program plays, `programs`, marked), who holds the crown, who
    is to decide, and each one's revealed characters."""
    out = []
    for p in v.players:
        parts = [t("you") if p.seat == v.me else p.name]
        if p.seat in programs:
            parts.append(t("a bot program"))
        if p.crown:
            parts.append(t("has the crown"))
        if p.revealed:
            parts.append(t("revealed {c}", c=", ".join(char_name(cfg, c) for c in p.revealed)))
        if v.pending_player == p.seat:
            parts.append(t("is deciding"))
        out.append(t("Seat {n}: {about}.", n=p.seat + 1, about=", ".join(parts)))
    return out


def hint(v: View, cfg: GameConfig, choices: Sequence[tuple[Action, float]]) -> list[str]:
    """A hint's choices in the words of the options list, each with its number there and its chance to win,
    ordered by that chance (the first line, →, is always the best chance shown)."""
    lines = [t("Hint — the hard bot's top choices, best chance to win first (→):")]
    for i, (action, chance) in enumerate(choices):
        lines.append(
            ("  → " if i == 0 else "  • ")
            + t(
                "{a} — {p}% (option {n})",
                a=describe(cfg, v, action),
                p=round(chance * 100),
                n=v.legal.index(action) + 1,
            )
        )
    return lines


def options(v: View, cfg: GameConfig) -> list[str]:
    """The numbered list of what the seat can do now (empty when the decision is not its own)."""
    if v.me is None or v.pending_player != v.me:
        return []
    return [f"{i}. {describe(cfg, v, a)}" for i, a in enumerate(v.legal, 1)]


def _type_of(cfg: GameConfig, key: str) -> str:
    return cfg.ed.districts[cfg.ed.district_by_key[key]].type.key


def costliest(worst: Sequence[TurningPoint], labels: Mapping[int, tuple[str, str]]) -> list[str]:
    """The turning points' last lines, on the full screen and in plain mode: the decisions that cost most
    (`worst`, from `turning_points.costliest`), each with what the hard bot would have chosen (`labels`: a
    decision's index to its chosen action and the bot's, in words)."""
    if not worst:
        return [t("None of your decisions cost you against the hard bot's choice.")]
    lines = [t("The decisions that cost you most:")]
    for tp in worst:
        chosen, best = labels[tp.index]
        lines.append(
            "  "
            + t(
                "Round {r}: you chose “{a}” — chance to win {b}% → {c}%; “{x}” kept {b}%.",
                r=tp.round,
                a=chosen,
                b=round(tp.before * 100),
                c=round(tp.after * 100),
                x=best,
            )
        )
    return lines
