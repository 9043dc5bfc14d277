"""Re-deal what one player cannot see: the basis of determinization for search bots and of the test that
a view holds no secret (DESIGN "Views")."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .rng import Rng
from .terms import CHOOSE_LAST, SELECT, Decision
from .view import observed_move

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


def redeal(
    g: Game, p: int, rng: Rng, plan: CharacterPlan | None = None, cards: CardPlan | None = None
) -> Game:
    """A copy of `g` in which every card and character hidden from player p is dealt again at random.

    The result depends only on p's information and the state of `rng` (never on where the hidden cards
    really were), so `redeal(redeal(g, p, a), p, b)` equals `redeal(g, p, b)` for equal `b`. `plan` is
    `character_plan(g, p)` and `cards` is `card_plan(g, p)` when the caller keeps them (`Worlds`)."""
    cards = cards or card_plan(g, p)
    h = g.clone()
    # The game's own generator decides future shuffles: that too is hidden from every player.
    h.rng = Rng(rng.next64())
    pool = cards.pool[:]
    rng.shuffle(pool)
    for q, known, k in cards.slots:
        hand = known[:]
        hand.extend(pool.pop() for _ in range(k))
        h.hands[q] = hand
    if cards.drawn >= 0:
        h.turn.drawn = [pool.pop() for _ in range(cards.drawn)]
    if cards.study >= 0:
        h.decision.data = [pool.pop() for _ in range(cards.study)]
    if cards.museum >= 0:
        h.museum = [pool.pop() for _ in range(cards.museum)]
    if cards.deck is not None:
        h.deck = cards.deck[:]
        rng.shuffle(h.deck)
    else:
        h.deck = pool
    # Characters: face-down discards, others' unrevealed characters, the draft in someone else's hands.
    plan = plan or character_plan(h, p)
    dealt, facedown, draft = deal_characters(plan, rng)
    for q, more in dealt:
        h.characters[q] = plan.kept[q] + more
        for i in more:
            h.owner[i] = q
    if facedown is not None:
        h.facedown = facedown
        for i in facedown:
            h.owner[i] = -1
    if draft is not None:
        h.round_state.draft = draft
        for i in draft:
            h.owner[i] = -1
    return h


class CardPlan(NamedTuple):
    """What dealing the district cards hidden from a seat again needs from the game (`card_plan`): like
    `CharacterPlan`, the same for every world re-dealt from one state."""

    pool: list[int]  # the hidden cards, sorted
    slots: list[tuple[int, list[int], int]]  # (seat, the cards of its hand p knows, how many it is dealt)
    drawn: int  # how many cards someone else drew are dealt again (-1: none)
    study: int  # ...the Scholar's cards in someone else's hands (-1: none)
    museum: int  # ...the cards under the Museum p does not own (-1: none)
    deck: list[int] | None  # the deck, sorted, while p looks through it (the classic Lighthouse): it is
    # only shuffled again; None: the deck is part of the pool


def card_plan(g: Game, p: int) -> CardPlan:
    """The district cards hidden from p and where they go (`redeal`)."""
    # District cards: the deck, the unknown part of other hands, cards drawn by someone else.
    # The classic Lighthouse: while p looks through the deck, he knows what is in it (not its order).
    deck_seen = g.decision.kind == Decision.LIGHTHOUSE and g.decision.player == p
    pool = [] if deck_seen else list(g.deck)
    slots: list[tuple[int, list[int], int]] = []
    for q in range(g.players):
        if q == p:
            continue
        known = list(g.known[p][q])
        unknown = list(g.hands[q])
        for c in known:
            unknown.remove(c)
        pool.extend(unknown)
        slots.append((q, known, len(unknown)))
    other_drawn = g.decision.kind == Decision.KEEP and g.decision.player != p
    if other_drawn:
        pool.extend(g.turn.drawn)
    other_study = (
        g.decision.kind == Decision.SCHOLAR_KEEP and g.decision.player != p
    )  # the Scholar's 7 cards are his secret
    if other_study:
        pool.extend(g.decision.data)
    # Cards under the Museum are face down (RULINGS R24): only its owner knows them.
    museum_hidden = bool(g.museum) and not g.has(p, "museum")
    if museum_hidden:
        pool.extend(g.museum)
    # Sorting first makes the result a function of what p knows and the rng alone, whatever the hidden
    # arrangement was: a bot that samples worlds this way decides the same in every re-dealt world.
    pool.sort()
    return CardPlan(
        pool,
        slots,
        len(g.turn.drawn) if other_drawn else -1,
        len(g.decision.data) if other_study else -1,
        len(g.museum) if museum_hidden else -1,
        sorted(g.deck) if deck_seen else None,
    )


def redealt_characters(g: Game, p: int, rng: Rng) -> list[list[int]]:
    """The characters every seat holds in `redeal(g, p, rng)`, leaving `rng` where that call would: the
    same world's characters without copying the game or dealing its cards. (`hard` rejects most of the
    worlds it samples by their characters alone; this lets it build only the ones it keeps.)"""
    return _redealt_characters(g, character_plan(g, p), _card_draws(g, p), rng)


def _redealt_characters(g: Game, plan: CharacterPlan, card_draws: int, rng: Rng) -> list[list[int]]:
    rng.skip(card_draws)
    dealt, _, _ = deal_characters(plan, rng)
    out = plan.kept[:]
    for q, more in dealt:
        out[q] = out[q] + more
    return out


def _card_draws(g: Game, p: int) -> int:
    """How many draws the cards' part of `redeal(g, p, ·)` takes from its generator: one seed for the
    world's own generator and one per card shuffled but the first, in each of the shuffles it makes."""
    deck_seen = g.decision.kind == Decision.LIGHTHOUSE and g.decision.player == p
    n = 0 if deck_seen else len(g.deck)
    for q in range(g.players):
        if q != p:
            n += len(g.hands[q]) - len(g.known[p][q])
    if g.decision.kind == Decision.KEEP and g.decision.player != p:
        n += len(g.turn.drawn)
    if g.decision.kind == Decision.SCHOLAR_KEEP and g.decision.player != p:
        n += len(g.decision.data)
    if g.museum and not g.has(p, "museum"):
        n += len(g.museum)
    draws = 1 + max(n - 1, 0)
    if deck_seen:
        draws += max(len(g.deck) - 1, 0)
    return draws


class CharacterPlan(NamedTuple):
    """What dealing the characters hidden from a seat again needs from the game (`character_plan`): the
    same for every world re-dealt from one state, so a sampler of many worlds makes it once."""

    pool: list[int]  # the hidden characters, sorted
    holders: list[tuple[int, int]]  # (seat, how many hidden characters it holds), every other seat
    named: list[tuple[int, int]]  # (character, the seat that named it) this round (`_named`)
    facedown: int  # how many face-down discards are dealt again (-1: they stay as they are)
    draft: int  # ...and how many characters of the draft (-1: likewise)
    kept: list[list[int]]  # by seat, the characters it keeps: all of p's, the others' revealed ones


def character_plan(g: Game, p: int) -> CharacterPlan:
    """The characters hidden from p and where they go (`deal_characters`)."""
    visible_draft = (
        g.phase == SELECT
        and not g.decision.kind
        and g.round_state.step < len(g.round_state.order)
        and g.picker() == p
    )
    cpool: list[int] = []
    holders: list[tuple[int, int]] = []  # (player, count)
    kept = [list(c) for c in g.characters]
    for q in range(g.players):
        if q == p:
            continue
        hidden = [i for i in g.characters[q] if not g.revealed[i]]
        cpool.extend(hidden)
        holders.append((q, len(hidden)))
        kept[q] = [i for i in g.characters[q] if g.revealed[i]]
    shuffle_facedown = not (
        visible_draft
        and g.round_state.order[g.round_state.step][1] is CHOOSE_LAST
        and len(g.round_state.draft) == 1
    )
    if shuffle_facedown:
        cpool.extend(g.facedown)
    if not visible_draft:
        cpool.extend(g.round_state.draft)
    cpool.sort()
    return CharacterPlan(
        cpool,
        holders,
        _named(g),
        len(g.facedown) if shuffle_facedown else -1,
        len(g.round_state.draft) if not visible_draft else -1,
        kept,
    )


def deal_characters(
    plan: CharacterPlan, rng: Rng
) -> tuple[list[tuple[int, list[int]]], list[int] | None, list[int] | None]:
    """Deal again the characters hidden from a seat (`character_plan`), without changing the game: (seat,
    the characters it is dealt beside those it revealed) for every other seat, then the new face-down
    discards and the new draft (None where they stay as they are)."""
    # A character someone named this round (killed, robbed, bewitched, given a warrant or a threat) is not
    # theirs: nobody may name their own (characters/_targets.py). That is public, so a world that deals
    # it to its namer is impossible; deal again until none does (a few tries at most, drawn from `rng`
    # alone, so the result still depends on p's information only).
    pool, holders, named, n_facedown, n_draft, _ = plan
    for _ in range(_DEALS):
        cpool = list(pool)
        rng.shuffle(cpool)
        if not named or _fits(cpool, holders, named):
            break
    dealt = [(q, [cpool.pop() for _ in range(k)]) for q, k in holders]
    facedown = [cpool.pop() for _ in range(n_facedown)] if n_facedown >= 0 else None
    draft = [cpool.pop() for _ in range(n_draft)] if n_draft >= 0 else None
    assert not cpool
    return dealt, facedown, draft


_DEALS = 50  # re-deals before giving up on the namers' rule (then the last deal stands)


def _named(g: Game) -> list[tuple[int, int]]:
    """(character, the player who named it) for each character named this round by another's ability."""
    out: list[tuple[int, int]] = []
    keys = [r.key for r in g.rules.character_rules]

    def owner_of(key: str) -> int:
        return g.owner[keys.index(key)] if key in keys else -1

    if g.killed >= 0:
        out.append((g.killed, owner_of("assassin")))
    if g.robbed >= 0:
        out.append((g.robbed, g.robber))
    if g.bewitched >= 0:
        out.append((g.bewitched, owner_of("witch")))
    marker = owner_of("magistrate") if "magistrate" in keys else owner_of("blackmailer")
    out.extend((i, marker) for i, m in enumerate(g.markers) if m)
    return [(i, q) for i, q in out if q >= 0]


def _fits(cpool: list[int], holders: list[tuple[int, int]], named: list[tuple[int, int]]) -> bool:
    """Whether dealing `cpool` from its end to `holders` in order gives no namer a character they named."""
    to: dict[int, int] = {}
    at = len(cpool)
    for q, k in holders:
        for _ in range(k):
            at -= 1
            to[cpool[at]] = q
    return all(to.get(i, -1) != q for i, q in named)


class Worlds:
    """The worlds seat p may be in: `Worlds(g, p)(rng)` is `redeal(g, p, rng)`, and `characters(rng)` the
    characters of that same world alone (`redealt_characters`). Bots that search get one (`bots.decide`).

    The game must not change while its worlds are sampled (one decision's search): what the deals need
    from it is worked out once, on the first sample (a search samples hundreds of worlds)."""

    __slots__ = ("game", "seat", "_plan", "_cards", "_card_draws")

    def __init__(self, g: Game, p: int) -> None:
        self.game = g
        self.seat = p
        self._plan: CharacterPlan | None = None
        self._cards: CardPlan | None = None
        self._card_draws = 0

    def plan(self) -> CharacterPlan:
        if self._plan is None:
            self._plan = character_plan(self.game, self.seat)
            self._card_draws = _card_draws(self.game, self.seat)
        return self._plan

    def __call__(self, rng: Rng) -> Game:
        if self._cards is None:
            self._cards = card_plan(self.game, self.seat)
        return redeal(self.game, self.seat, rng, self.plan(), self._cards)

    def moves_made(self) -> int | None:
        """How many moves the game has kept (`Game.record_moves`), or None if it keeps none."""
        moves = self.game.moves
        return None if moves is None else len(moves)

    def moves_seen(self, since: int) -> list[tuple[int, Action]] | None:
        """The moves kept from number `since` on, each as this seat saw it (`view.observed_move`: another
        seat's secret move by its kind alone); None if the game keeps no moves or fewer than `since`."""
        moves = self.game.moves
        if moves is None or since > len(moves):
            return None

        me = self.seat
        return [(q, observed_move(me, q, a)) for q, a in moves[since:]]

    def characters(self, rng: Rng) -> list[list[int]]:
        """`redealt_characters`, to be read only: the seats' lists may be shared between calls."""
        plan = self.plan()
        return _redealt_characters(self.game, plan, self._card_draws, rng)
