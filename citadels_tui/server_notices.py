"""Sentences the SSH server says to a player inside their own app, so they read them in their language.

The server calls these from the player's app context (a callback in the app's queue), where `t` finds
the app and its language."""

from __future__ import annotations

from .i18n import t


def input_slowed() -> str:
    return t(
        "You are sending keys faster than this server takes them: your input is slowed down. "
        "Keep it up and you will be disconnected."
    )


def input_flood_farewell() -> str:
    return t("Disconnected: you kept sending more input than this server takes.")
