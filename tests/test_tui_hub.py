"""The hub on its own: making, joining and leaving tables, who owns a seat, what it refuses and why."""

import pytest

from citadels_tui.hub import Hub, HubError


def test_a_table_is_made_with_its_maker_seated_and_refuses_what_cannot_be_played():
    hub = Hub()
    ht = hub.create("anna", None, 3, code="K7M9QD")
    assert ht.names() == ["anna"] and ht.free == 2 and ht.status == "waiting"
    for kwargs, msg in [({"players": 9}, "2 to 8"), ({"cast": "nope"}, "no preset called nope"),
                        ({"bots": "genius"}, "not genius"), ({"timer": 1}, "10 to 3600")]:
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
    from citadels_tui.hub import CODE_ALPHABET, new_seat_code

    codes = {new_seat_code() for _ in range(200)}
    assert len(codes) == 200 and all(set(c) <= set(CODE_ALPHABET) for c in codes)
    assert not set(CODE_ALPHABET) & set("0O1IL")


def test_chat_keeps_a_bounded_history():
    hub = Hub()
    for i in range(250):
        hub.say_lobby("anna", f"line {i}")
    assert len(hub.chat) == 200 and hub.chat[-1] == "anna: line 249"
