"""`normal`: the heuristic bot sharpened by inference. It remembers who held the crown when each draft
began, reads the draft for who probably holds which character (`inference.py`), aims the Assassin, the
Thief and the Witch at the character the leader most likely holds, and drafts to deny the leader."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action
from ..view import PlayerInfo, View
from .heuristic import HeuristicBot
from .inference import Beliefs, draft_order, infer, three_player_counts, two_player_segments


def strength(p: PlayerInfo) -> float:
    """A rough standing: districts toward completion weigh most, then their points, then gold."""
    return 3.0 * p.city_size + sum(d.cost for d in p.city) + 0.5 * p.gold + (4 if p.complete else 0)


class NormalBot(HeuristicBot):
    name = "normal"
    spread = 0.5  # weight of a character's worth regardless of who holds it
    deny = True
    by_strength = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.crowns: dict[int, int] = {}  # round -> seat holding the crown when its draft began
        # round -> my draft decisions in order: (kind, characters offered) -> the character I chose
        self._drafts: dict[int, dict[tuple[str, tuple[str, ...]], str]] = {}
        self._theater: set[int] = set()  # rounds whose draft a Theater may have ended with an exchange

    def choose(self, v: View) -> Action:
        if v.phase == "select" and v.round not in self.crowns:
            crown = next((p.seat for p in v.players if p.crown), None)
            if crown is not None:
                self.crowns[v.round] = crown
        a = super().choose(v)
        self.remember(v, a)
        return a

    def remember(self, v: View, a: Action) -> None:
        """Note a draft decision of mine (what I was offered and what I took or discarded), as a human
        remembers it; a bot that plays another move than this one's calls it again with its own."""
        if v.pending_kind in ("choose_character", "discard_character") and a.args:
            self._drafts.setdefault(v.round, {})[(str(v.pending_kind), v.options)] = str(a.args[0])
            if any(d.key == "theater" for p in v.players for d in p.city):
                self._theater.add(v.round)

    def segments(self, v: View) -> list[frozenset[str]]:
        """At 2 players: sets of characters of which the opponent holds exactly one (see inference)."""
        crown = self.crowns.get(v.round)
        if len(v.players) != 2 or crown is None:
            return []
        # The decision being made now is not yet a fact of the draft.
        now = (str(v.pending_kind), v.options)
        log = [(d, k) for d, k in self._drafts.get(v.round, {}).items() if d != now]
        return two_player_segments(v, crown, log)

    def counts(self, v: View) -> tuple[tuple[int, frozenset[str], int], ...]:
        """At 3 players: how many of which characters each opponent holds (see inference)."""
        if len(v.players) != 3 or v.round in self._theater:
            return ()
        if any(d.key == "theater" for p in v.players for d in p.city):
            return ()
        now = (str(v.pending_kind), v.options)
        log = [(d, k) for d, k in self._drafts.get(v.round, {}).items() if d != now]
        return three_player_counts(v, log)

    def beliefs(self, v: View) -> Beliefs:
        return infer(v, self.crowns.get(v.round))

    def leader(self, v: View) -> PlayerInfo | None:
        if not self.by_strength:
            return super().leader(v)
        others = [p for p in v.players if p.seat != v.me]
        return max(others, key=strength) if others else None

    def _weights(self, v: View) -> dict[int, float]:
        """How much hurting each opponent is worth: the leader most, anyone ahead of me more."""
        me = v.players[v.me or 0]
        leader = self.leader(v)
        out = {}
        for p in v.players:
            if p.seat == v.me:
                continue
            w = 1.0 + max(0.0, strength(p) - strength(me)) / 8
            if leader is not None and p.seat == leader.seat:
                w += 1.5
            out[p.seat] = w
        return out

    def pick_target(self, opts: Sequence[Action], order: tuple[str, ...], v: View) -> Action:
        """Aim at the character most likely held by whoever matters most; the fixed order breaks ties
        and rules when nothing is known."""
        b = self.beliefs(v)
        w = self._weights(v)
        robbing = bool(opts) and opts[0].kind == "rob"
        rank = {k: i for i, k in enumerate(order)}

        def score(a: Action) -> float:
            key = str(a.args[0])
            hit = 0.0
            for q, pr in b.holders(key):
                gain = (v.players[q].gold + 2) / 4 if robbing else 1.0
                hit += pr * w[q] * gain
            if hit == 0.0:
                return -1.0  # nobody can hold it: a wasted ability
            # How much the character is worth taking away, times how likely it hurts someone who matters.
            worth = 1.0 + (len(order) - rank.get(key, len(order))) / len(order)
            return worth * (self.spread + hit)

        return max(opts, key=score)

    def draft_value(self, v: View, key: str) -> float:
        val = super().draft_value(v, key)
        leader = self.leader(v)
        if leader is None or len(v.players) < 4 or not self.deny:
            return val
        n = len(v.players)
        crown = self.crowns.get(v.round, next((p.seat for p in v.players if p.crown), 0))
        order = draft_order(n, crown)
        if order.index(leader.seat) < order.index(v.me or 0):
            return val  # the leader has already picked: nothing left to deny
        near = leader.city_size >= v.complete_at - 2
        # Deny what the leader wants: protection and the big builder; take the weapons against him.
        if key == "bishop" and near:
            val += 1.0
        if key in ("assassin", "warlord", "marshal") and near:
            val += 0.7
        if key == "architect" and leader.hand_size >= 3:
            val += 0.5
        return val

    def _magic(self, v: View, by_kind: dict[str, list[Action]]) -> Action | None:
        # Cards I have seen in another hand (known_hand) make a swap worth more than a count suggests.
        swaps = by_kind.get("swap_hands", [])
        if swaps:

            def worth(a: Action) -> float:
                p = v.players[int(a.args[0])]
                known = sum(max(self.card_value(v, k), 0) for k in p.known_hand)
                return p.hand_size + known / 4

            best = max(swaps, key=worth)
            if worth(best) >= len(v.hand) + 2:
                return best
        return super()._magic(v, {k: a for k, a in by_kind.items() if k != "swap_hands"})
