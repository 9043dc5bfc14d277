"""What the game's screens and the app's commands ask of the app they run in, and of the game screen.

`CitadelsApp` (app.py) and the apps made from it are the `GameApp`; `GameScreen`
(components/game_screen.py) is the `Board`. Both are Protocols, so that a screen names the app by what
it offers without importing app.py, which imports the screens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal, Protocol, TypeVar, runtime_checkable

from textual.screen import Screen, ScreenResultCallbackType
from textual.widget import AwaitMount

from citadels_core import GameConfig
from citadels_core.view import View
from citadels_themes import Theme

from .game_setup import NewGame
from .saves import BackgroundSaver
from .settings import Settings
from .table import Seat, Table

Result = TypeVar("Result")


@runtime_checkable
class Board(Protocol):
    """The game screen, as the app's commands use it (app_commands.py)."""

    seat: Seat

    def taken_back(self) -> None: ...

    def tell(self, about: Callable[[View, GameConfig, str], list[str]], arg: str = "") -> None: ...

    def show_card(self, key: str) -> None: ...

    def skip(self) -> None: ...

    def ask_hint(self) -> None: ...

    def explain(self, about: str) -> None: ...

    def think(self, arg: str = "") -> None: ...

    def open_story(self) -> None: ...

    def ask_to_leave(self) -> bool: ...


@runtime_checkable
class GameApp(Protocol):
    """The app as its screens and its commands use it."""

    # A hint's search: playouts, and a time cap (None: none, so that the same position gets the same hint).
    hint_budget: tuple[int, float | None]
    farewell: str  # said as the app exits
    theme: str

    @property
    def table(self) -> Table | None: ...

    @property
    def seat(self) -> Seat | None: ...

    @property
    def hosted_seat(self) -> Seat | None: ...

    @property
    def owns_table(self) -> bool: ...

    @property
    def save_path(self) -> Path | None: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def saver(self) -> BackgroundSaver: ...

    @property
    def edition_request(self) -> str | None: ...

    @property
    def game_themes(self) -> dict[str, Theme]: ...

    @property
    def user_theme_dir(self) -> Path: ...

    @property
    def game_screen(self) -> Board | None: ...

    def command_on_screen(self, name: str, board: Board, arg: str) -> bool: ...

    def theme_names(self) -> list[str]: ...

    def game_is_saved(self) -> bool: ...

    def say(self, text: str, alert: bool = False) -> None: ...

    def shown(self) -> dict[str, str]: ...

    def line_to_file(self) -> str: ...

    def set_theme(self, name: str, quiet: bool = False) -> bool: ...

    def set_pace(self, arg: str) -> None: ...

    def set_language(self, arg: str) -> None: ...

    def set_ring(self, arg: str) -> None: ...

    def write_settings(self) -> None:
        """Save the settings (where the app keeps a file of them, and it is not broken)."""

    def remember(self, spec: NewGame) -> None: ...

    def new_game(self, spec: NewGame | None = None, seed: int | None = None) -> None: ...

    def show_results(self) -> None: ...

    def show_review(self) -> None: ...

    def push_screen(
        self,
        screen: Screen[Result] | str,
        callback: ScreenResultCallbackType[Result] | None = None,
        wait_for_dismiss: Literal[False] = False,
        *,
        mode: str | None = None,
    ) -> AwaitMount: ...

    def exit(self, result: int | None = None, return_code: int = 0, message: str | None = None) -> None: ...
