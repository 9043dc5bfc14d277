"""`citadels --help` and each command's help print (a stray % in a help text made argparse crash)."""

import pytest

from citadels_server.cli import BARE_START, main
from citadels_server.cli_parser import build_parser


@pytest.mark.parametrize(
    "argv",
    [["--help"], *([c, "--help"] for c in ("play", "simulate", "serve", "tournament", "replay", "review"))],
)
def test_every_help_prints(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 0
    assert "usage: citadels" in capsys.readouterr().out


# Built for its arguments, the parser builds only the subcommands they name (and none for a bare start):
# whatever it prints or parses must be what the complete parser prints or parses.
@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        *([c, "--help"] for c in ("play", "simulate", "serve", "backup", "leaderboard", "tournament")),
        ["replay", "--help"],
        ["review", "--help"],
        ["bogus"],
        ["--bogus"],
        ["simulate", "--bogus"],
        ["serve", "--port", "x"],
        ["--edition", "x"],
        ["--theme", "serve", "--bogus"],
        ["--theme", "serve"],
        ["replay"],
        ["--seed", "5", "--lang", "ru"],
        ["play", "--seed", "5"],
        ["simulate", "--games", "3", "--rank9", "--cast", "a,b"],
        ["serve", "--port", "2300", "--no-require-keys", "--bot-pace", "0.5"],
        ["tournament", "--bots", "random,easy", "--json"],
        ["replay", "game.json", "--seat", "2"],
        ["backup", "copy.db", "--data-dir", "d"],
    ],
)
def test_parser_for_its_arguments_is_the_complete_parser(argv, capsys):
    def outcome(parser):
        try:
            result = vars(parser.parse_args(argv))
        except SystemExit as e:
            result = e.code
        return result, capsys.readouterr()

    assert outcome(build_parser(argv)) == outcome(build_parser())


def test_bare_start_is_what_the_parser_gives():
    assert vars(build_parser().parse_args([])) == BARE_START
