"""The engine's refusals in the player's language, rendered from their codes at the app boundary.

The engine raises IllegalAction and ConfigError with a code and its fields (citadels_core/errors.py); the
English sentence of the code is the message id of its translations (locale/*.po), so each language fills
its own sentence with the same fields, names of cards and characters translated too. Nothing is read back
from an English sentence. The app's own refusals (a seat it plays, a set it cannot play) are coded the
same way, below. tests/tui/test_i18n_catalogs.py checks that every code has its sentence in every language.

Fields are translated by their name: {card} an English district name, {character} an English character
name, {thing} either, {action} an action kind in words; anything else is shown as it is (numbers, players,
keys)."""

from __future__ import annotations

from citadels_core import Action, ConfigError, GameConfig, IllegalAction
from citadels_core.errors import CodedError
from citadels_core.view import View

from .i18n import t, tp, tpe
from .names import describe


class SeatRefusal(IllegalAction):
    """An action refused by the app's table before the engine sees it: a seat it does not let you play."""

    SENTENCES = {"bot_seat": "A bot plays that seat.", "spectator": "Spectators cannot play."}


class UnplayableSet(ConfigError):
    """A set-up whose rules the engine could not start a game with (a gap in the engine, told in words)."""

    SENTENCES = {"unplayable": "This set cannot be played yet ({e})."}


# Every coded sentence the app may show, by the class that raises it.
CODED: tuple[type[CodedError], ...] = (IllegalAction, ConfigError, SeatRefusal, UnplayableSet)


def _part(name: str, value: object, edition: str) -> str:
    text = str(value)
    if name == "card":
        return tpe("district", edition, text)
    if name == "character":
        return tpe("character", edition, text)
    if name == "thing":
        s = tpe("district", edition, text)
        return s if s != text else tpe("character", edition, text)
    if name == "action":
        return tp("action", text)
    return text


def error_text(e: BaseException, edition: str = "2016") -> str:
    """The sentence of error `e` in the player's language (card names as `edition`'s book gives them): a
    coded error from its code and fields; any other error (a KeyError of a bad set-up) as it reads."""
    if isinstance(e, CodedError):
        return t(e.template).format_map({k: _part(k, v, edition) for k, v in e.fields.items()})
    return str(e).strip("'\"")


def explain_refusal(e: IllegalAction, cfg: GameConfig, v: View, actions: list[Action]) -> str:
    """The engine's refusal of `actions` for the player: "That target is not allowed" lists the targets
    there are as the options list words them (the engine's sentence shows keys and seat numbers)."""
    if e.code == "wrong_target":
        kinds = {a.kind for a in actions}
        same = [a for a in v.legal if a.kind in kinds]
        if same:
            return t("Not that one. You can: {o}.", o="; ".join(describe(cfg, v, a) for a in same))
    return error_text(e, cfg.edition)
