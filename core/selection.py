"""The selection of characters: a round's start, its picks, and the turn phase's start once they are made.

Each public function takes the game first and is a method of `Game` under the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import IllegalAction
from .events import shape
from .terms import CHOOSE_LAST, DISCARD, NO_DECISION, RANDOM_DISCARD, SELECT, TURN, CastIndex, Seat

if TYPE_CHECKING:
    from .game import Game

# The shapes of the event log's compact records (events.shape; see Game.events).
_ROUND = shape("round", "round", "crown", "faceup", "facedown")
_TURN_PHASE = shape("turn_phase", "round")
_CHOOSE = shape("choose", "player")
_CHOOSE_PRIVATE = shape("choose_private", "player", "character")
_DISCARD_CHARACTER = shape("discard_character", "player")
_DISCARD_CHARACTER_PRIVATE = shape("discard_character_private", "player", "character")


def start_round(g: Game) -> None:
    """A new round: the characters are shuffled, the discards made and the selection begins."""
    n, nc = g.players, g.cast_size
    g.round += 1
    g.phase = SELECT
    g.owner = [-1] * nc
    g.characters = [[] for _ in range(n)]
    g.revealed = [False] * nc
    g.killed = g.robbed = g.bewitched = g.robber = -1
    g.markers = [0] * nc
    g.decision.player = -1
    g.current_character = -1
    g.turn.player = -1
    g.decision.kind = NO_DECISION
    deck = list(range(nc))
    g.rng.shuffle(deck)
    facedown_first = g.rules.edition.facedown_first
    if facedown_first:
        g.facedown = [deck.pop()]
    faceup: list[CastIndex] = []
    nup = g.rules.faceup_count
    while len(faceup) < nup:
        c = deck.pop()
        if g.rules.hooks.ranks[c] == 4:
            # RULINGS R6: rank 4 is never face up; it is shuffled back and another card replaces it.
            deck.append(c)
            g.rng.shuffle(deck)
            continue
        faceup.append(c)
    g.faceup = faceup
    if not facedown_first:
        g.facedown = [deck.pop()]
    r = g.round_state
    r.draft = deck
    r.order = g.rules.selection_script
    r.step = 0
    r.seen = [[] for _ in range(n)]
    r.called_by = [-1] * nc
    log = g.log
    if log is not None:
        log.append((_ROUND, None, g.round, g.crown, [g.rules.cast_keys[c] for c in faceup], 1))
    advance_selection(g)


def picker(g: Game) -> Seat:
    """The seat whose pick it is in the selection."""
    return g.round_state.picker


def selection_options(g: Game) -> list[CastIndex]:
    """Character cards the current picker chooses from."""
    r = g.round_state
    kind = r.order[r.step][1]
    if kind is CHOOSE_LAST and len(r.draft) == 1:
        return r.draft + g.facedown
    return r.draft


def advance_selection(g: Game) -> None:
    r = g.round_state
    while r.step < len(r.order):
        kind = r.order[r.step][1]
        r.picker = seat = g.rules.pick_seats[g.crown][r.step]
        if kind is RANDOM_DISCARD:
            # 3 players: the third player discards one of the remaining cards at random.
            c = r.draft.pop(g.rng.below(len(r.draft)))
            g.facedown.append(c)
            if g.log is not None:
                g.emit("discard_random", {"player": seat})
            r.step += 1
            continue
        seen = r.seen[seat]  # the picker's
        draft = r.draft
        # selection_options(), added to what the picker has seen: at once at the seat's first pick of
        # the round (with 4 or more players, its only one)
        options = draft + g.facedown if kind is CHOOSE_LAST and len(draft) == 1 else draft
        if not seen:
            seen.extend(options)
        else:
            for c in options:
                if c not in seen:
                    seen.append(c)
        return
    # Selection over: the unchosen cards are discarded face down.
    r.picker = -1
    g.facedown.extend(r.draft)
    r.draft = []
    end_selection(g)


def end_selection(g: Game) -> None:
    for dr in g.rules.district_hooks.selection_end:  # (the others' on_selection_end does nothing)
        if dr.on_selection_end(g):
            return  # a district (Theater) opened a decision; it resumes the turn phase
    begin_turn_phase(g)


def begin_turn_phase(g: Game) -> None:
    g.phase = TURN
    g.decision.kind = NO_DECISION
    log = g.log
    if log is not None:
        log.append((_TURN_PHASE, None, g.round))
    g.call_next()


def apply_selection(g: Game, p: Seat, a: Action) -> None:
    r = g.round_state
    kind = r.order[r.step][1]
    if a.kind != ("discard_character" if kind is DISCARD else "choose") or len(a.args) != 1:
        raise IllegalAction("discard_passed" if kind is DISCARD else "choose")
    idx = g.rules.cast_ids.get(str(a.args[0]), -1)  # cast_index
    if idx not in (r.draft + g.facedown if kind is CHOOSE_LAST and len(r.draft) == 1 else r.draft):
        # (that list: selection_options())
        raise IllegalAction("character_not_held", character=character_name(g, a.args[0]))
    pick(g, p, idx)


def pick(g: Game, p: Seat, idx: CastIndex) -> None:
    """The selection's pick by the picker p (no follow-up open): the character at cast index `idx`, chosen
    or discarded as the pick's kind says. Known legal (one of `selection_options()`), like
    `apply_unchecked`'s actions: the `hard` bot's playouts pick by cast index (a fifth of their
    decisions), without an action to make and read back."""
    g.offered = ()  # the state changes: what was listed no longer holds
    r = g.round_state
    kind = r.order[r.step][1]
    if kind is CHOOSE_LAST and len(r.draft) == 1:
        opts = r.draft + g.facedown
        # The last player took the face-down card too: the other one goes face down.
        other = [c for c in opts if c != idx][0]
        r.draft = []
        g.facedown = [other]
    else:
        r.draft.remove(idx)
    if kind is DISCARD:
        g.facedown.append(idx)
        log = g.log
        if log is not None:
            log.append((_DISCARD_CHARACTER, None, p))
            log.append((_DISCARD_CHARACTER_PRIVATE, (p,), p, g.rules.cast_keys[idx]))
    else:
        g.owner[idx] = p
        g.characters[p].append(idx)
        log = g.log
        if log is not None:
            log.append((_CHOOSE, None, p))
            log.append((_CHOOSE_PRIVATE, (p,), p, g.rules.cast_keys[idx]))
    r.step += 1
    advance_selection(g)


def character_name(g: Game, key: Any) -> str:
    """The English name of the character `key`, for the engine's sentences."""
    i = g.rules.edition.character_by_key.get(str(key))
    return g.rules.edition.characters[i].name if i is not None else str(key)


def swap_characters(g: Game, p: Seat, q: Seat, ip: CastIndex, iq: CastIndex) -> None:
    """Exchange p's character ip with q's character iq (Theater)."""
    g.characters[p][g.characters[p].index(ip)] = iq
    g.characters[q][g.characters[q].index(iq)] = ip
    g.owner[ip], g.owner[iq] = q, p
