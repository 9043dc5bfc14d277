"""Re-deal what one player cannot see: the basis of determinization for search bots and of the test that
a view holds no secret (DESIGN "Views")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rng import Rng
from .terms import SELECT

if TYPE_CHECKING:
    from .game import Game


def redeal(g: Game, p: int, rng: Rng) -> Game:
    """A copy of `g` in which every card and character hidden from player p is dealt again at random.

    The result depends only on p's information and the state of `rng` (never on where the hidden cards
    really were), so `redeal(redeal(g, p, a), p, b)` equals `redeal(g, p, b)` for equal `b`."""
    h = g.clone()
    # The game's own generator decides future shuffles: that too is hidden from every player.
    h.rng = Rng(rng.next64())
    # District cards: the deck, the unknown part of other hands, cards drawn by someone else.
    # The classic Lighthouse: while p looks through the deck, he knows what is in it (not its order).
    deck_seen = h.follow_up == "lighthouse" and h.follow_up_player == p
    pool = [] if deck_seen else list(h.deck)
    slots: list[tuple[int, int]] = []  # (player, unknown cards in hand)
    for q in range(h.players):
        if q == p:
            continue
        known = list(h.known[p][q])
        unknown = list(h.hands[q])
        for c in known:
            unknown.remove(c)
        pool.extend(unknown)
        slots.append((q, len(unknown)))
        h.hands[q] = known
    other_drawn = h.follow_up == "keep" and h.follow_up_player != p
    if other_drawn:
        pool.extend(h.drawn)
    other_study = h.follow_up == "scholar_keep" and h.follow_up_player != p  # the Scholar's 7 cards are his secret
    if other_study:
        pool.extend(h.follow_up_data)
    # Cards under the Museum are face down (RULINGS R24): only its owner knows them.
    museum_hidden = bool(h.museum) and not h.has(p, "museum")
    if museum_hidden:
        pool.extend(h.museum)
    # Sorting first makes the result a function of what p knows and the rng alone, whatever the hidden
    # arrangement was: a bot that samples worlds this way decides the same in every re-dealt world.
    pool.sort()
    rng.shuffle(pool)
    for q, k in slots:
        h.hands[q].extend(pool.pop() for _ in range(k))
    if other_drawn:
        h.drawn = [pool.pop() for _ in range(len(h.drawn))]
    if other_study:
        h.follow_up_data = [pool.pop() for _ in range(len(h.follow_up_data))]
    if museum_hidden:
        h.museum = [pool.pop() for _ in range(len(h.museum))]
    if deck_seen:
        h.deck.sort()
        rng.shuffle(h.deck)
    else:
        h.deck = pool
    # Characters: face-down discards, others' unrevealed characters, the draft in someone else's hands.
    visible_draft = h.phase == SELECT and not h.follow_up and h.selection_step < len(h.selection_order) and h.picker() == p
    cpool: list[int] = []
    holders: list[tuple[int, int]] = []  # (player or -1 for face down, count)
    for q in range(h.players):
        if q == p:
            continue
        hidden = [i for i in h.characters[q] if not h.revealed[i]]
        for i in hidden:
            h.characters[q].remove(i)
        cpool.extend(hidden)
        holders.append((q, len(hidden)))
    shuffle_facedown = not (visible_draft and h.selection_order[h.selection_step][1] == "c+" and len(h.draft) == 1)
    if shuffle_facedown:
        cpool.extend(h.facedown)
    if not visible_draft:
        cpool.extend(h.draft)
    cpool.sort()
    rng.shuffle(cpool)
    for q, k in holders:
        for _ in range(k):
            i = cpool.pop()
            h.characters[q].append(i)
            h.owner[i] = q
    if shuffle_facedown:
        h.facedown = [cpool.pop() for _ in range(len(h.facedown))]
        for i in h.facedown:
            h.owner[i] = -1
    if not visible_draft:
        h.draft = [cpool.pop() for _ in range(len(h.draft))]
        for i in h.draft:
            h.owner[i] = -1
    assert not cpool
    return h
