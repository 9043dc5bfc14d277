"""What a new game is made of: the config, the bots' levels, the seed; and the players' names."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable

from citadels_core import GameConfig, get_edition
from citadels_core.config import DEFAULT_NAMES

from .i18n import t, tp
from .names import char_name


class NewGame(
    namedtuple(
        "NewGame",
        "config bots seed cast_preset district_preset custom_cast custom_districts",
        defaults=("first_game", "first_game", "", ""),
    )
):
    """A new game as the form sets it up: `config` (GameConfig), `bots` (tuple[str, ...]: the level of each
    bot seat, seats 1..n-1), `seed` (int | None), `cast_preset` and `district_preset` (str, remembered in the
    settings for the next game; "custom": the lists below), `custom_cast` and `custom_districts` (str: the
    custom lists as typed on the form, remembered for the next game and form). (`collections.namedtuple`:
    `typing.NamedTuple` compiles each field's annotation at every start.)"""

    __slots__ = ()


EDITION_NAMES = {"2016": "2016 edition", "classic": "Classic edition (with The Dark City)"}


def edition_label(edition: str) -> str:
    """The edition's name in the player's language."""
    return t(EDITION_NAMES.get(edition, edition))


def default_names(taken: Iterable[str] = ()) -> list[str]:
    """The bots' names in the player's language (Russian names in a Russian game: the context "bot name"
    gives each default name's counterpart), without the names `taken`, in either language."""
    used = {x.casefold() for x in taken}
    out = []
    for x in DEFAULT_NAMES:
        local = tp("bot name", x)
        if x.casefold() not in used and local.casefold() not in used:
            out.append(local)
    return out


def bot_names(me: str, n: int) -> tuple[str, ...]:
    """Your name in seat 0, then the default names that differ from it."""
    return (me, *default_names([me])[: n - 1])


def default_preset(edition: str) -> str:
    """The preset a new game of `edition` starts from: the first one of its rulebook."""
    return get_edition(edition).presets[0].key


def preset_of(edition: str, key: str) -> str:
    """`key` when it names a preset of `edition`, else that edition's first preset."""
    keys = {p.key for p in get_edition(edition).presets}
    return key if key in keys else default_preset(edition)


def rank9_reason(config: GameConfig) -> str | None:
    """The sentence saying why this game has a rank 9 character, when the player count is the reason (both
    editions require one with 8 players): each round one character is set aside face down before anyone
    chooses, so with eight the last player would have nothing left to choose from."""
    if config.players != 8 or len(config.cast) < 9:
        return None
    return t(
        "With 8 players a rank 9 character is added, {name}: one character is set aside face down each "
        "round, and eight players need eight left to choose from.",
        name=char_name(config, config.cast[8]),
    )
