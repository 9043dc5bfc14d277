"""Events told as sentences. One template per event kind; names come from the card tables."""

from __future__ import annotations

from typing import Any

from .config import GameConfig
from .events import Event


def _card(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.district_by_key.get(key)
    return ed.districts[i].name if i is not None else key


def _char(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    i = ed.character_by_key.get(key)
    return ed.characters[i].name if i is not None else key


def _cards(cfg: GameConfig, keys: list[str]) -> str:
    names = [_card(cfg, k) for k in keys]
    if not names:
        return "nothing"
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def narrate(cfg: GameConfig, e: Event, me: int | None = None) -> str:
    """One sentence for event `e`, told to player `me` ("you" for their own deeds)."""
    d: dict[str, Any] = e.data

    def who(key: str = "player") -> str:
        p = d.get(key)
        if p is None:
            return "someone"
        return "you" if p == me else cfg.names[p]

    def Who(key: str = "player") -> str:
        w = who(key)
        return w[0].upper() + w[1:]

    k = e.kind
    if k == "setup":
        return f"A game for {cfg.players} begins: {', '.join(cfg.names)}. {cfg.names[0]} has the crown."
    if k == "deal":
        return f"Your starting hand: {_cards(cfg, d['cards'])}."
    if k == "round":
        up = ", ".join(_char(cfg, c) for c in d["faceup"]) or "none"
        return f"Round {d['round']}. Face-up discards: {up}; one card is discarded face down."
    if k == "discard_random":
        return f"{Who()} discards a character at random, face down."
    if k == "choose":
        return f"{Who()} chooses a character."
    if k == "choose_private":
        return f"You choose the {_char(cfg, d['character'])}."
    if k == "discard_character":
        return f"{Who()} discards a character face down."
    if k == "discard_character_private":
        return f"You discard the {_char(cfg, d['character'])} face down."
    if k == "turn_phase":
        return "The crowned player calls the characters."
    if k == "call":
        c = _char(cfg, d["character"])
        if d["answer"] == "none":
            return f"The {c} is called. No one answers."
        if d["answer"] == "killed":
            return f"The {c} is called. Silence: the {c} was killed."
        return f"The {c} is called: {who()} reveals it."
    if k == "robbed":
        return f"{Who('thief')} robs the {_char(cfg, d['character'])}: {d['amount']} gold from {who('victim')}."
    if k == "gather":
        if d["resource"] == "gold":
            return f"{Who()} takes {d['amount']} gold."
        return f"{Who()} draws {d['drawn']} cards and keeps {d['kept']}."
    if k == "drawn_private":
        return f"You draw {_cards(cfg, d['cards'])}."
    if k == "gather_private":
        return f"You keep {_cards(cfg, d['kept'])}."
    if k == "keep_private":
        return f"You keep the {_card(cfg, d['card'])} and put {_cards(cfg, d['discarded'])} under the deck."
    if k == "gain_gold":
        return f"{Who()} gains {d['amount']} gold ({d['why'].replace('_', ' ')})."
    if k == "gain_cards":
        return f"{Who()} gains {d['count']} card{'s' if d['count'] != 1 else ''} ({d['why'].replace('_', ' ')})."
    if k == "gain_cards_private":
        return f"You gain {_cards(cfg, d['cards'])}."
    if k == "build":
        return f"{Who()} builds the {_card(cfg, d['card'])}."
    if k == "complete":
        return f"{Who()} completes a city! This is the last round."
    if k == "crown":
        if d.get("why") == "heir":
            return f"{Who()} takes the crown as heir."
        if d.get("why") in ("emperor", "advisor"):
            return f"{Who()} {'is' if d.get('player') != me else 'are'} given the crown."
        return f"{Who()} {'keeps' if d.get('kept') else 'takes'} the crown."
    if k == "heir":
        return f"At the end of the round, {who()} reveals the killed {_char(cfg, d['character'])}."
    if k == "kill":
        return f"{Who()} kills the {_char(cfg, d['character'])}."
    if k == "rob":
        return f"{Who()} will rob the {_char(cfg, d['character'])}."
    if k == "swap_hands":
        return f"{Who()} exchanges hands with {who('target')} ({d['gave']} cards for {d['took']})."
    if k == "swap_hands_private":
        return f"Hands exchanged: {who()} gave {_cards(cfg, d['gave'])} and took {_cards(cfg, d['took'])}."
    if k == "redraw":
        return f"{Who()} discards {d['count']} cards and draws {d['drawn']}."
    if k == "redraw_private":
        return f"You discard {_cards(cfg, d['discarded'])} and draw {_cards(cfg, d['drawn'])}."
    if k == "destroy":
        return f"{Who()} destroys {who('target')}'s {_card(cfg, d['card'])} for {d['paid']} gold."
    if k == "museum_lost":
        return f"The {d['count']} cards under the Museum go under the deck."
    if k == "beautify":
        return f"{Who()} beautifies the {_card(cfg, d['card'])}."
    if k == "laboratory":
        return f"{Who()} discards a card at the {_card(cfg, 'laboratory')} for {d.get('amount', 2)} gold."
    if k == "laboratory_private":
        return f"You discard the {_card(cfg, d['card'])} at the Laboratory."
    if k == "smithy":
        return f"{Who()} pays 2 gold at the Smithy."
    if k == "pay_with_cards":
        return f"{Who()} pays {d['count']} of the Thieves' Den's cost with cards."
    if k == "pay_with_cards_private":
        return f"You pay with {_cards(cfg, d['cards'])}."
    extra = _narrate_characters(cfg, k, d, who, Who)
    if extra is None:
        extra = _narrate_classic(cfg, k, d, who, Who)
    if extra is not None:
        return extra
    if k == "armory":
        return f"{Who()} destroys the Armory to destroy {who('target')}'s {_card(cfg, d['card'])}."
    if k == "sacrifice":
        return f"{Who()} destroys the {_card(cfg, d['card'])} instead of paying for the {_card(cfg, d['for'])}."
    if k == "museum":
        return f"{Who()} puts a card face down under the Museum ({d['count']} there now)."
    if k == "museum_private":
        return f"You put the {_card(cfg, d['card'])} under the Museum."
    if k == "theater":
        return f"{Who()} uses the Theater to exchange characters with {who('target')}."
    if k == "theater_private":
        if d["player"] == me:
            return f"You give the {_char(cfg, d['gave'])} to {who('target')} and take the {_char(cfg, d['took'])}."
        return f"{Who()} takes your {_char(cfg, d['took'])} and gives you the {_char(cfg, d['gave'])}."
    if k == "theater_pass":
        return f"No exchange at the Theater: {who()} passed."
    if k == "end_turn":
        if d.get("bewitched"):
            return f"{Who()} gathered as the bewitched {_char(cfg, d['character'])}; that turn ends at once."
        return f"{Who()} ends the {_char(cfg, d['character'])}'s turn."
    if k == "end_round":
        return f"Round {d['round']} ends."
    if k == "game_over":
        ws = " and ".join(cfg.names[w] for w in d["winners"])
        return f"The game is over. {ws} win{'s' if len(d['winners']) == 1 else ''}!"
    return f"{k.replace('_', ' ')}: {d}"


def _narrate_classic(cfg: GameConfig, k: str, d: dict[str, Any], who: Any, Who: Any) -> str | None:
    """Sentences for the events of the classic edition's cards (names from the card tables by key)."""
    if k == "pay_tax":
        return f"{Who()} built this turn and gives 1 gold to {who('target')}, the {_char(cfg, 'tax_collector')}."
    if k == "hospital":
        return f"Thanks to the {_card(cfg, 'hospital')}, {who()} still takes an action, but no more."
    if k == "thank":
        return f"{Who()} says: \"Thank you, your Excellency\" to {who('crown')}."
    if k == "forgot_thanks":
        return f"{Who()} forgot to thank {who('crown')} ({_card(cfg, 'ball_room')}) and loses the rest of the turn."
    if k == "graveyard":
        return f"{Who()} pays 1 gold at the {_card(cfg, 'graveyard')} to take the destroyed {_card(cfg, d['card'])}."
    if k == "lighthouse":
        took = "takes a card from the deck" if d["took"] else "takes no card from the deck"
        return f"{Who()} searches the deck with the {_card(cfg, 'lighthouse')}, {took}; the deck is shuffled."
    if k == "lighthouse_private":
        return f"You take the {_card(cfg, d['card'])} from the deck."
    if k == "bell_tower":
        return (f"{Who()} rings the {_card(cfg, 'bell_tower')}: the game ends after the round in which a city "
                f"reaches {d['complete_at']} districts.")
    if k == "bell_tower_silenced":
        return f"The {_card(cfg, 'bell_tower')} is gone: cities are complete at {d['complete_at']} districts again."
    return None


def _narrate_characters(cfg: GameConfig, k: str, d: dict[str, Any], who: Any, Who: Any) -> str | None:
    """Sentences for the events of the characters beyond the first game's."""
    if k == "tax":
        return f"{Who()} puts 1 gold on the Tax Collector's token ({d['token']} gold on it)."
    if k == "collect_tax":
        return f"{Who()} takes {d['amount']} gold from the Tax Collector's token."
    if k == "alms":
        return f"{Who('target')}, the richest, gives 1 gold to {who()}."
    if k == "cardinal":
        return (f"{Who()} takes {d['gold']} gold from {who('target')}, gives as many cards, and builds the "
                f"{_card(cfg, d['card'])}.")
    if k == "cardinal_give_private":
        return f"{Who()} gives the {_card(cfg, d['card'])} to {who('target')}."
    if k == "emperor_take":
        if d["what"] == "nothing":
            return f"{Who('target')} has neither gold nor cards to give {who()}."
        return f"{Who()} takes 1 {d['what']} from {who('target')}."
    if k == "emperor_take_private":
        return f"The card taken from {who('target')} is the {_card(cfg, d['card'])}."
    if k == "advisor":
        return f"At the end of the round, {who()} reveals the killed {_char(cfg, d['character'])} and moves the crown."
    if k == "study":
        return f"{Who()} draws {d['drawn']} cards to keep one."
    if k == "study_private":
        return f"You draw {_cards(cfg, d['cards'])}."
    if k == "scholar_keep_private":
        return f"You keep the {_card(cfg, d['card'])}; the other cards are shuffled into the deck."
    if k == "spy":
        return (f"{Who()} names {d['type']} and looks at {who('target')}'s hand: {d['matches']} match, "
                f"{d['gold']} gold taken.")
    if k == "spy_private":
        return f"{Who('target')}'s hand: {_cards(cfg, d['cards'])}."
    if k == "foresee":
        return f"{Who()} takes a random card from each player with cards."
    if k == "seer_take_private":
        return f"The Seer takes the {_card(cfg, d['card'])} from {who('target')}."
    if k == "seer_give":
        return f"{Who()} gives a card to {who('target')}."
    if k == "seer_give_private":
        return f"The Seer gives the {_card(cfg, d['card'])} to {who('target')}."
    if k == "wizard":
        return f"{Who()} looks at {who('target')}'s hand."
    if k == "wizard_private":
        return f"{Who('target')}'s hand: {_cards(cfg, d['cards'])}."
    if k == "wizard_take_private":
        return f"The Wizard takes the {_card(cfg, d['card'])} from {who('target')}."
    if k == "wizard_takes":
        return f"{Who()} takes a card from {who('target')}'s hand."
    if k == "wizard_builds":
        return f"{Who()} takes the {_card(cfg, d['card'])} from {who('target')} and builds it at once."
    if k == "exchange":
        return (f"{Who()} exchanges the {_card(cfg, d['gave'])} for {who('target')}'s "
                f"{_card(cfg, d['took'])}, paying {d['paid']} gold.")
    if k == "seize":
        return f"{Who()} seizes {who('target')}'s {_card(cfg, d['card'])} for {d['paid']} gold."
    if k == "warrants":
        return f"{Who()} puts warrants on the {', '.join(_char(cfg, c) for c in d['characters'])}."
    if k == "warrants_private":
        return f"The signed warrant is on the {_char(cfg, d['signed'])}."
    if k == "confiscate":
        return (f"{Who()} reveals the signed warrant and confiscates the {_card(cfg, d['card'])}; "
                f"{who('target')} gets {d['refund']} gold back.")
    if k == "threats":
        return f"{Who()} threatens the {' and the '.join(_char(cfg, c) for c in d['characters'])}."
    if k == "threats_private":
        return f"The flowered threat is on the {_char(cfg, d['flower'])}."
    if k == "bribe":
        return f"{Who()} bribes {who('target')} with {d['amount']} gold."
    if k == "refuse_bribe":
        return f"{Who()} refuses to pay the Blackmailer."
    if k == "spare":
        return f"{Who()} leaves the threat on {who('target')} face down."
    if k == "reveal_threat":
        if d["flower"]:
            return f"{Who()} reveals the flowered threat and takes all {d['amount']} of {who('target')}'s gold."
        return f"{Who()} reveals the threat on {who('target')}: no flower."
    if k == "bewitch":
        return f"{Who()} bewitches the {_char(cfg, d['character'])}."
    if k == "witch_pause":
        return f"{Who()} put{'s' if who() != 'you' else ''} the Witch's turn on hold."
    if k == "witch_resume":
        return f"{Who()} resume{'s' if who() != 'you' else ''} the turn as the {_char(cfg, d['character'])}."
    return None
