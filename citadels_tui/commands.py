"""Plain text to actions: `build castle`, `kill thief`, `destroy market in anna's city`, `3`.

Case-insensitive, with unambiguous prefixes for verbs and names. A typo gets "did you mean …", an
ambiguity lists the candidates. Verbs the parser does not know still work: every legal action kind is a
verb (its words), and every legal action is reachable by its number in the list, so new characters and
districts are playable before anyone teaches command_words.py their words. Parsing never raises.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Set
from dataclasses import dataclass
from functools import lru_cache

from citadels_core import Action, GameConfig
from citadels_core.view import View

from .command_words import (
    APP_ARGUMENTS,
    FILLER,
    TAKE_WORDS,
    TARGETED,
    VERB_KINDS,
    VERBS,
    YES,
    Argument,
    Name,
    is_number,
    name_match,
    norm,
    same_word,
    vocabulary,
)
from .i18n import language, t
from .names import card_name, char_name, describe, hurts_own_city

# The longest line read as a command: every option's label fits (the longest is under 120 characters in
# either language); anything longer is a paste, refused in one sentence and never repeated whole.
LONGEST_COMMAND = 160


@dataclass(frozen=True, slots=True)
class Command:
    """What a line of text asks for: game actions, an app command (`app`, `arg`), or an `error` sentence."""

    actions: tuple[Action, ...] = ()
    app: str = ""
    arg: str = ""
    error: str = ""


class ParseError(Exception):
    pass


class _Parser:
    def __init__(self, v: View, cfg: GameConfig) -> None:
        self.v = v
        self.cfg = cfg
        self.names = vocabulary(cfg, v.me)
        self.legal_kinds = {a.kind for a in v.legal}
        me = v.me
        self.hand = set(v.hand)
        self.my_city = (
            {d.key for d in v.players[me].city} if me is not None and me < len(v.players) else set()
        )
        self.all_cities = {d.key for p in v.players for d in p.city}
        self.in_cast = set(v.cast)
        self.options = set(v.options)
        # Values the current decision is about: they win a tie between equally good name matches.
        self.legal_args = {x for a in v.legal for x in a.args}

    # ------------------------------------------------------------ names

    def refs(
        self, tokens: list[str], kinds: Iterable[str], prefer: Iterable[str | int] = (), verb: str = ""
    ) -> list[Name]:
        """Resolve tokens into names of the given kinds, longest phrase first; raise ParseError.

        Ties between equally good matches go first to `prefer`, then to the arguments of the legal
        actions this verb can make (all legal actions when no verb is given)."""
        kinds = set(kinds)
        prefer = set(prefer)
        vk = VERB_KINDS.get(verb)
        tier2 = self.legal_args if vk is None else {x for a in self.v.legal if a.kind in vk for x in a.args}
        out: list[Name] = []
        i = 0
        while i < len(tokens):
            found = None
            for j in range(len(tokens), i, -1):
                phrase = tuple(tokens[i:j])
                # A filler word alone ("kill a") is a prefix the player means; among others it is grammar.
                if j == i + 1 and len(tokens) > 1 and (tokens[i] in FILLER or tokens[i].isdigit()):
                    exact = [n for n in self.names if n.kind in kinds and n.words == phrase]
                    if not exact:
                        break
                cands = self._candidates(phrase, kinds, prefer, tier2)
                if cands:
                    found = (cands, j)
                    break
            if found is None:
                if tokens[i] in FILLER or tokens[i].isdigit():
                    i += 1
                    continue
                raise ParseError(self._unknown(" ".join(tokens[i:]), tokens[i], kinds))
            cands, j = found
            if len(cands) > 1:
                raise ParseError(
                    t("“{w}” could be: {c}.", w=" ".join(tokens[i:j]), c=", ".join(n.label for n in cands))
                )
            out.append(cands[0])
            i = j
        return out

    def _candidates(
        self, phrase: tuple[str, ...], kinds: set[str], prefer: set[str | int], tier2: set[str | int]
    ) -> list[Name]:
        scored = [(m, n) for n in self.names if n.kind in kinds and (m := name_match(phrase, n))]
        if not scored:
            return []
        best = max(m for m, _ in scored)
        cands = _unique([n for m, n in scored if m == best])
        if len(cands) > 1 and prefer:
            pref = [n for n in cands if n.value in prefer]
            if pref:
                cands = pref
        if len(cands) > 1:
            pref = [n for n in cands if n.value in tier2]
            if pref:
                cands = pref
        return cands

    def _unknown(self, rest: str, word: str, kinds: set[str]) -> str:
        labels = {" ".join(n.words): n.label for n in self.names if n.kind in kinds}
        close = difflib.get_close_matches(rest, list(labels), n=3, cutoff=0.6) or difflib.get_close_matches(
            word, list(labels), n=3, cutoff=0.6
        )
        if close:
            return t("I don't know “{w}”. Did you mean {c}?", w=word, c=_or([labels[c] for c in close]))
        return t("I don't know “{w}”.", w=word)

    # ------------------------------------------------------------ verbs

    def verb(self, word: str) -> str | None:
        generic = self.generic_verbs()
        table = {**generic, **VERBS}
        if word in table:
            return table[word]
        cands = sorted({v for w, v in table.items() if w.startswith(word)})
        if len(cands) == 1:
            return cands[0]
        if len(cands) > 1:
            legal = [c for c in cands if self.verb_legal(c)]
            if len(legal) == 1:
                return legal[0]
            words = sorted(w for w, v in table.items() if w.startswith(word) and v in cands)
            raise ParseError(t("“{w}” could be: {c}.", w=word, c=", ".join(words)))
        return None

    def verb_legal(self, verb: str) -> bool:
        return _verb_legal(verb, self.legal_kinds)

    def generic_verbs(self) -> dict[str, str]:
        """Legal kinds the verb table does not cover become verbs by their first word."""
        return _generic_verbs(self.legal_kinds)


def _verb_legal(verb: str, kinds: Set[str]) -> bool:
    if verb.startswith("kind:"):
        return verb[5:] in kinds
    return any(k in kinds for k in VERB_KINDS.get(verb, ()))


def _generic_verbs(kinds: Set[str]) -> dict[str, str]:
    covered = {k for ks in VERB_KINDS.values() for k in ks}
    out: dict[str, str] = {}
    for k in sorted(kinds - covered):
        out.setdefault(norm(k).split()[0], "kind:" + k)
    return out


@lru_cache(maxsize=256)
def _first_words(kinds: frozenset[str]) -> tuple[str, ...]:
    """Every verb, those that something legal now answers first: the completions of a command's first
    word. They depend on the kinds of the legal actions alone, so they are worked out once per set of
    kinds, not on every keystroke of every player."""
    legal_first = [w for w, vb in {**_generic_verbs(kinds), **VERBS}.items() if _verb_legal(vb, kinds)]
    return tuple(dict.fromkeys(legal_first + [w for w in VERBS if w not in legal_first]))


def _unique(names: list[Name]) -> list[Name]:
    seen: set[tuple[str, str | int]] = set()
    out = []
    for n in names:
        if (n.kind, n.value) not in seen:
            seen.add((n.kind, n.value))
            out.append(n)
    return out


def _or(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + t(" or ") + items[-1]


def parse(text: str, v: View, cfg: GameConfig) -> Command:
    """Turn one line of text into a Command for the player of view `v`. Never raises."""
    try:
        return _parse(text, v, cfg)
    except ParseError as e:
        return Command(error=str(e))
    except Exception as e:  # noqa: BLE001 - the command line must never crash the app
        return Command(error=t("I could not understand that ({e}).", e=e))


def too_long(text: str) -> bool:
    """A line too long to be a command: a paste. It gets one sentence and is not echoed."""
    return len(text.strip()) > LONGEST_COMMAND


def is_yes(text: str) -> bool:
    return norm(text) in YES


def quoted(text: str, room: int = 30) -> str:
    """Typed text as an error sentence repeats it: shortened, so a sentence stays one short line."""
    text = " ".join(text.split())
    return text if len(text) <= room else text[: room - 1] + "…"


def _parse(text: str, v: View, cfg: GameConfig) -> Command:
    if too_long(text):
        return Command(error=t("That line is too long to be a command: nothing was done."))
    tokens = norm(text).split()
    if not tokens:
        if text.strip():
            return Command(
                error=t("I don't understand “{w}”. Type help for the commands, or a number.", w=quoted(text))
            )
        return Command()
    if len(tokens) == 1 and is_number(tokens[0]):
        if not is_number(text.strip().rstrip(".")):  # "-1" is no option number, "3." is
            return Command(
                error=t("There is no option {n}; choose 1 to {m}.", n=quoted(text, 8), m=len(v.legal))
            )
        return _number(int(tokens[0]), v, cfg)
    if v.result is not None and tokens in (["end"], ["конец"]):
        return Command(app="results")  # once the game is over, "end" can only mean its end screen
    labels = _labels(v, cfg)
    # An option typed as it is listed, in full: nothing else can be meant.
    exact = [a for a, words, bare in labels if tokens in (list(words), list(bare))]
    if len(exact) == 1:
        return Command(actions=(exact[0],))
    p = _Parser(v, cfg)
    try:
        verb = p.verb(tokens[0])
    except ParseError as e:
        verb, verb_error = "", str(e)
    else:
        verb_error = ""
    if verb and verb.startswith("app:") and (tokens[0] in VERBS or not _listed(tokens, labels)):
        return _app(p, verb[4:], tokens[1:], text)
    hits = _listed(tokens, labels)
    if verb_error:
        # A word that starts several verbs ("t": take, theme) names an option only by its first word.
        hits = [a for a, words, _bare in labels if a in hits and words and _fits(tokens[0], words[0])]
    if len(hits) == 1 and verb not in ("discard", "redraw"):
        # The words of one option, shortened or with words left out ("castle", "crown bruno gold"). Only
        # the Magician's "discard castle temple" means more than one option (see _discard).
        return Command(actions=(hits[0],))
    if verb_error:
        grammar = Command(error=verb_error)
    else:
        try:
            grammar = _grammar(p, verb, tokens, text)
        except ParseError as e:
            grammar = Command(error=str(e))
    if len(hits) == 1 and (not grammar.actions or len(grammar.actions) == 1):
        return Command(actions=(hits[0],))
    if grammar.actions:
        return grammar
    if len(hits) > 1 and len(hits) <= 8:
        return Command(
            error=t("“{w}” could be: {c}.", w=quoted(text), c="; ".join(describe(cfg, v, a) for a in hits))
        )
    return grammar


def _grammar(p: _Parser, verb: str | None, tokens: list[str], text: str) -> Command:
    """The command by its verb's grammar ("destroy market in anna's city")."""
    v, cfg = p.v, p.cfg
    if verb is None:
        return _bare_name(p, tokens, text)
    actions = _game_verb(p, verb, tokens[1:])
    if len(actions) == 1 and actions[0].kind in TARGETED and actions[0] not in v.legal:
        # The right verb with the wrong target: name the targets there are, in words.
        same = [a for a in v.legal if a.kind == actions[0].kind]
        if same:
            return Command(
                error=t("Not that one. You can: {o}.", o="; ".join(describe(cfg, v, a) for a in same))
            )
    return Command(actions=tuple(actions))


# The labels' words of the last view parsed: the inline suggestion and Enter parse the same view often.
_LAST_LABELS: list[tuple[View, GameConfig, str, list[tuple[Action, tuple[str, ...], tuple[str, ...]]]]] = []


def _labels(v: View, cfg: GameConfig) -> list[tuple[Action, tuple[str, ...], tuple[str, ...]]]:
    """Each legal option with the words of its label, and those words without the parts in brackets."""
    for seen, seen_cfg, lang, out in _LAST_LABELS:
        if seen is v and seen_cfg is cfg and lang == language():
            return out
    out = []
    for a in v.legal:
        label = describe(cfg, v, a)
        out.append((a, tuple(norm(label).split()), tuple(norm(re.sub(r"\([^)]*\)", " ", label)).split())))
    _LAST_LABELS[:] = [(v, cfg, language(), out)]
    return out


def _fits(typed: str, word: str) -> bool:
    if typed.isdigit() or (word in FILLER and len(typed) < 3):
        return typed == word  # "1" is no prefix of "12 gold", nor "t" of "the"
    return word.startswith(typed) or same_word(typed, word)


def _follows(tokens: list[str], words: tuple[str, ...]) -> bool:
    """The typed words appear in the label in order, each as (a prefix of, or a case of) a label word; a
    filler word typed that the label lacks ("kill the king") is skipped."""
    i = 0
    for tok in tokens:
        j = i
        while j < len(words) and not _fits(tok, words[j]):
            j += 1
        if j == len(words):
            if tok in FILLER:
                continue
            return False
        i = j + 1
    return True


def _listed(tokens: list[str], labels: list[tuple[Action, tuple[str, ...], tuple[str, ...]]]) -> list[Action]:
    return [a for a, words, _bare in labels if _follows(tokens, words)]


def confirmation(v: View, cfg: GameConfig, actions: Iterable[Action]) -> str:
    """The question to ask before `actions` are done ("" when none is needed): an option that destroys a
    district of the player's own city is done only once confirmed."""
    for a in actions:
        key = hurts_own_city(v, a)
        if key:
            return t(
                "That destroys your own {d}. Type yes to do it; anything else cancels.", d=card_name(cfg, key)
            )
    return ""


def _number(n: int, v: View, cfg: GameConfig) -> Command:
    if not v.legal:
        return Command(error=_waiting(v, cfg))
    if not 1 <= n <= len(v.legal):
        return Command(error=t("There is no option {n}; choose 1 to {m}.", n=n, m=len(v.legal)))
    return Command(actions=(v.legal[n - 1],))


def _waiting(v: View, cfg: GameConfig) -> str:
    if v.pending_player is None:
        return t("The game is over.")
    return t("It is {p}'s turn to decide, not yours.", p=cfg.names[v.pending_player])


def _bare_name(p: _Parser, tokens: list[str], text: str) -> Command:
    """A name alone means the one legal action about it: `king` chooses the King, `market` keeps it."""
    try:
        refs = p.refs(tokens, ("district", "character", "player"), p.legal_args)
    except ParseError:
        # A misspelt word alone: the names the options are about first ("kign" -> King), then the verbs.
        typed = " ".join(tokens)
        names = {" ".join(n.words): n.label for n in p.names if n.value in p.legal_args}
        close = [names[c] for c in difflib.get_close_matches(typed, list(names), n=3, cutoff=0.6)]
        close = list(dict.fromkeys(close))
        if not close:
            verbs = [w for w in VERBS if len(w) > 2]
            close = difflib.get_close_matches(tokens[0], verbs, n=3, cutoff=0.6)
        if not close:
            names = {" ".join(n.words): n.label for n in p.names}
            close = list(
                dict.fromkeys(
                    names[c] for c in difflib.get_close_matches(typed, list(names), n=3, cutoff=0.75)
                )
            )
        if close:
            return Command(
                error=t("I don't understand “{w}”. Did you mean {c}?", w=quoted(typed), c=_or(close))
            )
        return Command(
            error=t("I don't understand “{w}”. Type help for the commands, or a number.", w=quoted(text))
        )
    values = tuple(r.value for r in refs)
    hits = [a for a in p.v.legal if set(a.args) == set(values) and len(a.args) == len(values)]
    if len(hits) == 1:
        return Command(actions=(hits[0],))
    if len(hits) > 1:
        return Command(
            error=t(
                "“{w}” could be: {c}.", w=quoted(text), c="; ".join(describe(p.cfg, p.v, a) for a in hits)
            )
        )
    label = " ".join(r.label for r in refs)
    if not p.v.legal:
        return Command(error=_waiting(p.v, p.cfg))
    return Command(error=t("Nothing you can do now is about {x}. Type a number or help.", x=label))


def _app(p: _Parser, verb: str, rest: list[str], text: str) -> Command:
    """An app command with the argument it reads."""
    argument = APP_ARGUMENTS.get(verb, Argument.NONE)
    if argument is Argument.CARD:
        if not rest:
            return Command(app=verb)
        refs = p.refs(rest, ("district", "character"), p.hand | p.all_cities | p.in_cast)
        return Command(app=verb, arg=str(refs[0].value) if refs else "")
    if argument is Argument.PLAYER:
        if not rest:
            return Command(app=verb, arg="" if p.v.me is None else str(p.v.me))
        refs = p.refs(rest, ("player",))
        if not refs:
            return Command(error=t("Look at whom? {c}", c=", ".join(p.cfg.names)))
        return Command(app=verb, arg=str(refs[0].value))
    if argument is Argument.TEXT:
        words = text.strip().split(None, 1)
        return Command(app=verb, arg=words[1].strip() if len(words) > 1 else "")
    return Command(app=verb)


def _game_verb(p: _Parser, verb: str, rest: list[str]) -> list[Action]:
    v = p.v
    if verb == "take":

        def wants(what: str) -> bool:
            return any(any(x.startswith(w) for x in TAKE_WORDS[what]) for w in rest)

        if not rest or any(w in TAKE_WORDS["gold"] for w in rest) or all(w.isdigit() for w in rest):
            return [Action("gather", ("gold",))]
        if wants("cards"):
            return [Action("gather", ("cards",))]
        if wants("income"):
            return [Action("income")]
        if wants("bonus"):
            return [Action("bonus")]
        raise ParseError(t("Take what? Gold, cards, income or bonus."))
    if verb == "gold":
        return [Action("gather", ("gold",))]
    if verb == "draw":
        return [Action("gather", ("cards",))]
    if verb in ("end", "done"):
        # "done" ends the turn, "end" finishes a redraw: the one of the two that is possible now.
        other = "done" if verb == "end" else "end"
        return [Action(other if other in p.legal_kinds and verb not in p.legal_kinds else verb)]
    if verb in ("income", "bonus", "smithy"):
        return [Action(verb)]
    if verb in ("keep", "build", "beautify", "laboratory"):
        prefer = {"keep": p.options, "build": p.hand, "beautify": p.my_city, "laboratory": p.hand}[verb]
        return [Action(verb, (_one(p, rest, "district", prefer, verb),))]
    if verb in ("choose", "kill", "rob"):
        prefer = p.options if verb == "choose" else p.in_cast
        return [Action(verb, (_one(p, rest, "character", prefer, verb),))]
    if verb == "swap":
        refs = p.refs(rest, ("player",), verb="swap")
        if not refs:
            seats = [a.args[0] for a in v.legal if a.kind == "swap_hands"]
            if len(seats) == 1:
                return [Action("swap_hands", (seats[0],))]
            raise ParseError(
                t(
                    "Swap hands with whom? {c}",
                    c=", ".join(p.cfg.names[s] for s in seats if isinstance(s, int))
                    or ", ".join(n for i, n in enumerate(p.cfg.names) if i != v.me),
                )
            )
        return [Action("swap_hands", (refs[0].value,))]
    if verb in ("discard", "redraw"):
        return _discard(p, verb, rest)
    if verb == "pay":
        if not rest or any(w in TAKE_WORDS["gold"] or w == "золотом" for w in rest):
            return [Action("pay_gold")]
        refs = p.refs(rest, ("district",), p.hand, "pay")
        return [Action("pay_card", (r.value,)) for r in refs]
    if verb == "destroy":
        return [_destroy(p, rest)]
    if verb.startswith("kind:"):
        return [_generic(p, verb[5:], rest)]
    raise ParseError(t("I don't understand that."))


def _one(p: _Parser, rest: list[str], kind: str, prefer: set[str], verb: str) -> str:
    refs = p.refs(rest, (kind,), prefer, verb)
    if not refs:
        choices = [a.args[0] for a in p.v.legal if a.kind == verb and a.args]
        names = [
            card_name(p.cfg, str(c)) if kind == "district" else char_name(p.cfg, str(c)) for c in choices
        ]
        raise ParseError(
            t("{v} what? {c}", v=verb.capitalize(), c=", ".join(names) or t("Nothing is possible now."))
        )
    if len(refs) > 1:
        raise ParseError(t("One at a time, please: {v} {x}.", v=verb, x=refs[0].label.lower()))
    return str(refs[0].value)


def _discard(p: _Parser, verb: str, rest: list[str]) -> list[Action]:
    v = p.v
    if v.pending_kind == "discard_character":
        return [Action("discard_character", (_one(p, rest, "character", p.options, "discard"),))]
    kinds = ("district",) if verb == "redraw" else ("district", "character")
    refs = p.refs(rest, kinds, p.hand | p.options, verb)
    if refs and all(r.kind == "character" for r in refs):
        return [Action("discard_character", (refs[0].value,))]
    cards = [Action("discard", (r.value,)) for r in refs if r.kind == "district"]
    if v.pending_kind == "redraw":
        return cards if verb == "discard" else cards + [Action("done")]
    # The Magician's ability in one line: open the redraw, discard each card, and draw as many.
    if "redraw" in p.legal_kinds or verb == "redraw":
        return [Action("redraw"), *cards, Action("done")] if cards else [Action("redraw")]
    if not cards:
        raise ParseError(t("Discard what?"))
    return cards


def _destroy(p: _Parser, rest: list[str]) -> Action:
    v = p.v
    refs = p.refs(rest, ("district", "player"), p.all_cities, "destroy")
    cards = [r for r in refs if r.kind == "district"]
    seats = [r for r in refs if r.kind == "player"]
    if not cards:
        raise ParseError(t("Destroy which district? Say e.g. “destroy market in anna's city”."))
    key = str(cards[0].value)
    if seats:
        return Action("destroy", (seats[0].value, key))
    legal = [a for a in v.legal if a.kind == "destroy" and a.args[1:] == (key,)]
    if len(legal) == 1:
        return legal[0]
    owners = [q.seat for q in v.players if any(d.key == key for d in q.city)]
    if len(legal) > 1:
        owners = [int(a.args[0]) for a in legal]
    if len(owners) == 1:
        return Action("destroy", (owners[0], key))
    if not owners:
        raise ParseError(t("No city has a {d}.", d=cards[0].label))
    raise ParseError(t("Whose {d}? {c}", d=cards[0].label, c=_or([p.cfg.names[o] for o in owners])))


def _generic(p: _Parser, kind: str, rest: list[str]) -> Action:
    extra = norm(kind).split()[1:]  # "take_crown" typed in full: its other words are not arguments
    rest = [w for w in rest if w not in extra]
    refs = p.refs(rest, ("district", "character", "player"), p.legal_args)
    values = [r.value for r in refs]
    same = [a for a in p.v.legal if a.kind == kind]
    for a in same:
        if sorted(map(str, a.args)) == sorted(map(str, values)):
            return a
    if not values and len(same) == 1:
        return same[0]
    if not values and same:
        raise ParseError(t("Which one? {c}", c="; ".join(describe(p.cfg, p.v, a) for a in same)))
    return Action(kind, tuple(values))


# ---------------------------------------------------------------- completion


def completions(text: str, v: View, cfg: GameConfig) -> list[str]:
    """Full lines that complete `text`, most useful first (Tab and the inline suggestion use them)."""
    try:
        return _completions(text, v, cfg)
    except Exception:  # noqa: BLE001 - completion is a convenience; it must never break typing
        return []


def _completions(text: str, v: View, cfg: GameConfig) -> list[str]:
    if not text.strip():
        return []
    head, sep, last = text.rpartition(" ")
    lowered = text.lower()
    if not sep:
        first = _first_words(frozenset(a.kind for a in v.legal))
        return [w for w in first if w.startswith(lowered) and w != lowered]
    p = _Parser(v, cfg)
    # Complete the longest tail of words that starts some relevant name ("thieves d" -> "thieves' den").
    relevant = _relevant_names(p)
    words = text.split(" ")
    for k in range(min(3, len(words) - 1), 0, -1):
        tail = " ".join(words[-k:])
        ntail = norm(tail)
        if not ntail:
            continue
        prefix = " ".join(words[:-k])
        hits = [lab for lab in relevant if norm(lab).startswith(ntail) and norm(lab) != ntail]
        if hits:
            return [f"{prefix} {h.lower()}" for h in hits]
    return []


def _relevant_names(p: _Parser) -> list[str]:
    v = p.v
    cfg = p.cfg
    out = [card_name(cfg, k) for k in dict.fromkeys([*v.options, *v.hand]) if k in cfg.ed.district_by_key]
    out += [char_name(cfg, k) for k in v.cast]
    out += [n for i, n in enumerate(cfg.names) if i != v.me]
    out += [card_name(cfg, d.key) for q in v.players for d in q.city]
    out += ["gold", "cards"]
    # Then every other name, so `help observatory` completes even when no Observatory is in play.
    out += [n.label for n in p.names if n.kind != "player"]
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------- the words for an action


def words_for(a: Action, cfg: GameConfig) -> str:
    """The plain command that makes action `a` (the inverse of `parse`), to teach and to test."""
    k, args = a.kind, a.args

    def name(x: str | int) -> str:
        if isinstance(x, int):
            return cfg.names[x] if 0 <= x < len(cfg.names) else str(x)
        if x in cfg.ed.district_by_key:
            return card_name(cfg, x).lower()
        if x in cfg.ed.character_by_key:
            return char_name(cfg, x).lower()
        return x.replace("_", " ")

    if k == "gather":
        return "take gold" if args == ("gold",) else "draw"
    if k == "discard_character":
        return "discard " + name(args[0])
    if k == "swap_hands":
        return "swap hands with " + name(args[0])
    if k == "destroy" and len(args) == 2:
        return f"destroy {name(args[1])} in {name(args[0])}'s city"
    if k == "pay_card":
        return "pay " + name(args[0])
    if k == "pay_gold":
        return "pay gold"
    return " ".join([k.replace("_", " "), *map(name, args)])
