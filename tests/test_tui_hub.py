"""The hub on its own: making, joining and leaving tables, who owns a seat, what it refuses and why."""

import pytest

from citadels_tui.hub import CHAT_BURST, CHAT_EVERY, MAX_LINE, ChatLimit, Hub, HubError


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
    hub.chat_limit = ChatLimit(burst=1000)  # this test is about the history, not the rate
    for i in range(250):
        hub.say_lobby("anna", f"line {i}")
    assert len(hub.chat) == 200 and hub.chat[-1] == "anna: line 249"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_chat_is_limited_to_a_burst_then_one_line_every_two_seconds():
    hub, clock = Hub(), Clock()
    hub.chat_limit = ChatLimit(clock=clock)
    assert (CHAT_BURST, CHAT_EVERY) == (5, 2.0)
    ht = hub.create("bruno", None, 3)
    for i in range(5):  # lobby and table lines count together
        hub.say_lobby("anna", f"hello {i}") if i % 2 else hub.say_table(ht, "anna", f"hello {i}")
    with pytest.raises(HubError, match="You are talking too fast: that line was not sent; wait 2 seconds."):
        hub.say_lobby("ANNA", "one more")  # the same player, whatever the case of the name
    with pytest.raises(HubError):
        hub.say_table(ht, "anna", "and more")
    assert not any("more" in str(line) for line in hub.chat + ht.chat)  # refused lines reach nobody
    hub.say_lobby("bruno", "hi")  # another player's rate is their own
    clock.now += 1.0
    with pytest.raises(HubError, match="wait 1 seconds"):
        hub.say_lobby("anna", "too soon")
    clock.now += 1.0
    hub.say_lobby("anna", "one line every two seconds")
    with pytest.raises(HubError):
        hub.say_lobby("anna", "not two")
    clock.now += 60  # a quiet minute fills the bucket again: a burst, no more
    for i in range(5):
        hub.say_lobby("anna", f"again {i}")
    with pytest.raises(HubError):
        hub.say_lobby("anna", "sixth")
    assert hub.chat[-1] == "anna: again 4"


def test_a_chat_line_is_cut_to_its_length():
    hub = Hub()
    hub.say_lobby("anna", "  " + "x" * 1000 + "  ")
    assert hub.chat[-1] == "anna: " + "x" * MAX_LINE


def test_the_chat_limit_forgets_quiet_players():
    clock = Clock()
    limit = ChatLimit(clock=clock)
    for i in range(ChatLimit.FORGET_AFTER + 1):  # all still counted: none has been quiet long enough
        assert limit.take(f"p{i}") == 0
    assert len(limit) == ChatLimit.FORGET_AFTER + 1
    clock.now += 60
    limit.take("last")
    assert len(limit) == 1
