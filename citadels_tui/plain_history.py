"""Plain mode's face of the lobby's history commands (history_words.py): a finished game, a leaderboard's
line and a round of a replay as sentences, one a line, with no table drawn (a screen reader reads each
line once, top to bottom). A replay is told a round at a time, `replay N R` for round R: the story that
round told a spectator, as the full screen's replay viewer shows it (replay.py)."""

from __future__ import annotations

from collections.abc import Callable

from .history_words import bot_name, when
from .i18n import t, tn
from .records import GameSummary, Standing
from .replay import Replay


def game_sentence(g: GameSummary, player: str, is_bot: Callable[[str], bool] = lambda name: False) -> str:
    """One finished game: its number, when it ended, its edition, each seat's player (a bot marked, and a
    bot's account, `is_bot`) and score."""
    seats = []
    for s in g.seats:
        name = s.name if s.bot is None else bot_name(s.name) + " " + t("(bot)")
        if s.bot is None and is_bot(s.name):
            name += " " + t("(bot)")
        if s.bot is None and s.name.casefold() == player.casefold():
            name += " " + t("(you)")
        seat = f"{name} {s.score}"
        if s.rank == 1 and not g.abandoned:
            seat = t("{p}, won", p=seat)
        seats.append(seat)
    sentence = t(
        "Game {n}, ended {w} UTC, edition {e}: {seats}.",
        n=g.id,
        w=when(g.ended),
        e=t("classic") if g.edition == "classic" else g.edition,
        seats="; ".join(seats),
    )
    return sentence if not g.abandoned else " ".join((sentence, t("It was abandoned.")))


def standing_sentence(rank: int, s: Standing, mine: bool) -> str:
    """One line of the leaderboard: the rank, the player (a bot's account marked), the rating and games."""
    name = s.name + " " + t("(bot)") if s.bot else s.name
    if mine:
        name += " " + t("(you)")
    return tn(
        "{k}. {p}: rating {r} after {n} game.",
        "{k}. {p}: rating {r} after {n} games.",
        s.rating.games,
        k=rank,
        p=name,
        r=f"{s.rating.shown:.1f}",
    )


def round_asked(more: list[str], rounds: int) -> int | str:
    """The round a `replay N R` asks for (1 without R), or the sentence saying what to give."""
    if not more:
        return 1
    if len(more) == 1 and more[0].isdigit() and 1 <= int(more[0]) <= rounds:
        return int(more[0])
    return t("That game had rounds 1 to {m}: give one, e.g. “replay N 2”.", m=rounds)


def replay_lines(replay: Replay, gid: int, r: int, summary: GameSummary, player: str) -> list[str]:
    """Round `r` of finished game `gid` as it was told: a heading, the story, and what to type next."""
    starts = replay.round_starts
    first = 0 if r == 1 else starts[r]
    end = starts.get(r + 1, replay.last + 1)
    lines = [t("Game {n}, round {r} of {m}:", n=gid, r=r, m=replay.rounds)]
    for step in replay.steps[first:end]:
        lines += [line.text for line in step.lines]
    if r < replay.rounds:
        lines.append(t("“replay {n} {r}” tells round {r}.", n=gid, r=r + 1))
    else:
        lines.append(t("That was the last round. {game}", game=game_sentence(summary, player)))
    return lines
