"""The guided first game (`citadels learn`): a fixed deal, bots seeded so that they always play the same,
and the script of the lesson: at each of the player's decisions, the one legal action it wants and why.

The screen (components/lesson_screen.py) shows the step and lets only its action through; whether an
action is legal stays the engine's. Step `i` is the player's `i`-th decision of the game, so the lesson
follows the record (a decision taken back is a step back). `play_through` plays the whole lesson without a
screen, as the table will, and checks that every wanted action is legal when its step comes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from citadels_core import Action

from .i18n import Lazy, lazy_t, t
from .names import describe

if TYPE_CHECKING:
    from citadels_core import Game, GameConfig
    from citadels_core.view import View

# Round 6 of a game for three (the 2016 edition's first-game set), Anna (the player, seat 0) to choose first.
# The generator and the bots' seed make the whole game the same every time the wanted actions are played:
# Anna completes her city in round 7 and wins, 26 to 23 and 21.
POSITION = """citadels-position: 1
config: {"edition":"2016","players":3,"names":["Anna","Bruno","Clara"],"cast":["assassin","thief","magician","king","bishop","merchant","architect","warlord","artist"],"districts":["dragon_gate","factory","haunted_quarter","imperial_treasury","keep","laboratory","library","map_room","quarry","school_of_magic","smithy","statue","thieves_den","wishing_well"]}
generator: 1
round: 6
phase: "select"
crown: 0
complete_at: 8
first_complete: null
last_round: false
tax: 0
gold: [4,3,5]
hands: [["docks","church","castle"],["tavern","fortress","cathedral"],["market","barracks","manor"]]
cities: [["tavern","market","manor","temple","watchtower"],["trading_post","church","prison","castle"],["docks","monastery","harbor","palace"]]
museum: []
deck: ["castle","fortress","watchtower","tavern","church","palace","haunted_quarter","harbor","town_hall","laboratory","watchtower","map_room","thieves_den","tavern","palace","trading_post","manor","market","tavern","harbor","castle","manor","trading_post","monastery","wishing_well","keep","market","barracks","quarry","statue","manor","prison","temple","barracks","town_hall","docks","imperial_treasury","monastery","school_of_magic","prison","smithy","dragon_gate","library","cathedral","temple","factory"]
known: [[[],[],[]],[[],[],[]],[[],[],[]]]
characters: [[],[],[]]
faceup: []
facedown: ["bishop"]
draft: ["assassin","thief","magician","king","merchant","architect","warlord","artist"]
selection_step: 0
seen: [["assassin","thief","magician","king","merchant","architect","warlord","artist"],[],[]]
revealed: []
called_by: {}
killed: null
robbed: null
robber: null
bewitched: null
markers: {}
calling: null
turn_player: null
gathered: false
builds: 0
build_limit: 1
used: 0
beautified: 0
spent: 0
drawn: []
keep: 1
decision: null
decision_player: null
decision_data: []
edition_state: {}
"""
# The lobby's word for the lesson, in either language (the lobby's words pass it on as typed, lower-cased).
LEARN_WORDS = ("learn", "урок")
SEED = 1  # the bots' seed (Table: seed * 1009 + seat)
PLAYER = 0
BOTS = "normal"


@dataclass(frozen=True)
class Step:
    """One of the player's decisions: what the lesson is about (`topics`), what is happening and why
    (`says`), and the action it wants."""

    topics: tuple[Lazy, ...]
    says: Lazy
    action: Action


def _a(kind: str, *args: str | int) -> Action:
    return Action(kind, tuple(args))


DRAFT, CALL, GATHER, BUILD, ASSASSIN, THIEF, WARLORD, END, SCORING = (
    lazy_t("The draft"),
    lazy_t("The call"),
    lazy_t("Gathering"),
    lazy_t("Building"),
    lazy_t("The Assassin"),
    lazy_t("The Thief"),
    lazy_t("The Warlord"),
    lazy_t("The end"),
    lazy_t("The scoring"),
)
TURN_OVER = lazy_t("Your turn")
WELCOME = lazy_t(
    "A guided first game: you are Anna, against two bots, from round 6. The Lesson pane says what to do "
    "and why; type the option's number, or its words."
)

STEPS: tuple[Step, ...] = (
    Step(
        (DRAFT,),
        lazy_t(
            "Each round starts with a draft: everyone keeps characters in secret (two each, at three). You "
            "hold the crown ♛, so you choose first. The Assassin plays first of all: take it."
        ),
        _a("choose", "assassin"),
    ),
    Step(
        (DRAFT,),
        lazy_t(
            "Bruno and Clara chose, and one more character went face down. Now the Thief: he takes the gold "
            "of a character called after him."
        ),
        _a("choose", "thief"),
    ),
    Step(
        (CALL, ASSASSIN),
        lazy_t(
            "The call: ranks 1 to 9 are called in turn, and whoever holds one plays. A murdered character "
            "loses its turn. The Architect builds three a turn: kill it."
        ),
        _a("kill", "architect"),
    ),
    Step(
        (GATHER,),
        lazy_t(
            "Gathering: each turn, take 2 gold or draw 2 cards and keep 1. You have cards to build and "
            "4 gold: take the gold."
        ),
        _a("gather", "gold"),
    ),
    Step(
        (BUILD,),
        lazy_t(
            "Building: one district a turn, paid in gold; its cost is its points at the end. Build the "
            "Church (2)."
        ),
        _a("build", "church"),
    ),
    Step(
        (TURN_OVER,),
        lazy_t("Nothing more to do as the Assassin: end your turn, and the next rank is called."),
        _a("end"),
    ),
    Step(
        (THIEF,),
        lazy_t(
            "The Thief: name a character; when it is called, its gold becomes yours. The Merchant earns "
            "gold: rob the Merchant."
        ),
        _a("rob", "merchant"),
    ),
    Step(
        (GATHER,),
        lazy_t("This time draw cards: you can build the Docks from your hand and want more for later."),
        _a("gather", "cards"),
    ),
    Step(
        (GATHER,),
        lazy_t(
            "Keep one; the other goes under the deck. A city has no two districts alike, and yours has a "
            "Temple: keep the Factory."
        ),
        _a("keep", "factory"),
    ),
    Step(
        (BUILD,),
        lazy_t("Build the Docks (3): seven districts. A city of eight is complete, and that ends the game."),
        _a("build", "docks"),
    ),
    Step(
        (TURN_OVER,),
        lazy_t(
            "End your turn and watch the story: the Merchant's gold comes to you, and the murdered "
            "Architect is skipped."
        ),
        _a("end"),
    ),
    Step(
        (DRAFT,),
        lazy_t(
            "Round 7. Bruno's Warlord destroyed Clara's Market: the Warlord pays a district's cost less 1 "
            "to destroy it. Take the Warlord, called last."
        ),
        _a("choose", "warlord"),
    ),
    Step(
        (DRAFT,),
        lazy_t(
            "And the Bishop: the Warlord cannot destroy in the Bishop's city, and the Bishop earns 1 gold a "
            "religious district."
        ),
        _a("choose", "bishop"),
    ),
    Step(
        (GATHER,),
        lazy_t(
            "Clara, the Magician, swapped her empty hand for yours: cards in hand are never safe. As the "
            "Bishop, take the gold."
        ),
        _a("gather", "gold"),
    ),
    Step(
        (GATHER,),
        lazy_t("Then the Bishop's income: 1 gold for each religious district (your Temple and Church)."),
        _a("income"),
    ),
    Step(
        (TURN_OVER,),
        lazy_t("Keep the gold for the Warlord's turn: end this one."),
        _a("end"),
    ),
    Step(
        (WARLORD,),
        lazy_t("The Warlord is called. Your hand is empty: draw cards."),
        _a("gather", "cards"),
    ),
    Step(
        (WARLORD,),
        lazy_t(
            "The Library is unique (purple): with it your city has all five kinds, 3 more points. Keep the "
            "Library."
        ),
        _a("keep", "library"),
    ),
    Step(
        (WARLORD,),
        lazy_t(
            "Clara leads. The Barracks is her only military district: without it she loses her five kinds' "
            "3 points. Destroy it (2 gold)."
        ),
        _a("destroy", 2, "barracks"),
    ),
    Step(
        (END,),
        lazy_t(
            "Build the Library, your eighth: the first complete city scores 4 more, and the game ends with "
            "this round."
        ),
        _a("build", "library"),
    ),
    Step(
        (END,),
        lazy_t("End your turn: you are the last one called, so the game ends now and is scored."),
        _a("end"),
    ),
)

# Every subject the lesson promises: each step's, then the scoring, said once the game is over (`ending`).
TOPICS = (DRAFT, CALL, GATHER, BUILD, ASSASSIN, THIEF, WARLORD, END, SCORING)


def step_at(decisions: int) -> Step | None:
    """The step of the player's decision number `decisions` (from 0), or None once the script is over."""
    return STEPS[decisions] if decisions < len(STEPS) else None


def decisions_made(actions: Sequence[tuple[int, Action]]) -> int:
    """How many of the game's recorded actions are the player's."""
    return sum(1 for seat, _ in actions if seat == PLAYER)


def wanted(v: View, decisions: int) -> tuple[Step, int] | None:
    """The step of the decision open in `v` (the player's view, after `decisions` of theirs) and the index of
    its action among the legal ones; None when the decision is not the player's, or the script is over or
    lost (its action is not legal: the game then goes on freely)."""
    if v.pending_player != v.me or not v.legal:
        return None
    step = step_at(decisions)
    if step is None or step.action not in v.legal:
        return None
    return step, v.legal.index(step.action)


def instruction(cfg: GameConfig, v: View, index: int) -> str:
    """What to type for the lesson's option: its number and its words as the options list says them."""
    return t("Type {n}: {o}.", n=index + 1, o=describe(cfg, v, v.legal[index]))


def correction(cfg: GameConfig, v: View, tried: Action, index: int) -> str:
    """The gentle word for an action other than the step's (legal or not: the engine would say which)."""
    if tried in v.legal:
        return t(
            "“{a}” is allowed, but not this lesson's move: it plays option {n} here.",
            a=describe(cfg, v, tried),
            n=index + 1,
        )
    return t("Not that one: this lesson plays option {n} here.", n=index + 1)


def ending(
    cfg: GameConfig,
    result: dict[str, Any],
    me: int | None,
    winners: str,
    lobby: bool = False,
    plain: bool = False,
) -> list[str]:
    """The lesson's last words: who won (`winners`, the end screen's sentence), the scores as the engine
    counted them, and where to go from here (from a server's lobby, with `lobby`: back to it). As lines
    (`plain`), `hint` and `review` are the full screen's: the words say where they are."""
    scores = result["scores"]
    ranked = ", ".join(f"{cfg.names[p]} {scores[p]['total']}" for p in result["ranking"])
    lines = [winners + " " + t("Scores: {s}.", s=ranked)]
    if me is not None:
        s = scores[me]
        lines.append(
            t(
                "Yours: {d} for districts, {k} for all five kinds, {c} for completing first.",
                d=s["districts"],
                k=s["all_types"],
                c=s["completion"],
            )
        )
    if plain:
        lines.append(
            t(
                "Next: in a game, “help” lists what you can type, “hint” asks the strongest bot, and once it "
                "ends “review” tells its rounds and turning points."
            )
        )
        return lines
    lines.append(
        t(
            "Next: “help” lists the commands, “hint” asks the strongest bot, “review” shows a finished "
            "game's turning points. F7: the scores; “lobby”: back to the lobby, where “new” makes a table."
        )
        if lobby
        else t(
            "Next: “help” lists the commands, “hint” asks the strongest bot, “review” shows a finished "
            "game's turning points. F7: the scores; F2: a real game."
        )
    )
    return lines


def play_through(record: list[tuple[int, Action]] | None = None) -> Game:
    """The whole lesson without a screen, its bots made as the table makes them; ValueError naming the step
    whose action is not legal when it comes. Each action played is added to `record`, when given."""
    from citadels_core.bots import decide, make_bot
    from citadels_core.position import from_position

    g = from_position(POSITION, record_events=False)
    bots = {p: make_bot(BOTS, SEED * 1009 + p) for p in range(g.players) if p != PLAYER}
    done = 0
    while (pending := g.pending()) is not None:
        seat = pending[0]
        if seat != PLAYER:
            action = decide(bots[seat], g.clone(), seat)
        else:
            step = step_at(done)
            if step is None or step.action not in g.legal_actions():
                raise ValueError(f"step {done + 1} of the lesson wants {step and step.action}, not legal now")
            action = step.action
            done += 1
        g.apply(seat, action)
        if record is not None:
            record.append((seat, action))
    return g
