"""Second-person agreement for narrated sentences ("You takes 2 gold." -> "You take 2 gold.").

The engine's narrator puts "you" where the viewer's name goes but keeps the third-person verb. Until it
conjugates for "you" itself, the app mends the verbs it uses, here, in one place."""

from __future__ import annotations

import re

_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}

# "you" (start of sentence or after ": ") followed by a third-person verb: chooses, reveals, keeps …
_YOU_VERB = re.compile(r"(^|[:.;] )([Yy]ou) ([a-z]+)\b")
_AND_VERB = re.compile(r"^(You [a-z]+ .*? and) ([a-z]+s)\b")
_NOT_VERBS = {"this", "his", "its", "gods", "cards", "gold"}


def _base(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb in _NOT_VERBS or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "xes", "sses", "zzes")):
        return verb[:-2]
    return verb[:-1]


def second_person(text: str) -> str:
    """Mend "you <verb>s" into "you <verb>" (and a second verb joined by "and")."""
    out = _YOU_VERB.sub(lambda m: f"{m.group(1)}{m.group(2)} {_base(m.group(3))}", text)
    return _AND_VERB.sub(lambda m: f"{m.group(1)} {_base(m.group(2))}", out)
