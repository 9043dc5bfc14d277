"""`why`: the rule the engine names for an outcome (citadels_core.explain), said in the player's language;
`think`: what your seat can tell of the others' characters (citadels_core.think).

The engine names the rule and its facts (keys, seats, amounts); here they are only worded: one sentence
for each rule, in the second person when it acted on the player who asks."""

from __future__ import annotations

from citadels_core import GameConfig
from citadels_core.explain import Reason, Rule
from citadels_core.think import Guess

from .i18n import t, tn
from .names import card_name, char_name


def nothing(cfg: GameConfig, about: str = "") -> str:
    """What `why` says when there is nothing to explain (about the card or character `about`)."""
    if about:
        thing = card_name(cfg, about) if about in cfg.ed.district_by_key else char_name(cfg, about)
        return t("Nothing so far has a rule to explain about the {x}.", x=thing)
    return t(
        "Nothing has surprised you yet. why explains a killed, robbed or bewitched character, what a "
        "district changed, and a target you were refused."
    )


def explain(cfg: GameConfig, r: Reason, me: int | None) -> str:
    """One sentence: what happened, and the rule that made it so."""
    mine = r.seat == me
    who = cfg.names[r.seat] if 0 <= r.seat < cfg.players else "?"
    by = cfg.names[r.by] if 0 <= r.by < cfg.players else "?"
    ch = char_name(cfg, r.character) if r.character else ""
    acting = char_name(cfg, r.by_character) if r.by_character else ""
    card = card_name(cfg, r.card) if r.card else ""
    if r.rule is Rule.KILLED:
        if mine:
            return t("Your {c} was not called: the {k} killed it, so your turn was skipped.", c=ch, k=acting)
        return t(
            "{p}'s {c} was not called: the {k} killed it, so that turn was skipped.", p=who, c=ch, k=acting
        )
    if r.rule is Rule.HOSPITAL:
        if mine:
            return t(
                "The {k} killed your {c}, but the Hospital still gave you a turn: one action, no building, "
                "no power.",
                c=ch,
                k=acting,
            )
        return t(
            "The {k} killed {p}'s {c}, but the Hospital still gave {p} a turn: one action, no building, "
            "no power.",
            p=who,
            c=ch,
            k=acting,
        )
    if r.rule is Rule.ROBBED:
        if mine:
            return tn(
                "You lost {n} gold: {t}, as the {k}, robbed your {c}, and a robbed character's gold all goes "
                "to the Thief when it is called.",
                "You lost {n} gold: {t}, as the {k}, robbed your {c}, and a robbed character's gold all goes "
                "to the Thief when it is called.",
                r.amount,
                t=by,
                k=acting,
                c=ch,
            )
        return tn(
            "{p} lost {n} gold: {t}, as the {k}, robbed the {c}, and a robbed character's gold all goes to "
            "the Thief when it is called.",
            "{p} lost {n} gold: {t}, as the {k}, robbed the {c}, and a robbed character's gold all goes to "
            "the Thief when it is called.",
            r.amount,
            p=who,
            t=by,
            k=acting,
            c=ch,
        )
    if r.rule is Rule.BEWITCHED:
        if mine:
            return t(
                "No income and no power: {w}, as the Witch, bewitched your {c}. You gathered and your turn "
                "ended; the Witch plays the rest of it as the {c}.",
                w=by,
                c=ch,
            )
        return t(
            "{w}, as the Witch, bewitched {p}'s {c}: {p} only gathered, and the Witch played the rest of "
            "the turn as the {c}.",
            w=by,
            p=who,
            c=ch,
        )
    return _district(cfg, r, mine, who, by, acting, ch, card)


def _district(
    cfg: GameConfig, r: Reason, mine: bool, who: str, by: str, acting: str, ch: str, card: str
) -> str:
    if r.rule is Rule.OBSERVATORY:
        if mine:
            return t(
                "You drew {d} and kept {k}: the Observatory draws 3 cards instead of 2.", d=r.amount, k=r.kept
            )
        return t(
            "{p} drew {d} and kept {k}: the Observatory draws 3 cards instead of 2.",
            p=who,
            d=r.amount,
            k=r.kept,
        )
    if r.rule is Rule.LIBRARY:
        if mine:
            return tn(
                "You kept the {n} card you drew: the Library keeps every card drawn.",
                "You kept all {n} cards you drew: the Library keeps every card drawn.",
                r.amount,
            )
        return tn(
            "{p} kept the {n} card drawn: the Library keeps every card drawn.",
            "{p} kept all {n} cards drawn: the Library keeps every card drawn.",
            r.amount,
            p=who,
        )
    if r.rule is Rule.LIBRARY_OBSERVATORY:
        if mine:
            return t(
                "You drew 3 and kept 2: with both the Library and the Observatory, you draw 3 and keep 2."
            )
        return t(
            "{p} drew 3 and kept 2: with both the Library and the Observatory, 3 are drawn and 2 kept.", p=who
        )
    if r.rule is Rule.GOLD_MINE:
        if mine:
            return t("You took 3 gold, not 2: the Gold Mine gives 1 more when you take gold.")
        return t("{p} took 3 gold, not 2: the Gold Mine gives 1 more when its owner takes gold.", p=who)
    if r.rule is Rule.GREAT_WALL:
        if mine:
            return tn(
                "{b} paid {n} gold to destroy your {d}, 1 more than its cost less 1: the Great Wall makes "
                "the other districts of your city dearer to destroy.",
                "{b} paid {n} gold to destroy your {d}, 1 more than its cost less 1: the Great Wall makes "
                "the other districts of your city dearer to destroy.",
                r.amount,
                b=by,
                d=card,
            )
        return tn(
            "{b} paid {n} gold to destroy {p}'s {d}, 1 more than its cost less 1: the Great Wall makes the "
            "other districts of that city dearer to destroy.",
            "{b} paid {n} gold to destroy {p}'s {d}, 1 more than its cost less 1: the Great Wall makes the "
            "other districts of that city dearer to destroy.",
            r.amount,
            b=by,
            p=who,
            d=card,
        )
    return _reach(cfg, r, mine, who, acting, ch, card)


def _reach(cfg: GameConfig, r: Reason, mine: bool, who: str, acting: str, ch: str, card: str) -> str:
    """A rank 8 character kept out of a city, or refused a district."""
    if r.rule is Rule.PROTECTED:
        if r.card and mine:
            return t("The {k} could not touch your {d}: the {b} protects your city.", k=acting, d=card, b=ch)
        if r.card:
            return t(
                "The {k} could not touch {p}'s {d}: the {b} protects {p}'s city.",
                k=acting,
                p=who,
                d=card,
                b=ch,
            )
        if mine:
            return t("The {k} could not touch your city: the {b} protects it.", k=acting, b=ch)
        return t("The {k} could not touch {p}'s city: the {b} protects it.", k=acting, p=who, b=ch)
    if r.rule is Rule.KEEP:
        return t("The {k} cannot touch the Keep: it can never be destroyed or taken.", k=acting)
    if r.rule is Rule.COMPLETE:
        if mine:
            return t("The {k} cannot touch your {d}: a completed city is out of reach.", k=acting, d=card)
        return t("The {k} cannot touch {p}'s {d}: a completed city is out of reach.", k=acting, p=who, d=card)
    if r.rule is Rule.TOO_DEAR:
        if r.wall:
            return t(
                "Destroying the {d} costs {n} gold and you have {g}: its cost less 1, plus 1 for the Great Wall.",
                d=card,
                n=r.amount,
                g=r.kept,
            )
        return t(
            "Destroying the {d} costs {n} gold and you have {g}: its cost less 1.",
            d=card,
            n=r.amount,
            g=r.kept,
        )
    return str(r.rule)


def guesses(cfg: GameConfig, found: tuple[Guess, ...]) -> list[str]:
    """`think`: one line for each other player, what your seat can tell of their characters."""
    return [guess_line(cfg, x) for x in found] or [t("There is nobody else to think about.")]


def guess_line(cfg: GameConfig, x: Guess) -> str:
    """What your seat can tell of player `x.seat`'s characters, in a sentence or two."""
    who = cfg.names[x.seat]
    chances = ", ".join(f"{char_name(cfg, k)} {round(c * 100)}%" for k, c in x.chances)
    if x.revealed:
        line = t("{p}: the {c}, revealed.", p=who, c=", ".join(char_name(cfg, k) for k in x.revealed))
    elif not chances:
        line = t("{p}: nothing to tell yet.", p=who)
    elif x.after_me is True:
        line = t("{p} chose after you, from what you passed: {c}.", p=who, c=chances)
    elif x.after_me is False:
        line = t("{p} chose before you, among what you were never offered: {c}.", p=who, c=chances)
    else:
        line = t("{p} may hold: {c}.", p=who, c=chances)
    if not x.declined:
        return line
    offered = tn(
        "{p} was offered the {c} and did not take it.",
        "{p} was offered the {c} and took none of them.",
        len(x.declined),
        p=who,
        c=", ".join(char_name(cfg, k) for k in x.declined),
    )
    return " ".join((line, offered))


def guess_summary(cfg: GameConfig, found: tuple[Guess, ...]) -> str:
    """The characters pane's line of `think` (when the setting asks for it): each other player's revealed
    character, else their likeliest ones with the chances, and what they were offered and did not take."""
    parts = []
    for x in found:
        if x.revealed:
            about = ", ".join(char_name(cfg, k) for k in x.revealed)
        elif x.chances:
            about = " / ".join(f"{char_name(cfg, k)} {round(c * 100)}%" for k, c in x.chances[:3])
            if len(x.chances) > 3:
                about += " …"
        else:
            about = "?"
        if x.declined:
            about += " · " + t("not {c}", c=", ".join(char_name(cfg, k) for k in x.declined))
        parts.append(f"{cfg.names[x.seat]}: {about}")
    return t("Guesses: {g}", g="; ".join(parts)) if parts else ""
