"""Who probably holds which character, inferred from one seat's view of the draft.

The draft leaks information: a player who picks after me chooses among the characters I passed on, and
one who picks before me took something I was never offered. Characters shown face up, revealed, or called
with nobody answering are out of play. `Beliefs` turns that into a probability per (player, character),
used by `normal` to aim its abilities and by `hard` to reject worlds that contradict what it saw.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..edition import get_edition
from ..rules import selection_script
from ..terms import CHOOSE
from ..view import View


def draft_order(n: int, crown: int) -> list[int]:
    """Seats in the order they first pick a character (the crowned player first)."""
    return [(crown + i) % n for i in range(n)]


@dataclass(frozen=True)
class Beliefs:
    """candidates[q]: the characters player q may hold (empty for me and for fully known players)."""

    me: int
    candidates: tuple[frozenset[str], ...]
    # The characters of player q, known because q revealed them this round.
    revealed: tuple[tuple[str, ...], ...]
    # (q, characters, count): player q holds exactly `count` of `characters` (at 3 players, from the
    # draft's gaps between my own offers; see `three_player_counts`). Worlds are judged by them, `prob`
    # is not.
    counts: tuple[tuple[int, frozenset[str], int], ...] = ()

    def prob(self, q: int, key: str) -> float:
        """Chance that player q holds `key` (uniform over q's candidates: a deliberately simple model)."""
        if key in self.revealed[q]:
            return 1.0
        c = self.candidates[q]
        return 1.0 / len(c) if key in c else 0.0

    def holders(self, key: str) -> list[tuple[int, float]]:
        """Players who may hold `key`, with their chance."""
        return [(q, p) for q in range(len(self.candidates)) if q != self.me and (p := self.prob(q, key)) > 0]


def infer(v: View, crown_at_draft: int | None = None) -> Beliefs:
    """Beliefs of seat `v.me` now. `crown_at_draft` is who held the crown when this round's draft began
    (a bot remembers it from its own draft view; without it, the current crown is the best guess)."""
    assert v.me is not None
    me = v.me
    n = len(v.players)
    ed = get_edition(v.edition)
    rank = {k: ed.characters[ed.character_by_key[k]].rank for k in v.cast}
    crown = crown_at_draft
    if crown is None:
        crown = next((p.seat for p in v.players if p.crown), 0)
    mine = set(v.my_characters)
    seen = set(v.seen_characters)
    revealed = tuple(tuple(p.revealed) for p in v.players)
    gone = set(v.faceup) | mine
    for r in revealed:
        gone.update(r)
    # A character whose call has passed without anyone revealing it is held by nobody (or was killed:
    # the killed character stays silent, so it stays possible).
    if v.phase != "select" and v.calling is not None:
        now = rank[v.calling]
        for k in v.cast:
            if rank[k] < now and k != v.killed and not any(k in r for r in revealed):
                gone.add(k)
    passed = seen - gone  # offered to me, not taken by me: later pickers chose from these
    unseen = set(v.cast) - seen - gone  # never offered to me: earlier pickers (or face down)
    order = draft_order(n, crown)
    my_pos = order.index(me)
    # When the draft leaves exactly one card for the last picker, he may take the face-down card instead,
    # which nobody before him saw.
    last_may_take_facedown = n >= 4 and len(v.cast) - len(v.faceup) - 1 == n
    cands: list[frozenset[str]] = []
    for q in range(n):
        if q == me or (revealed[q] and n >= 4):
            # With 4+ players each holds one character: a revealed one is all there is to know.
            cands.append(frozenset())
            continue
        if n <= 3 or not seen:
            pool = passed | unseen  # several picks each: the simple before/after split does not hold
        elif order.index(q) < my_pos:
            pool = unseen
        elif last_may_take_facedown and q == order[-1]:
            pool = passed | unseen
        else:
            pool = passed  # picked after me (or will): from what I left
        cands.append(frozenset(pool or (passed | unseen)))
    return Beliefs(me, tuple(cands), revealed)


def two_player_segments(
    v: View, crown: int, log: list[tuple[tuple[str, tuple[str, ...]], str]]
) -> list[frozenset[str]]:
    """At 2 players the draft tells far more than at 4: the order is crown picks, other picks and
    discards, crown picks and discards, other picks and discards. From my own draft decisions this round
    (`log`: ((kind, offered), my character) in order) follow disjoint sets of characters of which the
    opponent holds exactly one each:

    - crown's seat: the two that vanished between my first and second offers (he took one, discarded
      the other), and the two I left after my discard (he takes one, discards the other);
    - the other seat: the two I was never offered (his first pick and the card dealt face down), and the
      two that vanished between my discard and my last offer (his second pick and his discard)."""
    assert v.me is not None
    if v.faceup or len(v.players) != 2:
        return []
    picks = [(opts, k) for (kind, opts), k in log if kind == "choose_character"]
    drops = [(opts, k) for (kind, opts), k in log if kind == "discard_character"]
    out: list[frozenset[str]] = []
    if v.me == crown:
        if len(picks) >= 2:
            out.append(frozenset(picks[0][0]) - {picks[0][1]} - set(picks[1][0]))
        if drops:
            out.append(frozenset(drops[0][0]) - {drops[0][1]})
    else:
        if picks:
            out.append(frozenset(v.cast) - set(picks[0][0]))
        if drops and len(picks) >= 2:
            out.append(frozenset(drops[0][0]) - {drops[0][1]} - set(picks[1][0]))
    return [s for s in out if s]


def three_player_counts(
    v: View, log: list[tuple[tuple[str, tuple[str, ...]], str]]
) -> tuple[tuple[int, frozenset[str], int], ...]:
    """At 3 players each player picks two characters and one card is discarded at random during the draft
    (2016; the classic draft leaves one card face down at its end), so the before/after split of `infer`
    does not hold. What does: the characters that vanished from the draft between two of my offers are
    exactly those taken (or discarded) by the steps of the draft between them, so each opponent holds
    exactly as many of them as it picked in between. Likewise for what I was never offered (the face-down
    card and the picks before my first) and, once the draft is over, for what I left at my last offer.

    `log`: my draft decisions this round in order ((kind, offered), my character); the offer I decide on
    now counts too. Each offer is placed in the draft by its size (the draft shrinks by one card a step),
    which also tells who held the crown. Empty when the offers do not fit the draft (a bot that joined
    mid-round) or when a Theater may have exchanged characters after the draft."""
    assert v.me is not None
    me, n = v.me, len(v.players)
    if n != 3:
        return ()
    ed = get_edition(v.edition)
    nc = len(v.cast)
    script = selection_script(n, nc, ed.random_discard_3p)
    size, sizes = nc - len(v.faceup) - 1, []
    for _ in script:  # at 3 players every step takes one card out of the draft
        sizes.append(size)
        size -= 1
    offers: list[tuple[frozenset[str], str | None]] = [
        (frozenset(opts), k) for (kind, opts), k in log if kind == "choose_character"
    ]
    now_select = v.phase == "select" and v.pending_kind == "choose_character" and v.pending_player == me
    if now_select:
        offers.append((frozenset(v.options), None))
    if not offers:
        return ()
    steps: list[int] = []
    for opts, _k in offers:
        at = [s for s, (_off, kind) in enumerate(script) if kind is CHOOSE and sizes[s] == len(opts)]
        if len(at) != 1 or (steps and at[0] <= steps[-1]):
            return ()
        steps.append(at[0])
    offs = {script[s][0] for s in steps}
    if len(offs) != 1:
        return ()
    crown = (me - offs.pop()) % n
    mine = set(v.my_characters) | {k for _o, k in offers if k is not None}
    out: list[tuple[int, frozenset[str], int]] = []

    def gap(chars: frozenset[str], between: range) -> None:
        picks = [0] * n
        for s in between:
            off, kind = script[s]
            if kind is CHOOSE:
                picks[(crown + off) % n] += 1
        for q in range(n):
            if q != me:
                out.append((q, chars - mine, picks[q]))

    gap(frozenset(v.cast) - offers[0][0] - set(v.faceup), range(steps[0]))
    for i in range(len(offers) - 1):
        (o, k), (o2, _k2) = offers[i], offers[i + 1]
        gap(o - {k} - o2, range(steps[i] + 1, steps[i + 1]))
    last, k = offers[-1]
    if v.phase != "select" and k is not None:
        gap(last - {k}, range(steps[-1] + 1, len(script)))
    return tuple(out)
