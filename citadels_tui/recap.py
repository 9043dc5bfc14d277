"""What the story means for one player: the deeds done *to* them, a recap when their turn comes, and a
short account of each round.

A pure fold over the events one seat may see (its own events, in order: nothing hidden from it), so it is
tested without the screen. `Follow.feed` takes one event (and the next one, to place a recap after a
robbery told at the same moment) and returns a `Note`: whether the event was done to the viewer, and the
lines to tell after it (a `Recap` when the viewer's turn comes, a `RoundSummary` after each round). Those
lines are sentences only when told (`text()`), in the language of whoever reads them.

"Done to you" is what another player did to your gold, cards, city, crown or character: robbed, killed,
bewitched, threatened, a warrant, hand swapped, cards or gold taken, a district destroyed, exchanged,
seized or confiscated, the crown taken. A character is yours when your own events say you chose it (or
the Theater gave it to you) this round."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from citadels_core import GameConfig
from citadels_core.events import Event

from .i18n import t, tn
from .names import card_name, char_name

# Events naming a character that, when the character is the viewer's, are done to the viewer.
_TO_CHARACTER = ("kill", "rob", "bewitch")
_TO_CHARACTERS = ("threats", "warrants")
# Events whose `target` is the player they were done to.
_TO_TARGET = (
    "swap_hands",
    "destroy",
    "armory",
    "exchange",
    "seize",
    "confiscate",
    "wizard_takes",
    "wizard_builds",
    "emperor_take",
    "alms",
    "cardinal",
    "spy",
    "theater",
    "seer_take_private",
)
# Deeds done after the turn of the character that prepared them, by the event that prepared them: the
# robbery is told at the victim's call, the threat revealed and the district confiscated in the victim's
# turn, when the one who did it may be playing another character (2 and 3 players hold two each).
_PREPARED_BY = {"robbed": "rob", "reveal_threat": "threats", "confiscate": "warrants"}
# Private events that only add detail (which card) to a public one just before or after them.
_DETAILS = {
    "swap_hands_private": "swap_hands",
    "wizard_take_private": "wizard_takes",
    "emperor_take_private": "emperor_take",
    "theater_private": "theater",
}
# Deeds told in a round's summary (public events only), in the order they happen.
_SUMMARY = (
    "kill",
    "rob",
    "bewitch",
    "threats",
    "warrants",
    "swap_hands",
    "redraw",
    "destroy",
    "armory",
    "exchange",
    "seize",
    "wizard_takes",
    "wizard_builds",
    "crown",
    "build",
)


# The records here are named tuples made with `collections.namedtuple`: `typing.NamedTuple` compiles each
# field's annotation at every start.


class Deed(namedtuple("Deed", "event actor character detail yours", defaults=(None, None))):
    """One `event` done to the viewer, with who did it (`actor`, int | None) and as which `character`
    (str | None, when revealed); `detail` (dict | None): the private event that says which cards; `yours`
    (str | None): the viewer's character it was done to (a threat or warrant names several)."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields' types, for mypy only (see above)
        event: Event
        actor: int | None
        character: str | None
        detail: dict[str, Any] | None
        yours: str | None


class Recap(namedtuple("Recap", "cfg me deeds first")):
    """What was done to the viewer (`me`) since their previous turn, told when their turn comes: `deeds`
    (list[Deed]); `first`: the viewer's first turn of the game."""

    __slots__ = ()
    if TYPE_CHECKING:  # the fields' types, for mypy only (see above)
        cfg: GameConfig
        me: int  # deeds are done to a seat only, never to a spectator
        deeds: list[Deed]
        first: bool

    def clauses(self) -> list[str]:
        return [c for d in self.deeds if (c := _clause(self.cfg, self.me, d))]

    def text(self) -> str:
        parts = "; ".join(self.clauses())
        if self.first:
            return t("Before your first turn: {events}.", events=parts)
        return t("Since your last turn: {events}.", events=parts)


class Revealed(namedtuple("Revealed", "character player deeds")):
    """A `character` revealed in a round, who held it (`player`) and what they did with it (`deeds`, a
    list of events added to as the round goes on)."""

    __slots__ = ()


class RoundSummary(namedtuple("RoundSummary", "cfg me round revealed")):
    """Who held each revealed character of a `round` and what each did (`revealed`, list[Revealed]), in one
    paragraph for the viewer `me` (int | None)."""

    __slots__ = ()

    def text(self) -> str:
        parts = []
        for r in self.revealed:
            who = t("you") if r.player == self.me else self.cfg.names[r.player]
            head = t("the {character} ({who})", character=char_name(self.cfg, r.character), who=who)
            deeds = [s for e in r.deeds if (s := _summary_deed(self.cfg, self.me, e))]
            parts.append(head + (": " + ", ".join(deeds) if deeds else ""))
        return t("Round {n} in short: {parts}.", n=self.round, parts="; ".join(parts))


class Note(namedtuple("Note", "to_you after", defaults=(False, ()))):
    """What one event means for the viewer: done to them (`to_you`), and the lines to tell after it
    (`after`, a tuple of Recap and RoundSummary)."""

    __slots__ = ()


class Follow:
    """Folds one seat's events, in order; `me` is that seat (None: a spectator, to whom nothing is done)."""

    def __init__(self, cfg: GameConfig, me: int | None) -> None:
        self.cfg = cfg
        self.me = me
        self.mine: set[str] = set()  # the viewer's characters this round
        self.playing: dict[int, str] = {}  # player -> the character they last revealed this round
        # (event kind, player) -> the character that player was playing when making it (this round)
        self.prepared: dict[tuple[str, int], str] = {}
        self.crown: int | None = None
        self.deeds: list[Deed] = []  # done to the viewer since their last turn
        self.turns = 0  # the viewer's turns so far
        self.round = 0
        self.revealed: list[Revealed] = []
        self.current: Revealed | None = None  # whose turn it is (the deeds go to it)
        self._early: dict[tuple[str, int | None], dict[str, Any]] = {}  # details waiting for their deed

    def feed(self, e: Event, following: Event | None = None) -> Note:
        d, k, me = e.data, e.kind, self.me
        after: list[Recap | RoundSummary] = []
        if k == "setup":
            self.crown = d.get("crown", 0)
        elif k == "round":
            self.round = d["round"]
            self.crown = d.get("crown", self.crown)
            self.mine.clear()
            self.playing.clear()
            self.prepared.clear()
            self.revealed = []
            self.current = None
        elif k == "choose_private" and d.get("player") == me:
            self.mine.add(d["character"])
        elif k == "call" and d["answer"] == "revealed":
            p = d["player"]
            self.playing[p] = d["character"]
            self.current = Revealed(d["character"], p, [])
            self.revealed.append(self.current)
        elif k == "witch_resume":
            self.playing[d["player"]] = d["character"]
            self.current = next((r for r in self.revealed if r.player == d["player"]), self.current)
        elif k == "end_round":
            if self.revealed:
                after.append(RoundSummary(self.cfg, me, d["round"], self.revealed))
            self.current = None

        if k in _PREPARED_BY.values() and d.get("player") in self.playing:
            self.prepared[(k, d["player"])] = self.playing[d["player"]]
        to_you = me is not None and self._done_to_me(e)
        if to_you:
            actor = d.get("thief", d.get("player"))
            yours = next((c for c in d.get("characters", ()) if c in self.mine), None)
            detail = self._early.pop((k, actor), None)
            acted_as = None
            if actor is not None:
                acted_as = self.prepared.get((_PREPARED_BY.get(k, ""), actor), self.playing.get(actor))
            self.deeds.append(Deed(e, actor, acted_as, detail, yours))
        elif k in _DETAILS and me is not None and d.get("target") == me:
            self._detail(_DETAILS[k], e)
        if k == "theater_private" and me is not None:
            self._theater(d)
        if k == "crown":
            self.crown = d["player"]
        if (
            e.audience is None
            and k in _SUMMARY
            and self.current is not None
            and d.get("player") == self.current.player
            and not (k == "crown" and d.get("kept"))
        ):
            self.current.deeds.append(e)

        # The viewer's turn comes: the recap follows their character's call (and the robbery told with it).
        mine_called = k == "call" and d["answer"] == "revealed" and d["player"] == me
        robbed_now = (
            following is not None and following.kind == "robbed" and following.data.get("victim") == me
        )
        if (mine_called and not robbed_now) or (k == "robbed" and d.get("victim") == me):
            if self.deeds:
                after.insert(0, Recap(self.cfg, me, self.deeds, self.turns == 0))
            self.deeds = []
            self.turns += 1
        return Note(to_you, tuple(after))

    def _done_to_me(self, e: Event) -> bool:
        d, k, me = e.data, e.kind, self.me
        if k == "robbed":
            return bool(d["victim"] == me)
        if d.get("player") == me:
            return False  # what the viewer did to themselves (or to others) is not done to them
        if k in _TO_CHARACTER:
            return d["character"] in self.mine
        if k in _TO_CHARACTERS:
            return any(c in self.mine for c in d["characters"])
        if k in _TO_TARGET:
            return d.get("target") == me and not (k == "emperor_take" and d.get("what") == "nothing")
        if k == "reveal_threat":
            return d.get("target") == me and bool(d.get("flower"))
        if k == "crown":
            return self.crown == me and d["player"] != me
        return False

    def _detail(self, kind: str, e: Event) -> None:
        """Attach a private event's cards to the deed it details (told before or after it)."""
        for i in range(len(self.deeds) - 1, -1, -1):
            deed = self.deeds[i]
            if deed.event.kind == kind and deed.actor == e.data.get("player") and deed.detail is None:
                self.deeds[i] = Deed(deed.event, deed.actor, deed.character, e.data, deed.yours)
                return
        self._early[(kind, e.data.get("player"))] = e.data  # told before its deed (the Wizard's card)

    def _theater(self, d: dict[str, Any]) -> None:
        # The Theater moves characters: "gave"/"took" are from the acting player's side.
        if d["player"] == self.me:
            self.mine.discard(d["gave"])
            self.mine.add(d["took"])
        elif d["target"] == self.me:
            self.mine.discard(d["took"])
            self.mine.add(d["gave"])


def follow(cfg: GameConfig, events: Sequence[Event], me: int | None) -> list[Note | None]:
    """A Note for each event `me` may see (None for the others), in order."""
    f = Follow(cfg, me)
    seen = [e for e in events if e.visible_to(me)]
    notes: dict[int, Note] = {}
    for j, e in enumerate(seen):
        notes[id(e)] = f.feed(e, seen[j + 1] if j + 1 < len(seen) else None)
    return [notes.get(id(e)) for e in events]


# ---------------------------------------------------------------- sentences


def _actor(cfg: GameConfig, deed: Deed) -> str:
    if deed.actor is None:
        return t("someone")
    name = cfg.names[deed.actor]
    if deed.character is None:
        return name
    return t("{p}'s {character}", p=name, character=char_name(cfg, deed.character))


def _cards(cfg: GameConfig, keys: list[str]) -> str:
    names = [card_name(cfg, k) for k in keys]
    return ", ".join(names[:-1]) + (t(" and ") if len(names) > 1 else "") + names[-1]


def _clause(cfg: GameConfig, me: int, deed: Deed) -> str:
    """One thing done to the viewer, as a clause of the recap ("David's Warlord destroyed your Tower")."""
    e, d = deed.event, deed.event.data
    k, who, detail = e.kind, _actor(cfg, deed), deed.detail or {}

    def char(key: str) -> str:
        return char_name(cfg, key)

    if k == "robbed":
        return tn("{who} robbed you of {n} gold", "{who} robbed you of {n} gold", d["amount"], who=who)
    if k == "kill":
        return t("{who} killed your {character}", who=who, character=char(d["character"]))
    if k == "rob":
        return t("{who} chose to rob your {character}", who=who, character=char(d["character"]))
    if k == "bewitch":
        return t("{who} bewitched your {character}", who=who, character=char(d["character"]))
    if k in _TO_CHARACTERS:
        yours = deed.yours or d["characters"][0]
        if k == "threats":
            return t("{who} threatened your {character}", who=who, character=char(yours))
        return t("{who} put a warrant on your {character}", who=who, character=char(yours))
    if k == "swap_hands":
        if detail.get("gave"):
            got = detail["gave"]
            return tn(
                "{who} swapped hands with you — you got the {cards}",
                "{who} swapped hands with you — you got {cards}",
                len(got),
                who=who,
                cards=_cards(cfg, got),
            )
        return t("{who} swapped hands with you", who=who)
    if k in ("destroy", "armory"):
        return t("{who} destroyed your {card}", who=who, card=card_name(cfg, d["card"]))
    if k == "exchange":
        return t(
            "{who} took your {took} for their {gave}",
            who=who,
            took=card_name(cfg, d["took"]),
            gave=card_name(cfg, d["gave"]),
        )
    if k == "seize":
        return t("{who} seized your {card}", who=who, card=card_name(cfg, d["card"]))
    if k == "confiscate":
        return t("{who} confiscated your {card}", who=who, card=card_name(cfg, d["card"]))
    if k == "wizard_builds":
        return t("{who} took the {card} from your hand and built it", who=who, card=card_name(cfg, d["card"]))
    if k == "wizard_takes" or (k == "emperor_take" and d.get("what") == "card") or k == "seer_take_private":
        card = detail.get("card") or (d.get("card") if k == "seer_take_private" else None)
        if card:
            return t("{who} took the {card} from your hand", who=who, card=card_name(cfg, card))
        return t("{who} took a card from your hand", who=who)
    if k in ("emperor_take", "alms"):
        return tn("{who} took {n} gold from you", "{who} took {n} gold from you", 1, who=who)
    if k == "cardinal":
        return tn(
            "{who} took {n} gold from you for cards",
            "{who} took {n} gold from you for cards",
            d["gold"],
            who=who,
        )
    if k == "spy":
        return tn(
            "{who} looked at your hand and took {n} gold",
            "{who} looked at your hand and took {n} gold",
            d["gold"],
            who=who,
        )
    if k == "reveal_threat":
        return tn("{who} took all your gold ({n})", "{who} took all your gold ({n})", d["amount"], who=who)
    if k == "theater":
        if detail.get("gave"):
            return t(
                "{who} took your {took} and gave you the {gave}",
                who=who,
                took=char(detail["took"]),
                gave=char(detail["gave"]),
            )
        return t("{who} exchanged characters with you", who=who)
    if k == "crown":
        return t("{who} took the crown from you", who=who)
    return ""


def _summary_deed(cfg: GameConfig, me: int | None, e: Event) -> str:
    """One public deed of a revealed character, for the round's summary ("kills the Merchant")."""
    d, k = e.data, e.kind

    def owned(card: str) -> str:
        if d.get("target") == me:
            return t("your {card}", card=card_name(cfg, card))
        return t("{p}'s {card}", p=cfg.names[d["target"]], card=card_name(cfg, card))

    if k == "build":
        return t("builds the {card}", card=card_name(cfg, d["card"]))
    if k == "kill":
        return t("kills the {character}", character=char_name(cfg, d["character"]))
    if k == "rob":
        return t("robs the {character}", character=char_name(cfg, d["character"]))
    if k == "bewitch":
        return t("bewitches the {character}", character=char_name(cfg, d["character"]))
    if k == "threats":
        return t(
            "threatens the {characters}", characters=", ".join(char_name(cfg, c) for c in d["characters"])
        )
    if k == "warrants":
        return t(
            "puts warrants on the {characters}",
            characters=", ".join(char_name(cfg, c) for c in d["characters"]),
        )
    if k == "swap_hands":
        if d["target"] == me:
            return t("swaps hands with you")
        return t("swaps hands with {p}", p=cfg.names[d["target"]])
    if k == "redraw":
        return tn("exchanges {n} card with the deck", "exchanges {n} cards with the deck", d["count"])
    if k in ("destroy", "armory"):
        return t("destroys {what}", what=owned(d["card"]))
    if k == "exchange":
        return t("exchanges the {gave} for {what}", gave=card_name(cfg, d["gave"]), what=owned(d["took"]))
    if k == "seize":
        return t("seizes {what}", what=owned(d["card"]))
    if k in ("wizard_takes", "wizard_builds"):
        if d["target"] == me:
            return t("takes a card from your hand")
        return t("takes a card from {p}'s hand", p=cfg.names[d["target"]])
    if k == "crown":
        return t("takes the crown")
    return ""
