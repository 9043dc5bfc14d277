"""The hub on its own: making, joining and leaving tables, who owns a seat, what it refuses and why."""

import pytest

from citadels_tui.hub import Hub, HubError


def test_a_table_is_made_with_its_maker_seated_and_refuses_what_cannot_be_played():
    hub = Hub()
    ht = hub.create("anna", None, 3)
    assert ht.names() == ["anna"] and ht.free == 2 and ht.status == "waiting"
    for kwargs, msg in [({"players": 9}, "2 to 8"), ({"cast": "nope"}, "no preset called nope"),
                        ({"bots": "genius"}, "not genius"), ({"timer": 1}, "10 to 3600")]:
        with pytest.raises(HubError, match=msg):
            hub.create("bruno", None, **kwargs)
    with pytest.raises(HubError, match="already have a seat"):
        hub.create("Anna", None)  # names compare case-insensitively


def test_joining_is_refused_when_full_and_leaving_hands_the_table_on():
    hub = Hub()
    ht = hub.create("anna", None, 2)
    assert hub.join(ht, "bruno", None) == 1
    with pytest.raises(HubError, match="full"):
        hub.join(ht, "carla", None)
    hub.leave(ht, "anna", None)
    assert ht.creator == "bruno" and ht.names() == ["bruno"]
    hub.leave(ht, "bruno", None)
    assert ht.id not in hub.tables  # nobody left: the table is gone


def test_a_seat_taken_with_a_key_is_not_a_keyless_namesakes():
    hub = Hub()
    ht = hub.create("anna", "SHA256:abc", 2)
    assert hub.find("anna", "SHA256:abc") == (ht, 0)
    assert hub.find("anna", None) is None
    assert hub.find("anna", "SHA256:other") is None
    keyless = hub.create("bruno", None, 2)
    assert hub.find("bruno", "SHA256:any") == (keyless, 0)  # no key was used: the name decides


def test_chat_keeps_a_bounded_history():
    hub = Hub()
    for i in range(250):
        hub.say_lobby("anna", f"line {i}")
    assert len(hub.chat) == 200 and hub.chat[-1] == "anna: line 249"
