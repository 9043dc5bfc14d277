"""Theater: at the end of each selection phase its owner may exchange characters with an opponent he picks
blind; with 2–3 players he chooses which of his two to give and takes one of the opponent's at random; only
the two players learn their new character (2016 rulebook "District Clarifications"; RULINGS R2, R22)."""

import pytest
from district_helpers import districts
from helpers import build, new_game, pending_decision

from citadels_core import IllegalAction
from citadels_core.actions import Action
from citadels_core.narrate import narrate
from citadels_core.terms import SELECT, TURN
from citadels_core.view import view


def select_all(g):
    """Everyone takes the first character offered, up to the end of the selection phase."""
    while g.phase == SELECT and not g.decision.kind:
        p, _ = pending_decision(g)
        g.apply(p, g.legal_actions()[0])


def theater_game(players, owner, seed=1):
    g = new_game(players=players, seed=seed, districts=districts("theater"))
    g = build(g, cities={owner: ["theater"]})
    select_all(g)
    return g


def test_theater_owner_decides_at_the_end_of_the_selection_phase_with_four_players():
    g = theater_game(4, owner=2)
    assert g.phase == SELECT and g.pending() == (2, "theater")
    assert g.legal_actions() == [
        Action("theater", (0,)),
        Action("theater", (1,)),
        Action("theater", (3,)),
        Action("theater_pass"),
    ]


def test_theater_exchanges_the_owners_character_with_the_chosen_opponents_R22():
    g = theater_game(4, owner=2)
    mine, theirs = g.characters[2][0], g.characters[0][0]
    start = len(g.events)
    g.apply(2, Action("theater", (0,)))
    assert g.characters[2] == [theirs] and g.characters[0] == [mine]
    assert g.owner[theirs] == 2 and g.owner[mine] == 0
    assert g.phase == TURN
    # Only the two players learn the new characters; the table only sees that an exchange happened.
    new = g.events[start:]
    new = new[: next(i for i, e in enumerate(new) if e.kind == "turn_phase")]  # the calls reveal later
    private = [e for e in new if e.kind == "theater_private"]
    assert [e.audience for e in private] == [(2, 0)]
    assert private[0].data["gave"] == g.character_key(mine) and private[0].data["took"] == g.character_key(
        theirs
    )
    public = [e for e in new if e.audience is None]
    assert any(e.kind == "theater" for e in public)
    assert all(
        g.character_key(mine) not in str(e.data) and g.character_key(theirs) not in str(e.data)
        for e in public
    )
    assert view(g, 0).my_characters == (g.character_key(mine),)
    assert view(g, 1).my_characters == (g.character_key(g.characters[1][0]),)


def test_theater_narrates_the_exchange_to_each_of_the_two_players():
    g = theater_game(4, owner=2)
    mine, theirs = g.character_key(g.characters[2][0]), g.character_key(g.characters[0][0])
    g.apply(2, Action("theater", (0,)))
    e = next(e for e in g.events if e.kind == "theater_private")
    name = {k: g.rules.edition.characters[g.rules.edition.character_by_key[k]].name for k in (mine, theirs)}
    assert narrate(g.config, e, 2) == f"You give the {name[mine]} to Anna and take the {name[theirs]}."
    assert narrate(g.config, e, 0) == f"Clara takes your {name[theirs]} and gives you the {name[mine]}."


def test_theater_may_be_declined():
    g = theater_game(4, owner=1)
    before = [c[:] for c in g.characters]
    g.apply(1, Action("theater_pass"))
    assert g.characters == before and g.phase == TURN


def test_theater_cannot_exchange_with_its_owner():
    g = theater_game(4, owner=1)
    with pytest.raises(IllegalAction):
        g.apply(1, Action("theater", (1,)))
    with pytest.raises(IllegalAction, match="Bruno's turn"):
        g.apply(0, Action("theater_pass"))
    assert g.pending() == (1, "theater")


def test_no_theater_decision_without_a_theater_in_a_city():
    g = new_game(districts=districts("theater"))
    select_all(g)
    assert g.phase == TURN


def test_theater_is_offered_at_the_end_of_every_selection_phase():
    g = theater_game(4, owner=3)
    g.apply(3, Action("theater_pass"))
    while g.phase == TURN:
        p, kind = pending_decision(g)
        legal = g.legal_actions()
        g.apply(
            p,
            next((a for a in legal if a.kind == "gather"), None)
            or next((a for a in legal if a.kind == "end"), legal[0]),
        )
    select_all(g)
    assert g.round == 2 and g.pending() == (3, "theater")


@pytest.mark.parametrize("players", [2, 3])
def test_theater_with_two_or_three_players_gives_a_chosen_character_for_a_random_one_R22(players):
    taken = set()
    for seed in range(1, 30):
        g = theater_game(players, owner=0, seed=seed)
        mine = g.characters[0][:]
        theirs = g.characters[1][:]
        assert len(mine) == 2 and len(theirs) == 2
        legal = g.legal_actions()
        assert (
            Action("theater", (1, g.character_key(mine[1]))) in legal and Action("theater", (1,)) not in legal
        )
        g.apply(0, Action("theater", (1, g.character_key(mine[1]))))
        took = [c for c in g.characters[0] if c not in mine]
        assert len(took) == 1 and took[0] in theirs
        assert sorted(g.characters[0]) == sorted([mine[0], took[0]])
        assert sorted(g.characters[1]) == sorted([c for c in theirs if c != took[0]] + [mine[1]])
        taken.add(theirs.index(took[0]))
    assert taken == {0, 1}  # either of the opponent's two, at random


def test_theater_with_two_players_refuses_a_character_the_owner_does_not_hold():
    g = theater_game(2, owner=0)
    other = g.characters[1][0]
    with pytest.raises(IllegalAction):
        g.apply(0, Action("theater", (1, g.character_key(other))))
