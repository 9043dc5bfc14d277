"""`citadels --help` and each command's help print (a stray % in a help text made argparse crash)."""

import pytest

from citadels_server.cli import main


@pytest.mark.parametrize(
    "argv",
    [["--help"], *([c, "--help"] for c in ("play", "simulate", "serve", "tournament", "replay", "review"))],
)
def test_every_help_prints(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 0
    assert "usage: citadels" in capsys.readouterr().out
