"""The hub on its own: making, joining and leaving tables, who owns a seat, what it refuses and why."""

from typing import Any

import pytest

from citadels_server.hub import Hub
from citadels_tui.chat import CHAT_BURST, CHAT_EVERY, MAX_LINE, ChatLimit
from citadels_tui.lobby import HubError, Lobby


def test_the_hub_is_the_lobby_the_screens_talk_to():
    # Every name of the screens' interface is the hub's (a runtime check of the Protocol's members).
    assert isinstance(Hub(), Lobby)
    assert not isinstance(object(), Lobby)


def test_a_table_is_made_with_its_maker_seated_and_refuses_what_cannot_be_played():
    hub = Hub()
    ht = hub.create("anna", None, 3, code="K7M9QD")
    assert ht.names() == ["anna"] and ht.free == 2 and ht.status == "waiting"
    refused: list[tuple[dict[str, Any], str]] = [
        ({"players": 9}, "2 to 8"),
        ({"cast": "nope"}, "no preset called nope"),
        ({"bots": "genius"}, "not genius"),
        ({"timer": 1}, "10 to 3600"),
    ]
    for kwargs, msg in refused:
        with pytest.raises(HubError, match=msg):
            hub.create("bruno", None, **kwargs)
    with pytest.raises(HubError, match="already have a seat"):
        hub.create("Anna", None, code="k7m9qd")  # names (and codes) compare case-insensitively


def test_joining_is_refused_when_full_and_leaving_hands_the_table_on():
    hub = Hub()
    ht = hub.create("anna", None, 2, code="AAAAAA")
    assert hub.join(ht, "bruno", None, "BBBBBB") == 1
    with pytest.raises(HubError, match="full"):
        hub.join(ht, "carla", None)
    hub.leave(ht, "anna", None)  # without her code this is not anna: nothing happens
    assert ht.names() == ["anna", "bruno"]
    hub.leave(ht, "anna", None, "AAAAAA")
    assert ht.creator == "bruno" and ht.names() == ["bruno"]
    hub.leave(ht, "bruno", None, "BBBBBB")
    assert ht.id not in hub.tables  # nobody left: the table is gone


def test_a_seat_taken_with_a_key_is_not_a_keyless_namesakes():
    hub = Hub()
    ht = hub.create("anna", "SHA256:abc", 2)
    assert hub.find("anna", "SHA256:abc") == (ht, 0)
    assert hub.find("anna", None) is None
    assert hub.find("anna", "SHA256:other") is None


def test_a_seat_taken_without_a_key_is_retaken_only_with_its_code():
    hub = Hub()
    ht = hub.create("bruno", None, 2)  # no code given: the hub makes one
    code = ht.holders[0].code
    assert code and len(code) == 6 and ht.holders[0].keyless
    assert hub.find("bruno", None) is None  # the name alone is not bruno: anyone can type it
    assert hub.find("bruno", "SHA256:any") is None
    assert hub.find("bruno", None, "WRONG1") is None
    assert hub.find("BRUNO", None, f" {code.lower()} ") == (ht, 0)  # as typed: any case, stray spaces
    # What the server asks before letting a keyless login take the name.
    assert hub.holds_keyless_seat("Bruno") and not hub.holds_keyless_seat("anna")
    assert hub.seat_code_matches("bruno", code) and not hub.seat_code_matches("bruno", "")
    keyed = hub.create("anna", "SHA256:abc", 2)
    assert not hub.holds_keyless_seat("anna") and keyed.holders[0].code is None
    # A namesake cannot sit at the same table under the name either.
    with pytest.raises(HubError, match="Someone called bruno"):
        hub.join(ht, "bruno", None, "OTHER1")
    # A released seat (a bot plays it for good) holds the name no more.
    ht.holders[0].released = True
    assert not hub.holds_keyless_seat("bruno")


def test_reconnect_codes_are_fresh_and_easy_to_read():
    from citadels_tui.lobby import CODE_ALPHABET, new_seat_code

    codes = {new_seat_code() for _ in range(200)}
    assert len(codes) == 200 and all(set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set(CODE_ALPHABET) & set("0O1IL")


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
    with pytest.raises(HubError, match="wait 1 second[.]"):
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
