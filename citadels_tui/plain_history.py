"""Plain mode's face of the lobby's history commands (history_words.py): a finished game, a leaderboard's
line and a round of a replay as sentences, one a line, with no table drawn (a screen reader reads each
line once, top to bottom). A replay is told a round at a time, `replay N R` for round R: the story that
round told a spectator, as the full screen's replay viewer shows it (replay.py). A game just played is
reviewed (`review`, the end screen's r) as its seat may know it, as the full screen's review tells it
(review.py)."""

from __future__ import annotations

from collections.abc import Callable

from citadels_core.bots.turning_points import TurningPoint, assess, costliest, decision_indices, opening
from citadels_core.record import GameRecord
from citadels_core.view import view

from . import sentences
from .components.winners import winners_text
from .history_words import bot_name, when
from .i18n import t, tn
from .names import char_name, describe, player_name
from .records import GameSummary, Standing
from .replay import Replay
from .review import deed_text, first_round, known_events, replayed, score_history, timeline
from .thinking import think


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


def review_lines(record: GameRecord, seat: int | None, start: str | None = None) -> list[str]:
    """The review of the finished game of `record` as `seat` may know it (review.py, as the full screen's
    review shows it): who won, then each round's crown, characters, face-up cards and deeds, and the
    points after it."""
    cfg = record.config
    rounds = timeline(cfg, known_events(record, seat, start), seat, first_round(record, start))
    scores = score_history(record, seat, start)
    result = replayed(record, start, record_events=False).result
    lines = [t("Review of the game.") + ("" if result is None else " " + winners_text(cfg, result, seat))]
    first = rounds[0].round if rounds else 1
    for r in rounds:
        head = t("Round {n}", n=r.round)
        if r.crown is not None:
            head += ", " + t("crown: {p}", p=player_name(cfg, r.crown, seat))
        lines.append(head + ".")
        if r.holders:
            held = "; ".join(f"{char_name(cfg, c)}: {player_name(cfg, p, seat)}" for c, p in r.holders)
            lines.append("  " + t("Characters: {l}", l=held) + ".")
        if r.faceup:
            lines.append("  " + t("Face up: {l}", l=", ".join(char_name(cfg, c) for c in r.faceup)) + ".")
        lines += ["  " + deed_text(cfg, e, seat) for e in r.deeds]
        if 0 <= r.round - first < len(scores):
            row = scores[r.round - first]
            points = ", ".join(f"{player_name(cfg, q, seat)} {row[q]}" for q in range(cfg.players))
            lines.append("  " + t("Points after this round: {l}.", l=points))
    return lines


async def turning_point_lines(record: GameRecord, seat: int, start: str | None, budget: int) -> list[str]:
    """`seat`'s turning points in the finished game of `record`, as the review's pane words them: the hard
    bot's estimate of the chance to win before and after each decision (`assess`, each in a worker), then
    the decisions that cost most with what the bot would have chosen."""
    cfg, actions = record.config, list(record.actions)
    wanted = set(decision_indices(cfg, record.seed, actions, seat, start))
    g = opening(cfg, record.seed, start)
    points: list[TurningPoint] = []
    labels: dict[int, tuple[str, str]] = {}  # decision index -> (chosen, bot's choice) in words
    for i, (p, a) in enumerate(actions):
        if i in wanted:
            v = view(g, seat)
            tp = await think(assess, g.clone(), seat, a, budget, record.seed, i)
            labels[i] = (describe(cfg, v, tp.chosen), describe(cfg, v, tp.best))
            points.append(tp)
        g.apply(p, a)
    if not points:
        return [t("You had no decision with more than one option: no turning points.")]
    lines = [
        t(
            "Your chance to win before → after each decision, as the hard bot estimates it "
            "from what you knew then:"
        )
    ]
    for tp in points:
        lines.append(
            "  "
            + t(
                "Round {r}: {b}% before, {a}% after: {what}.",
                r=tp.round,
                b=round(tp.before * 100),
                a=round(tp.after * 100),
                what=labels[tp.index][0],
            )
        )
    return [*lines, *sentences.costliest(costliest(points), labels)]
