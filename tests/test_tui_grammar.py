"""The story speaks to you in the second person."""

import pytest

from citadels_tui.grammar import second_person


@pytest.mark.parametrize(
    ("told", "want"),
    [
        ("You chooses a character.", "You choose a character."),
        ("The King is called: you reveals it.", "The King is called: you reveal it."),
        ("You draws 2 cards and keeps 1.", "You draw 2 cards and keep 1."),
        ("You beautifies the Castle.", "You beautify the Castle."),
        ("You has the crown.", "You have the crown."),
        ("You seizes Bruno's Castle for 2 gold.", "You seize Bruno's Castle for 2 gold."),
        (
            "You finds neither gold nor cards to take from Bruno.",
            "You find neither gold nor cards to take from Bruno.",
        ),
        ("The game is over. You wins!", "The game is over. You win!"),
        ("You draw Watchtower and Quarry.", "You draw Watchtower and Quarry."),
        ("Bruno robs the Merchant: 3 gold from you.", "Bruno robs the Merchant: 3 gold from you."),
    ],
)
def test_you_takes_the_plain_verb(told, want):
    assert second_person(told) == want
