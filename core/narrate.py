"""Events told as sentences: one template per event (and variant), looked up in the player's language.

Templates are English with named placeholders ({Who}, {card}, {amount} …); the English text is the
gettext message id and `event:<template id>` its context, so a catalog translates each event once and
another edition's events need only new entries. `{Who}` is the acting player to start a sentence
("You", "Someone"; a player's name as the player typed it, "alice"), `{who}` within one;
for the viewer's own deeds a catalog may give a second-person variant in the context `event:<id>:you`
(Russian conjugates the verb for "you"); without one the third-person sentence is used.

The engine stays pure: the translator is passed in (`gettext.NullTranslations`, the identity, when none
is), and the app loads catalogs from its own package data."""

from __future__ import annotations

import gettext
import re
from collections.abc import Collection
from functools import cache
from typing import TYPE_CHECKING, Any

from .config import GameConfig
from .events import Event

if TYPE_CHECKING:
    import gettext


@cache
def _english() -> gettext.NullTranslations:
    """The translator used when none is passed, made when first needed (the app passes its own)."""
    return gettext.NullTranslations()


# Template id -> English sentence. Ids are "<event kind>" or "<event kind>.<variant>".
TEMPLATES: dict[str, str] = {
    "setup": "A game for {players} begins: {names}. {first} has the crown.",
    "deal": "Your starting hand: {cards}.",
    "round": "Round {round}. Face-up discards: {faceup}; one card is discarded face down.",
    "discard_random": "{Who} discards a character at random, face down.",
    "choose": "{Who} chooses a character.",
    "choose_private": "You choose the {character}.",
    "discard_character": "{Who} discards a character face down.",
    "discard_character_private": "You discard the {character} face down.",
    "turn_phase": "The crowned player calls the characters.",
    "call.none": "The {character} is called. No one answers.",
    "call.killed": "The {character} is called. Silence: the {character} was killed.",
    "call": "The {character} is called: {who} reveals it.",
    "robbed": "{Thief} robs the {character}: {amount} gold from {victim}.",
    "gather.gold": "{Who} takes {amount} gold.",
    "gather.cards": "{Who} draws {drawn} card and keeps {kept}.",
    "drawn_private": "You draw {cards}.",
    "gather_private": "You keep {kept}.",
    "keep_private": "You keep the {card} and put {discarded} under the deck.",
    "gain_gold": "{Who} gains {amount} gold ({why}).",
    "gain_cards": "{Who} gains {count} card ({why}).",
    "gain_cards_private": "You gain {cards}.",
    "build": "{Who} builds the {card}.",
    "complete": "{Who} completes a city! This is the last round.",
    "crown.heir": "{Who} takes the crown as heir.",
    "crown.given": "{Who} is given the crown.",
    "crown.kept": "{Who} keeps the crown.",
    "crown": "{Who} takes the crown.",
    "heir": "At the end of the round, {who} reveals the killed {character}.",
    "kill": "{Who} kills the {character}.",
    "rob": "{Who} will rob the {character}.",
    "swap_hands": "{Who} exchanges hands with {target} ({gave} card for {took}).",
    "swap_hands_private": "Hands exchanged: {who} gave {gave} and took {took}.",
    "redraw": "{Who} discards {count} card and draws {drawn}.",
    "redraw_private": "You discard {discarded} and draw {drawn}.",
    "destroy": "{Who} destroys {target}'s {card} for {paid} gold.",
    "museum_lost": "The {count} card under the Museum goes under the deck.",
    "beautify": "{Who} beautifies the {card}.",
    "laboratory": "{Who} discards a card at the Laboratory for {amount} gold.",
    "laboratory_private": "You discard the {card} at the Laboratory.",
    "smithy": "{Who} pays 2 gold at the Smithy.",
    "pay_with_cards": "{Who} pays {count} of the Thieves' Den's cost with cards.",
    "pay_with_cards_private": "You pay with {cards}.",
    "tax": "{Who} puts 1 gold on the Tax Collector's token ({token} gold on it).",
    "collect_tax": "{Who} takes {amount} gold from the Tax Collector's token.",
    "alms": "{Who} receives 1 gold from {target}, the richest player.",
    "cardinal": "{Who} takes {gold} gold from {target} and builds the {card}, giving as many cards.",
    "cardinal_give_private": "{Who} gives the {card} to {target}.",
    "emperor_take.gold": "{Who} takes 1 gold from {target}.",
    "emperor_take.card": "{Who} takes 1 card from {target}.",
    "emperor_take.nothing": "{Who} finds neither gold nor cards to take from {target}.",
    "emperor_take_private": "The card taken from {target} is the {card}.",
    "advisor": "At the end of the round, {who} reveals the killed {character} and moves the crown.",
    "study": "{Who} draws {drawn} card to keep one.",
    "study_private": "You draw {cards}.",
    "scholar_keep_private": "You keep the {card}; the other cards are shuffled into the deck.",
    "spy": "{Who} names {type} and looks at {target}'s hand: {matches} match, {gold} gold taken.",
    "spy_private": "{Target}'s hand: {cards}.",
    "foresee": "{Who} takes a random card from each player with cards.",
    "seer_take_private": "The Seer takes the {card} from {target}.",
    "seer_give": "{Who} gives a card to {target}.",
    "seer_give_private": "The Seer gives the {card} to {target}.",
    "wizard": "{Who} looks at {target}'s hand.",
    "wizard_private": "{Target}'s hand: {cards}.",
    "wizard_take_private": "The Wizard takes the {card} from {target}.",
    "wizard_takes": "{Who} takes a card from {target}'s hand.",
    "wizard_builds": "{Who} takes the {card} from {target} and builds it at once.",
    "exchange": "{Who} exchanges the {gave} for {target}'s {took}, paying {paid} gold.",
    "seize": "{Who} seizes {target}'s {card} for {paid} gold.",
    "warrants": "{Who} puts warrants on the {characters}.",
    "warrants_private": "The signed warrant is on the {signed}.",
    "confiscate": "{Who} reveals the signed warrant and confiscates the {card}; {refund} gold goes back to {target}.",
    "threats": "{Who} threatens the {characters}.",
    "threats_private": "The flowered threat is on the {flower}.",
    "bribe": "{Who} bribes {target} with {amount} gold.",
    "refuse_bribe": "{Who} refuses to pay the Blackmailer.",
    "spare": "{Who} leaves the threat on {target} face down.",
    "reveal_threat.flower": "{Who} reveals the flowered threat and takes all of {target}'s gold: {amount}.",
    "reveal_threat": "{Who} reveals the threat on {target}: no flower.",
    "bewitch": "{Who} bewitches the {character}.",
    "witch_pause": "{Who} puts the Witch's turn on hold.",
    "witch_resume": "{Who} resumes the turn as the {character}.",
    "armory": "{Who} destroys the Armory to destroy {target}'s {card}.",
    "sacrifice": "{Who} destroys the {card} instead of paying for the {for}.",
    "museum": "{Who} puts a card face down under the Museum ({count} there now).",
    "museum_private": "You put the {card} under the Museum.",
    "theater": "{Who} uses the Theater to exchange characters with {target}.",
    "theater_private.mine": "You give the {gave} to {target} and take the {took}.",
    "theater_private": "{Who} takes your {took} and gives you the {gave}.",
    "theater_pass": "No exchange at the Theater: {who} passed.",
    "pay_tax": "{Who} built this turn and gives 1 gold to {target}, the Tax Collector.",
    "hospital": "Thanks to the Hospital, {who} still takes an action, but no more.",
    "thank": '{Who} says "Thank you, your Excellency" to {crown}.',
    "forgot_thanks": "{Who} forgot to thank {crown} at the Ball Room and loses the rest of the turn.",
    "graveyard": "{Who} pays 1 gold at the Graveyard to take back the destroyed {card}.",
    "lighthouse.took": "{Who} searches the deck with the Lighthouse and takes a card; the deck is shuffled.",
    "lighthouse": "{Who} searches the deck with the Lighthouse and takes no card; the deck is shuffled.",
    "lighthouse_private": "You take the {card} from the deck.",
    "bell_tower": "{Who} rings the Bell Tower: the game ends after the round in which a city reaches {complete_at} district.",
    "bell_tower_silenced": "The Bell Tower is gone: cities are complete at {complete_at} district again.",
    "end_turn.bewitched": "{Who} gathered as the bewitched {character}; that turn ends at once.",
    "end_turn": "{Who} ends the {character}'s turn.",
    "end_round": "Round {round} ends.",
    "game_over": "The game is over. {winners} wins!",
    "unknown": "{kind}: {data}",
}

# The viewer's own deeds in the second person ("You take 2 gold."): for every template that names the
# acting player ({Who}, {who}, or the {Thief} of a robbery). The English text is also the message id of the
# context `event:<id>:you`, where a catalog gives its own second person (Russian conjugates for "вы").
YOU_TEMPLATES: dict[str, str] = {
    "discard_random": "{Who} discard a character at random, face down.",
    "choose": "{Who} choose a character.",
    "discard_character": "{Who} discard a character face down.",
    "call": "The {character} is called: {who} reveal it.",
    "robbed": "{Thief} rob the {character}: {amount} gold from {victim}.",
    "gather.gold": "{Who} take {amount} gold.",
    "gather.cards": "{Who} draw {drawn} card and keep {kept}.",
    "gain_gold": "{Who} gain {amount} gold ({why}).",
    "gain_cards": "{Who} gain {count} card ({why}).",
    "build": "{Who} build the {card}.",
    "complete": "{Who} complete a city! This is the last round.",
    "crown.heir": "{Who} take the crown as heir.",
    "crown.given": "{Who} are given the crown.",
    "crown.kept": "{Who} keep the crown.",
    "crown": "{Who} take the crown.",
    "heir": "At the end of the round, {who} reveal the killed {character}.",
    "kill": "{Who} kill the {character}.",
    "rob": "{Who} will rob the {character}.",
    "swap_hands": "{Who} exchange hands with {target} ({gave} card for {took}).",
    "swap_hands_private": "Hands exchanged: {who} gave {gave} and took {took}.",
    "redraw": "{Who} discard {count} card and draw {drawn}.",
    "destroy": "{Who} destroy {target}'s {card} for {paid} gold.",
    "beautify": "{Who} beautify the {card}.",
    "laboratory": "{Who} discard a card at the Laboratory for {amount} gold.",
    "smithy": "{Who} pay 2 gold at the Smithy.",
    "pay_with_cards": "{Who} pay {count} of the Thieves' Den's cost with cards.",
    "tax": "{Who} put 1 gold on the Tax Collector's token ({token} gold on it).",
    "collect_tax": "{Who} take {amount} gold from the Tax Collector's token.",
    "alms": "{Who} receive 1 gold from {target}, the richest player.",
    "cardinal": "{Who} take {gold} gold from {target} and build the {card}, giving as many cards.",
    "cardinal_give_private": "{Who} give the {card} to {target}.",
    "emperor_take.gold": "{Who} take 1 gold from {target}.",
    "emperor_take.card": "{Who} take 1 card from {target}.",
    "emperor_take.nothing": "{Who} find neither gold nor cards to take from {target}.",
    "advisor": "At the end of the round, {who} reveal the killed {character} and move the crown.",
    "study": "{Who} draw {drawn} card to keep one.",
    "spy": "{Who} name {type} and look at {target}'s hand: {matches} match, {gold} gold taken.",
    "foresee": "{Who} take a random card from each player with cards.",
    "seer_give": "{Who} give a card to {target}.",
    "wizard": "{Who} look at {target}'s hand.",
    "wizard_takes": "{Who} take a card from {target}'s hand.",
    "wizard_builds": "{Who} take the {card} from {target} and build it at once.",
    "exchange": "{Who} exchange the {gave} for {target}'s {took}, paying {paid} gold.",
    "seize": "{Who} seize {target}'s {card} for {paid} gold.",
    "warrants": "{Who} put warrants on the {characters}.",
    "confiscate": (
        "{Who} reveal the signed warrant and confiscate the {card}; {refund} gold goes back to {target}."
    ),
    "threats": "{Who} threaten the {characters}.",
    "bribe": "{Who} bribe {target} with {amount} gold.",
    "refuse_bribe": "{Who} refuse to pay the Blackmailer.",
    "spare": "{Who} leave the threat on {target} face down.",
    "reveal_threat.flower": "{Who} reveal the flowered threat and take all of {target}'s gold: {amount}.",
    "reveal_threat": "{Who} reveal the threat on {target}: no flower.",
    "bewitch": "{Who} bewitch the {character}.",
    "witch_pause": "{Who} put the Witch's turn on hold.",
    "witch_resume": "{Who} resume the turn as the {character}.",
    "armory": "{Who} destroy the Armory to destroy {target}'s {card}.",
    "sacrifice": "{Who} destroy the {card} instead of paying for the {for}.",
    "museum": "{Who} put a card face down under the Museum ({count} there now).",
    "theater": "{Who} use the Theater to exchange characters with {target}.",
    "theater_private": "{Who} take your {took} and give you the {gave}.",
    "theater_pass": "No exchange at the Theater: {who} passed.",
    "pay_tax": "{Who} built this turn and give 1 gold to {target}, the Tax Collector.",
    "hospital": "Thanks to the Hospital, {who} still take an action, but no more.",
    "thank": '{Who} say "Thank you, your Excellency" to {crown}.',
    "forgot_thanks": "{Who} forgot to thank {crown} at the Ball Room and lose the rest of the turn.",
    "graveyard": "{Who} pay 1 gold at the Graveyard to take back the destroyed {card}.",
    "lighthouse.took": "{Who} search the deck with the Lighthouse and take a card; the deck is shuffled.",
    "lighthouse": "{Who} search the deck with the Lighthouse and take no card; the deck is shuffled.",
    "bell_tower": (
        "{Who} ring the Bell Tower: the game ends after the round in which a city reaches {complete_at} district."
    ),
    "end_turn.bewitched": "{Who} gathered as the bewitched {character}; that turn ends at once.",
    "end_turn": "{Who} end the {character}'s turn.",
}

# The plural forms of the second-person templates with a count (as PLURALS for the third person).
YOU_PLURALS: dict[str, str] = {
    "robbed": "{Thief} rob the {character}: {amount} gold from {victim}.",
    "gather.gold": "{Who} take {amount} gold.",
    "gather.cards": "{Who} draw {drawn} cards and keep {kept}.",
    "gain_gold": "{Who} gain {amount} gold ({why}).",
    "gain_cards": "{Who} gain {count} cards ({why}).",
    "swap_hands": "{Who} exchange hands with {target} ({gave} cards for {took}).",
    "redraw": "{Who} discard {count} cards and draw {drawn}.",
    "destroy": "{Who} destroy {target}'s {card} for {paid} gold.",
    "laboratory": "{Who} discard a card at the Laboratory for {amount} gold.",
    "pay_with_cards": "{Who} pay {count} of the Thieves' Den's cost with cards.",
    "tax": "{Who} put 1 gold on the Tax Collector's token ({token} gold on it).",
    "collect_tax": "{Who} take {amount} gold from the Tax Collector's token.",
    "cardinal": "{Who} take {gold} gold from {target} and build the {card}, giving as many cards.",
    "study": "{Who} draw {drawn} cards to keep one.",
    "spy": "{Who} name {type} and look at {target}'s hand: {matches} matches, {gold} gold taken.",
    "exchange": "{Who} exchange the {gave} for {target}'s {took}, paying {paid} gold.",
    "seize": "{Who} seize {target}'s {card} for {paid} gold.",
    "confiscate": (
        "{Who} reveal the signed warrant and confiscate the {card}; {refund} gold goes back to {target}."
    ),
    "bribe": "{Who} bribe {target} with {amount} gold.",
    "reveal_threat.flower": "{Who} reveal the flowered threat and take all of {target}'s gold: {amount}.",
    "museum": "{Who} put a card face down under the Museum ({count} there now).",
    "bell_tower": (
        "{Who} ring the Bell Tower: the game ends after the round in which a city reaches {complete_at} districts."
    ),
}

# Templates with a count: id -> (English plural, the field whose number picks the form).
PLURALS: dict[str, tuple[str, str]] = {
    "robbed": ("{Thief} robs the {character}: {amount} gold from {victim}.", "amount"),
    "gather.gold": ("{Who} takes {amount} gold.", "amount"),
    "gather.cards": ("{Who} draws {drawn} cards and keeps {kept}.", "drawn"),
    "gain_gold": ("{Who} gains {amount} gold ({why}).", "amount"),
    "gain_cards": ("{Who} gains {count} cards ({why}).", "count"),
    "swap_hands": ("{Who} exchanges hands with {target} ({gave} cards for {took}).", "gave"),
    "redraw": ("{Who} discards {count} cards and draws {drawn}.", "count"),
    "destroy": ("{Who} destroys {target}'s {card} for {paid} gold.", "paid"),
    "museum_lost": ("The {count} cards under the Museum go under the deck.", "count"),
    "pay_with_cards": ("{Who} pays {count} of the Thieves' Den's cost with cards.", "count"),
    "tax": ("{Who} puts 1 gold on the Tax Collector's token ({token} gold on it).", "token"),
    "collect_tax": ("{Who} takes {amount} gold from the Tax Collector's token.", "amount"),
    "cardinal": (
        "{Who} takes {gold} gold from {target} and builds the {card}, giving as many cards.",
        "gold",
    ),
    "study": ("{Who} draws {drawn} cards to keep one.", "drawn"),
    "spy": (
        "{Who} names {type} and looks at {target}'s hand: {matches} matches, {gold} gold taken.",
        "matches",
    ),
    "exchange": ("{Who} exchanges the {gave} for {target}'s {took}, paying {paid} gold.", "paid"),
    "seize": ("{Who} seizes {target}'s {card} for {paid} gold.", "paid"),
    "confiscate": (
        "{Who} reveals the signed warrant and confiscates the {card}; {refund} gold goes back to {target}.",
        "refund",
    ),
    "bribe": ("{Who} bribes {target} with {amount} gold.", "amount"),
    "reveal_threat.flower": (
        "{Who} reveals the flowered threat and takes all of {target}'s gold: {amount}.",
        "amount",
    ),
    "laboratory": ("{Who} discards a card at the Laboratory for {amount} gold.", "amount"),
    "museum": ("{Who} puts a card face down under the Museum ({count} there now).", "count"),
    "bell_tower": (
        "{Who} rings the Bell Tower: the game ends after the round in which a city reaches {complete_at} "
        "districts.",
        "complete_at",
    ),
    "bell_tower_silenced": (
        "The Bell Tower is gone: cities are complete at {complete_at} districts again.",
        "complete_at",
    ),
    "game_over": ("The game is over. {winners} win!", "count"),
}

# The `why` of gain_gold / gain_cards events that are neither a card nor a character key.
REASONS = ("income",)


_PLAYER_KEYS = ("player", "target", "thief", "victim", "crown")
# "{target}'s" in a template: the English possessive, "your" when that player is the viewer (not "you's").
_POSSESSIVE = re.compile(r"\{(\w+)\}'s\b")


def template_id(e: Event, me: int | None) -> str:
    """Which template tells `e` (the event kind, or a variant of it)."""
    k, d = e.kind, e.data
    if k == "call":
        return {"none": "call.none", "killed": "call.killed"}.get(d["answer"], "call")
    if k == "gather":
        return "gather.gold" if d["resource"] == "gold" else "gather.cards"
    if k == "crown":
        if d.get("why") == "heir":
            return "crown.heir"
        if d.get("why") in ("emperor", "advisor"):
            return "crown.given"
        return "crown.kept" if d.get("kept") else "crown"
    if k == "emperor_take":
        return {"gold": "emperor_take.gold", "nothing": "emperor_take.nothing"}.get(
            str(d.get("what")), "emperor_take.card"
        )
    if k == "reveal_threat":
        return "reveal_threat.flower" if d["flower"] else "reveal_threat"
    if k == "theater_private" and d.get("player") == me:
        return "theater_private.mine"
    if k == "lighthouse" and d.get("took"):
        return "lighthouse.took"
    if k == "end_turn" and d.get("bewitched"):
        return "end_turn.bewitched"
    return k if k in TEMPLATES else "unknown"


def edition_pgettext(tr: gettext.NullTranslations, context: str, edition: str, text: str) -> str:
    """A card name as the edition's own book gives it: context "<context> <edition>" ("character classic")
    when the catalog has it, else the shared context ("character")."""
    s = tr.pgettext(f"{context} {edition}", text)
    return s if s != text else tr.pgettext(context, text)


def card_name(cfg: GameConfig, key: str, tr: gettext.NullTranslations | None = None) -> str:
    i = cfg.ed.district_by_key.get(key)
    tr = tr or _english()
    return edition_pgettext(tr, "district", cfg.edition, cfg.ed.districts[i].name) if i is not None else key


def char_name(cfg: GameConfig, key: str, tr: gettext.NullTranslations | None = None) -> str:
    i = cfg.ed.character_by_key.get(key)
    tr = tr or _english()
    return edition_pgettext(tr, "character", cfg.edition, cfg.ed.characters[i].name) if i is not None else key


def _join(names: list[str], tr: gettext.NullTranslations, empty: str = "nothing") -> str:
    if not names:
        return tr.gettext(empty)
    return ", ".join(names[:-1]) + (tr.gettext(" and ") if len(names) > 1 else "") + names[-1]


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def narrate(
    cfg: GameConfig, e: Event, me: int | None = None, tr: gettext.NullTranslations | None = None
) -> str:
    """One sentence for event `e`, told to player `me` ("you" for their own deeds), in the language of
    translator `tr` (English when None)."""
    tr = tr or _english()
    d: dict[str, Any] = e.data
    tid = template_id(e, me)
    # Whose deed it is: the player, or the thief for a robbery (it has no "player").
    actor = "player" if "player" in d else "thief" if "thief" in d else None
    mine = actor is not None and me is not None and d.get(actor) == me
    yours = {k for k in _PLAYER_KEYS if k in d and d[k] == me and me is not None}

    named: set[str] = set()  # the fields that hold a player's name: kept as the player typed it

    def who(key: str) -> str:
        p: int | None = d.get(key)
        if p is None:
            return tr.gettext("someone")
        if p != me:
            named.add(key if key != "player" else "who")
            return cfg.names[p]
        if key == "player":
            return tr.gettext("you")
        # The viewer as the object of a sentence: a language with cases may say "Anna (you)" instead.
        return tr.pgettext("you as target", "you").replace("{name}", cfg.names[p])

    def card(k: str) -> str:
        return card_name(cfg, k, tr)

    def char(k: str) -> str:
        return char_name(cfg, k, tr)

    def cards(keys: list[str]) -> str:
        return _join([card(k) for k in keys], tr)

    f: dict[str, Any] = {}
    for key, val in d.items():
        if key in _PLAYER_KEYS and (val is None or isinstance(val, int)):
            f[key if key != "player" else "who"] = who(key)
        elif key in ("card", "for") and isinstance(val, str):
            f[key] = card(val)
        elif key in ("character", "signed", "flower") and isinstance(val, str):
            f[key] = char(val)
        elif isinstance(val, list) and all(isinstance(x, str) for x in val):
            f[key] = ", ".join(char(c) for c in val) if key == "characters" else cards(val)
        else:
            f[key] = val
    f.setdefault("who", who("player"))
    for key in ("who", "target", "thief", "victim"):
        if key in f:
            # A sentence starts with a capital ("You", "Someone"), but a name stays as it was typed ("alice").
            cap = key.capitalize() if key != "who" else "Who"
            f[cap] = str(f[key]) if key in named else _cap(str(f[key]))
    k = e.kind
    if k == "setup":
        f.update(players=cfg.players, names=", ".join(cfg.names), first=cfg.names[0])
    elif k == "round":
        f["faceup"] = ", ".join(char(c) for c in d["faceup"]) or tr.gettext("none")
    elif k in ("gain_gold", "gain_cards"):
        why = str(d["why"])
        if why in cfg.ed.character_by_key:
            f["why"] = char(why) if tr is not _english() else why.replace("_", " ")
        elif why in cfg.ed.district_by_key:
            f["why"] = card(why) if tr is not _english() else why.replace("_", " ")
        else:
            f["why"] = tr.pgettext("reason", why.replace("_", " "))
    elif k == "threats":
        f["characters"] = tr.gettext(" and the ").join(char(c) for c in d["characters"])
    elif k == "exchange":
        f["gave"], f["took"] = card(d["gave"]), card(d["took"])
    elif k == "theater_private":
        f["gave"], f["took"] = char(d["gave"]), char(d["took"])
    elif k == "game_over":
        f["winners"] = _join([cfg.names[w] for w in d["winners"]], tr)
        f["count"] = len(d["winners"])
    elif k == "spy":
        f["type"] = tr.pgettext("district type", str(d["type"]))
    elif tid == "unknown":
        f.update(kind=k.replace("_", " "), data=", ".join(f"{x.replace('_', ' ')} {v}" for x, v in d.items()))
    return _sentence(tr, tid, mine, f, {"who" if x == "player" else x for x in yours})


def _sentence(
    tr: gettext.NullTranslations, tid: str, mine: bool, f: dict[str, Any], yours: Collection[str] = ()
) -> str:
    """Look the template up (the second person first for the viewer's deeds) and fill it in; `yours`
    are the fields naming the viewer. Of the templates tried, the first the catalog translates is told;
    when none is translated (English), the first as it is."""
    tries = [(f"event:{tid}", TEMPLATES[tid], PLURALS[tid][0] if tid in PLURALS else None)]
    if mine and tid in YOU_TEMPLATES:
        tries.insert(0, (f"event:{tid}:you", YOU_TEMPLATES[tid], YOU_PLURALS.get(tid)))
    n = f.get(PLURALS[tid][1], 0) if tid in PLURALS else 0
    n = n if isinstance(n, int) else 0
    s = ""
    for ctx, english, plural in tries:
        if plural is not None:
            told = tr.npgettext(ctx, english, plural, n)
            untranslated = told in (english, plural)
        else:
            told = tr.pgettext(ctx, english)
            untranslated = told == english
        if not untranslated:
            s = told
            break
        s = s or told
    s = _POSSESSIVE.sub(
        lambda m: (
            ("Your" if m.group(1)[:1].isupper() else "your") if m.group(1).lower() in yours else m.group(0)
        ),
        s,
    )
    return s.format_map(_Fields(f))


class _Fields(dict[str, Any]):
    """Fields for str.format_map: a placeholder a translation uses but the event lacks stays visible
    instead of raising (a catalog mistake must not crash the story)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
