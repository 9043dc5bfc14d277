"""How to play, the commands and keys, and every card's text; `help observatory` opens it on that card."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown, Static

from citadels_core import GameConfig

from ..i18n import t, tp
from ..names import card_name, card_text, char_name, type_letter

HOW_TO_PLAY = """\
# How to play Citadels

Build the finest city. The game ends after the round in which a city reaches its last district
(7 districts, 8 with 2–3 players); then the most points win.

**Each round** every player secretly chooses a character, starting with the crown. Then the
characters are called by rank; when yours is called you take your turn:

1. **Gather**: take 2 gold (`gold`) or draw 2 cards and keep one (`draw`, then `keep market`).
2. Use your character's ability when you like (`kill thief`, `rob merchant`, `income`, `bonus` …).
3. **Build** one district from your hand by paying its cost (`build castle`), then `end`.

**Points**: each district's cost; 3 for all five types; 4 for the first completed city, 2 for the
others; plus unique districts' bonuses. Ties go to the player who revealed the highest rank.

# Commands

Type a command and press Enter; prefixes work (`bu ca` = `build castle`), Tab completes.

| command | does |
|---|---|
| `1` … `9` | the option with that number in the list (or click it) |
| `take gold`, `gold` / `draw` | gather resources |
| `keep market` | keep one of the drawn cards |
| `choose king`, `king` | choose a character |
| `build castle` | build a district |
| `income`, `bonus`, `end` | your character's income, its extra, end your turn |
| `kill thief`, `rob merchant` | the Assassin's and the Thief's abilities |
| `swap hands with bruno` | the Magician exchanges hands |
| `discard tavern temple` | the Magician discards cards and draws as many |
| `destroy market in bruno's city` | the Warlord destroys a district |
| `look at bruno`, `score` | a player's city and known cards; points so far |
| `help castle` | a card's or character's text |
| `new`, `save`, `quit`, `theme NAME` | a new game, save now, leave, change colours |
| `theme`, `settings` | list the colour themes; the settings screen (F3) to pick one |
| `pace 0.3`, `skip` | seconds each bot move stays on screen; stop waiting until your next move |
| `hint` | what the hard bot would do now: its best choices, your chances to win (F4) |
| `undo` | take back your last decision, while nobody has acted since and it showed you nothing hidden |
| `share` | the game so far as one line, copied too where the terminal allows it (`citadels replay LINE` replays it) |

# Keys

| key | does |
|---|---|
| digits | choose the numbered option (a lone digit acts at once when it cannot start a longer number) |
| Enter on an empty line, F5 | skip the pause between the bots' moves |
| Tab | complete the command |
| F1 | this help · F2 a new game · F3 settings · F4 a hint · Ctrl+Q quit |
| Esc | close this help |

District types are shown by letter as well as colour: N noble, R religious, T trade, M military,
U unique.
"""


STORY_HELP = """\
# The story

| key or command | does |
|---|---|
| PageUp, PageDown | scroll the story pane a page back or on, while you type in the command line |
| Ctrl+Home, Ctrl+End | the story's first line, its latest (or Shift+PageUp, Shift+PageDown) |
| `story`, F6 | the whole game's story, round by round: type to find in it, Esc closes |

Until you act again, **✦** marks what is new since your last move (a card in your hand, a district
built in a city) and **✗** a district gone from a city (destroyed, exchanged or taken).
"""


def card_catalog(cfg: GameConfig) -> str:
    ed = cfg.ed
    lines = ["# " + t("Characters"), ""]
    for c in sorted(ed.characters, key=lambda c: (c.rank, c.key not in cfg.cast, c.name)):
        mark = "" if c.key in cfg.cast else t(" (not in this game)")
        lines.append(f"- **{c.rank} {char_name(cfg, c.key)}**{mark}: {card_text(cfg, c.key)}")
    lines += ["", "# " + t("Unique districts"), ""]
    for d in sorted(
        (d for d in ed.districts if d.unique), key=lambda d: (d.key not in cfg.districts, d.name)
    ):
        mark = "" if d.key in cfg.districts else t(" (not in this game)")
        lines.append(f"- **{card_name(cfg, d.key)}** ({d.cost}){mark}: {card_text(cfg, d.key)}")
    lines += ["", "# " + t("Other districts"), ""]
    for d in ed.districts:
        if not d.unique:
            lines.append(
                f"- **{card_name(cfg, d.key)}** ({d.cost} {type_letter(d.type.key)}, "
                f"{tp('district type', d.type.key)}), {d.copies} " + t("in the deck")
            )
    return "\n".join(lines)


def topic_text(cfg: GameConfig, key: str) -> str:
    ed = cfg.ed
    if key in ed.district_by_key:
        d = ed.districts[ed.district_by_key[key]]
        text = card_text(cfg, key) or t("No special effect.")
        return t(
            "{d} — {cost} gold, {ty} ({letter}). {text}",
            d=card_name(cfg, key),
            cost=d.cost,
            ty=tp("district type", d.type.key),
            letter=type_letter(d.type.key),
            text=text,
        )
    if key in ed.character_by_key:
        c = ed.characters[ed.character_by_key[key]]
        return f"{c.rank} {char_name(cfg, key)}. {card_text(cfg, key)}"
    return ""


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "help_screen.tcss"
    BINDINGS = [Binding("escape,q,f1", "dismiss", t("Close"))]

    def __init__(self, cfg: GameConfig, topic: str = "") -> None:
        super().__init__()
        self.cfg = cfg
        self.topic = topic

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-body") as body:
            body.border_title = t("Help — Esc closes")
            if self.topic:
                yield Static(topic_text(self.cfg, self.topic), id="help-topic")
            # The edition's differences first: the page below is the 2016 rules'.
            yield Markdown(
                edition_note(self.cfg)
                + t(HOW_TO_PLAY)
                + "\n"
                + t(STORY_HELP)
                + "\n"
                + card_catalog(self.cfg),
                id="help-text",
            )

    def action_dismiss(self, result: None = None) -> None:  # type: ignore[override]  # Textual's is a coroutine; an action may be either
        self.dismiss(None)


def edition_note(cfg: GameConfig) -> str:
    """What this game's edition changes in the rules above (the classic city size and tie-break)."""
    if cfg.edition != "classic":
        return ""
    size = cfg.ed.complete_size(cfg.players) - (1 if cfg.shorter else 0)
    return (
        t(
            "**This game is of the classic edition**: a city is complete at {n} districts, and a tie goes to "
            "the most district points, then the most gold.",
            n=size,
        )
        + "\n\n"
    )
