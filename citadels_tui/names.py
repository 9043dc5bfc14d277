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
    return (
        tpe("district", cfg.edition, ed.districts[i].name) if i is not None else key.replace("_", " ").title()
    )


def char_name(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.character_by_key.get(key)
    return (
        tpe("character", cfg.edition, ed.characters[i].name)
        if i is not None
        else key.replace("_", " ").title()
    )


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


def _and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + t(" and ") + items[-1]


def _amount(n: int | None) -> str:
    """An amount the engine stated, or "?" where it could not (an action not among the view's options)."""
    return "?" if n is None else str(n)


def hurts_own_city(v: View, a: Action) -> str:
    """The district of the player's own city this action destroys ("" for none), as the engine says
    (`Effect.harms_own`): such an option asks for a confirmation before it is done."""
    e = v.effect(a)
    return e.harms_own if e is not None else ""


def describe(cfg: GameConfig, v: View, a: Action) -> str:
    """A short label for an option in the numbered list, in plain words: typed back (any case, words
    shortened), it does this option (commands.py matches it), so labels of one decision differ."""
    k, args = a.kind, a.args
    arg0 = args[0] if args else ""
    d0 = card_name(cfg, str(arg0))
    c0 = char_name(cfg, str(arg0))
    # What the action costs and gains, as the engine charges it (never worked out here).
    e = v.effect(a)
    paid = e.gold_paid if e is not None else None
    if k == "choose":
        return t("Choose the {c} ({r})", c=c0, r=char_rank(cfg, str(arg0)))
    if k == "discard_character":
        return t("Discard the {c} face down", c=c0)
    if k == "gather":
        return t("Take gold") if arg0 == "gold" else t("Draw cards, keep one")
    if k == "keep":
        return t(
            "Keep the {d} ({cost}, {type})",
            d=d0,
            cost=card_cost(cfg, str(arg0)),
            type=tp("district type", card_type(cfg, str(arg0))),
        )
    if k == "build" and len(args) == 3 and args[1] == "destroy":
        return t("Build the {d} by destroying your {x}", d=d0, x=card_name(cfg, str(args[2])))
    if k == "build" and e is not None and e.due is not None:
        return tn("Build the {d} ({n} gold or cards)", "Build the {d} ({n} gold or cards)", e.due, d=d0)
    if k == "build" and e is not None and e.tax and paid is not None:
        return tn(
            "Build the {d} ({n} gold, with the tax)", "Build the {d} ({n} gold, with the tax)", paid, d=d0
        )
    if k == "build" and paid is None:
        return t("Build the {d}", d=d0)  # not among this view's options: the engine stated no price
    if k == "build" and paid is not None:  # always, past the unpriced build above
        return tn("Build the {d} ({n} gold)", "Build the {d} ({n} gold)", paid, d=d0)
    if k == "income":
        return t("Take income from your districts")
    if k == "bonus":
        return t("Take your character's bonus")
    if k == "kill":
        return t("Kill the {c}", c=c0)
    if k == "rob":
        return t("Rob the {c}", c=c0)
    if k == "swap_hands" and isinstance(arg0, int):
        n = (e.cards_gained or 0) if e is not None else 0
        return tn(
            "Swap hands with {p} ({n} card)",
            "Swap hands with {p} ({n} cards)",
            n,
            p=player_name(cfg, arg0, v.me),
        )
    if k == "redraw":
        return t("Discard cards to draw as many")
    if k == "discard":
        return t("Discard the {d}", d=d0)
    if k == "done":
        return t("Done: draw as many cards as you discarded") if v.pending_kind == "redraw" else t("Done")
    if k == "destroy" and len(args) == 2 and isinstance(arg0, int):
        d, g = card_name(cfg, str(args[1])), _amount(paid)
        if arg0 == v.me:
            label = t("Destroy your own {d} (pay {g})", d=d, g=g)
        else:
            label = t("Destroy {p}'s {d} (pay {g})", p=player_name(cfg, arg0, None), d=d, g=g)
        # The classic Warlord destroys at the end of his turn: choosing it ends the turn.
        return t("{a}, and end your turn", a=label) if cfg.edition == "classic" else label
    if k == "beautify":
        return t("Beautify the {d} (1 gold)", d=d0)
    if k == "laboratory":
        gain = e.gold_gained if e is not None else None
        return t("Laboratory: discard the {d} for {n} gold", d=d0, n=_amount(gain))
    if k == "smithy":
        return t("Smithy: pay 2 gold for 3 cards")
    if k == "pay_card":
        return t("Pay 1 of the cost with the {d}", d=d0)
    if k == "pay_gold":
        return t("Pay the rest in gold")
    if k == "end":
        return t("End your turn")
    label = _ability(cfg, v, a)
    if label:
        return label
    words = " ".join(_arg(cfg, x, v.me) for x in args)
    label = tp("action", k.replace("_", " "))
    return (label[:1].upper() + label[1:] + (" " + words if words else "")).strip()


def _ability(cfg: GameConfig, v: View, a: Action) -> str:
    """The labels of the characters' abilities and of the unique districts (both editions)."""
    k, args = a.kind, a.args
    arg0 = args[0] if args else ""
    pname = player_name(cfg, arg0, v.me) if isinstance(arg0, int) else ""
    d0 = card_name(cfg, str(arg0))
    c0 = char_name(cfg, str(arg0))
    e = v.effect(a)
    paid = e.gold_paid if e is not None else None
    if k == "bewitch":
        return t("Bewitch the {c}", c=c0)
    if k == "warrants" and args:
        blank = [char_name(cfg, str(x)) for x in args[1:]]
        if not blank:
            return t("Signed warrant on the {c}", c=c0)
        return t("Signed warrant on the {c}, blank ones on the {o}", c=c0, o=_and(blank))
    if k == "confiscate":
        return t("Confiscate the district just built")
    if k == "let_build":
        return t("Let the district be built")
    if k == "spy" and len(args) == 2:
        return t("Spy on {p}, naming {type} districts", p=pname, type=tp("district type", str(args[1])))
    if k == "threaten" and args:
        if len(args) == 1:
            return t("Threaten the {c} (the real threat)", c=c0)
        return t("Threaten the {c} (the real threat) and the {o}", c=c0, o=char_name(cfg, str(args[1])))
    if k == "bribe":
        return t("Pay the bribe (half your gold)")
    if k == "refuse_bribe":
        return t("Refuse to pay the bribe")
    if k == "reveal_threat":
        return t("Reveal the threat and take all their gold")
    if k == "spare":
        return t("Do not reveal the threat")
    if k == "wizard" and pname:
        return t("Search {p}'s hand and take a card", p=pname)
    if k == "wizard_take":
        return t("Take the {d} into your hand", d=d0)
    if k == "wizard_build":
        return t("Build the {d} at once ({n} gold)", d=d0, n=_amount(paid))
    if k == "foresee":
        return t("Take a random card from each player's hand")
    if k == "seer_give" and len(args) == 2:
        return t("Give the {d} to {p}", d=card_name(cfg, str(args[1])), p=pname)
    if k == "emperor" and pname:
        what = args[1] if len(args) > 1 else ""
        if what == "gold":
            return t("Crown {p} and take 1 gold", p=pname)
        if what == "card":
            return t("Crown {p} and take 1 card", p=pname)
        if what == "nothing":
            return t("Crown {p} (nothing to take)", p=pname)
        return t("Crown {p}, who gives you 1 gold or a card", p=pname)
    if k == "emperor_give":
        return t("Give the Emperor 1 gold") if arg0 == "gold" else t("Give the Emperor the {d}", d=d0)
    if k == "advisor" and pname:
        return t("Give the crown to {p}", p=pname)
    if k == "alms" and pname:
        return t("Take 1 gold from {p}, the richest", p=pname)
    if k == "abbot_income" and isinstance(arg0, int):
        return tn(
            "Take {n} gold of your income, the rest in cards",
            "Take {n} gold of your income, the rest in cards",
            arg0,
        )
    if k == "cardinal_build" and len(args) == 2:
        return t(
            "Build the {d} with gold from {p}, paid in cards", d=d0, p=player_name(cfg, int(args[1]), v.me)
        )
    if k == "cardinal_give":
        return t("Give the {d} to the Cardinal", d=d0)
    if k == "navigate":
        return t("Take 4 extra gold") if arg0 == "gold" else t("Draw 4 extra cards")
    if k == "study":
        return t("Draw 7 cards and keep one")
    if k == "scholar_keep":
        return t("Keep the {d}, shuffle the rest back", d=d0)
    if k == "seize" and len(args) == 2 and pname:
        return t(
            "Seize {p}'s {d} (pay {g})",
            p=pname,
            d=card_name(cfg, str(args[1])),
            g=_amount(paid),
        )
    if k == "exchange" and len(args) == 3 and pname:
        return t(
            "Exchange your {m} for {p}'s {d} (pay {g})",
            m=card_name(cfg, str(args[2])),
            p=pname,
            d=card_name(cfg, str(args[1])),
            g=_amount(paid),
        )
    if k == "queen":
        return t("Take 3 gold for sitting next to the King")
    if k == "collect_tax":
        return t("Collect the taxes")
    if k == "theater" and pname:
        if len(args) > 1:
            return t("Give your {c} to {p} for one of theirs", c=char_name(cfg, str(args[1])), p=pname)
        return t("Swap characters with {p}", p=pname)
    if k == "theater_pass":
        return t("Pass: keep your characters")
    if k == "thank":
        return t("Thank your Excellency")
    if k == "bell_tower":
        return (
            t("Ring the Bell Tower: the game ends at 7 districts")
            if arg0 == "announce"
            else t("Leave the Bell Tower silent")
        )
    if k == "graveyard":
        return (
            t("Pay 1 gold to take the destroyed district")
            if arg0 == "take"
            else t("Pass: let the destroyed district go")
        )
    if k == "lighthouse":
        return t("Pass: take no card") if arg0 == "none" else t("Take the {d} from the deck", d=d0)
    if k == "armory" and len(args) == 2 and pname:
        return t(
            "Destroy your {a} and {p}'s {d}",
            a=card_name(cfg, "armory"),
            p=player_name(cfg, int(arg0), None),
            d=card_name(cfg, str(args[1])),
        )
    if k == "museum":
        return t("Put the {d} under the Museum", d=d0)
    return ""
