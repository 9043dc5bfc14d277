"""How cards, characters, players and actions read on screen (through `t()`)."""

from __future__ import annotations

from citadels_core import Action, GameConfig
from citadels_core.view import View

from .i18n import t, tn, tp, tpe

# A letter per district type, so that colour never carries the meaning alone.
TYPE_LETTER = {"noble": "N", "religious": "R", "trade": "T", "military": "M", "unique": "U"}


def type_letter(type_key: str) -> str:
    """The district type's letter in the player's language (Russian: Д Р Т В О)."""
    letter = TYPE_LETTER.get(type_key)
    return tp("type letter", letter) if letter else "?"


def card_name(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.district_by_key.get(key)
    return tpe("district", cfg.edition, ed.districts[i].name) if i is not None else key.replace("_", " ").title()


def char_name(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.character_by_key.get(key)
    return tpe("character", cfg.edition, ed.characters[i].name) if i is not None else key.replace("_", " ").title()


def char_rank(cfg: GameConfig, key: str) -> int:
    ed = cfg.ed
    i = ed.character_by_key.get(key)
    return ed.characters[i].rank if i is not None else 0


def card_cost(cfg: GameConfig, key: str) -> int:
    ed = cfg.ed
    i = ed.district_by_key.get(key)
    return ed.districts[i].cost if i is not None else 0


def card_type(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.district_by_key.get(key)
    return ed.districts[i].type.key if i is not None else "unique"


def card_text(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.district_by_key.get(key)
    if i is not None:
        return tp("district text", ed.districts[i].text) if ed.districts[i].text else ""
    j = ed.character_by_key.get(key)
    return tp("character text", ed.characters[j].text) if j is not None else ""


def player_name(cfg: GameConfig, seat: int, me: int | None) -> str:
    if 0 <= seat < len(cfg.names):
        return t("you") if seat == me else cfg.names[seat]
    return str(seat)


def _arg(cfg: GameConfig, a: str | int, me: int | None) -> str:
    if isinstance(a, int):
        return player_name(cfg, a, me)
    if a in cfg.ed.district_by_key:
        return card_name(cfg, a)
    if a in cfg.ed.character_by_key:
        return char_name(cfg, a)
    return tp("word", a.replace("_", " "))


def describe(cfg: GameConfig, v: View, a: Action) -> str:
    """A short label for an option in the numbered list."""
    k, args = a.kind, a.args
    arg0 = args[0] if args else ""
    if k == "choose":
        return t("Choose the {c} ({r})", c=char_name(cfg, str(arg0)), r=char_rank(cfg, str(arg0)))
    if k == "discard_character":
        return t("Discard the {c} face down", c=char_name(cfg, str(arg0)))
    if k == "gather":
        return t("Take gold") if arg0 == "gold" else t("Draw cards, keep one")
    if k == "keep":
        return t("Keep the {d} ({cost}, {type})", d=card_name(cfg, str(arg0)), cost=card_cost(cfg, str(arg0)),
                 type=tp("district type", card_type(cfg, str(arg0))))
    if k == "build":
        return tn("Build the {d} ({n} gold)", "Build the {d} ({n} gold)", card_cost(cfg, str(arg0)),
                  d=card_name(cfg, str(arg0)))
    if k == "income":
        return t("Take income from your districts")
    if k == "bonus":
        return t("Take your character's bonus")
    if k == "kill":
        return t("Kill the {c}", c=char_name(cfg, str(arg0)))
    if k == "rob":
        return t("Rob the {c}", c=char_name(cfg, str(arg0)))
    if k == "swap_hands" and isinstance(arg0, int):
        n = v.players[arg0].hand_size if 0 <= arg0 < len(v.players) else 0
        return tn("Swap hands with {p} ({n} card)", "Swap hands with {p} ({n} cards)", n,
                  p=player_name(cfg, arg0, v.me))
    if k == "redraw":
        return t("Discard cards to draw as many")
    if k == "discard":
        return t("Discard the {d}", d=card_name(cfg, str(arg0)))
    if k == "done":
        return t("Done: draw as many cards as you discarded") if v.pending_kind == "redraw" else t("Done")
    if k == "destroy" and len(args) == 2 and isinstance(args[0], int):
        cost = next((d.cost for d in v.players[args[0]].city if d.key == args[1]), 0) if args[0] < len(v.players) else 0
        return t("Destroy {p}'s {d} (pay {g})", p=player_name(cfg, args[0], None), d=card_name(cfg, str(args[1])),
                 g=max(0, cost - 1))
    if k == "beautify":
        return t("Beautify the {d} (1 gold)", d=card_name(cfg, str(arg0)))
    if k == "laboratory":
        return t("Laboratory: discard the {d} for 2 gold", d=card_name(cfg, str(arg0)))
    if k == "smithy":
        return t("Smithy: pay 2 gold for 3 cards")
    if k == "pay_card":
        return t("Pay 1 of the cost with the {d}", d=card_name(cfg, str(arg0)))
    if k == "pay_gold":
        return t("Pay the rest in gold")
    if k == "end":
        return t("End your turn")
    words = " ".join(_arg(cfg, x, v.me) for x in args)
    label = tp("action", k.replace("_", " "))
    return (label[:1].upper() + label[1:] + (" " + words if words else "")).strip()
