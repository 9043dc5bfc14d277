"""Keeping order, unit by unit: ban durations, the settings for admins, the message of the day and the
drain, the sentences a banned client reads, SIGHUP's re-reading, and the admins' commands on a hub
(the same commands against a real server: test_ssh_admin.py)."""

from __future__ import annotations

import time

import pytest
import tomli_w

from citadels_server.hub import Hub
from citadels_server.order import ban_sentence, login_banner, plain_address, reread_settings
from citadels_server.settings import Settings, SettingsError, load_settings
from citadels_tui.admin import Admin, parse_duration, run_admin_command
from citadels_tui.i18n import Lazy
from citadels_tui.lobby import HubError
from citadels_tui.records import Ban

BOSS = "SHA256:" + "A" * 43
OTHER = "SHA256:" + "B" * 43


# -------------------------------------------------------------------- durations


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("45s", 45), ("30m", 1800), ("2h", 7200), ("7d", 604800), ("1w", 604800), ("1.5h", 5400), ("2H", 7200)],
)
def test_a_ban_lasts_a_number_of_seconds_minutes_hours_days_or_weeks(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["", "30", "m", "-5m", "0h", "2 hours", "5y", "99999w"])
def test_a_duration_that_is_not_one_is_refused_with_what_one_looks_like(text):
    with pytest.raises(HubError, match="like 30m, 2h or 7d"):
        parse_duration(text)


# -------------------------------------------------------------------- settings


def write(tmp_path, **data):
    path = tmp_path / "settings.toml"
    path.write_text(tomli_w.dumps(data))
    return path


def test_admins_motd_and_drain_timeout_are_read_from_the_settings_file(tmp_path):
    s = load_settings(write(tmp_path, admins=[BOSS], motd="Hello.\nBe kind.", drain_timeout=3))
    assert s.admins == (BOSS,) and s.motd == "Hello.\nBe kind." and s.drain_timeout == 3
    # Any script, emoji and marks are plain text.
    assert (
        load_settings(write(tmp_path, motd="Привет ✦ 你好 🎉\nBe kind »")).motd
        == "Привет ✦ 你好 🎉\nBe kind »"
    )
    assert Settings().drain_timeout == 10 and Settings().admins == () and Settings().motd == ""


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"admins": ["anna"]}, "admins lists SSH key fingerprints"),
        ({"admins": "SHA256:" + "A" * 43}, "admins must be"),
        ({"motd": "x" * 1001}, "motd is at most 10 lines and 1000 characters"),
        ({"motd": "\n".join("line" for _ in range(11))}, "motd is at most 10 lines"),
        ({"motd": "red \x1b[31malert"}, "motd must be plain text"),
        ({"motd": "clear \x9b2J"}, "motd must be plain text"),  # a C1 CSI
        ({"motd": "\u202eWelcome"}, "motd must be plain text"),  # a bidi override turns it around
        ({"motd": "Wel\u200bcome"}, "motd must be plain text"),  # an invisible zero-width space
        ({"drain_timeout": 0}, "drain_timeout must be positive"),
    ],
)
def test_settings_that_cannot_be_used_are_refused_with_the_key_and_why(tmp_path, data, says):
    with pytest.raises(SettingsError, match=says):
        load_settings(write(tmp_path, **data))


# -------------------------------------------------------------------- what the server says


def test_a_banned_client_reads_for_how_long_and_why():
    until = 1_800_000_000.0  # 2027-01-15 08:00 UTC
    assert (
        ban_sentence(Ban("name", "dave", "cheating", until=until))
        == "The name dave is banned from this Citadels server until 2027-01-15 08:00 UTC: cheating"
    )
    assert ban_sentence(Ban("key", OTHER)) == "Your SSH key is banned from this Citadels server for good."
    assert ban_sentence(Ban("address", "10.0.0.1", "spam")).startswith("Your address is banned")


def test_the_message_of_the_day_is_a_banner_of_terminal_lines():
    assert login_banner("Hello.\nBe kind.\n") == "Hello.\r\nBe kind.\r\n"
    assert login_banner("") == "" and login_banner("\n") == ""


def test_an_ipv4_client_of_a_dual_stack_server_is_banned_by_its_ipv4_address():
    assert plain_address("::ffff:192.0.2.7") == "192.0.2.7"
    assert plain_address("2001:DB8::1") == "2001:db8::1"


class Attendee:
    """A connected session as the hub's Order sees it, keeping what it was told."""

    def __init__(self, name: str, key: str | None = None, address: str = "127.0.0.1") -> None:
        self.name, self.key, self.address = name, key, address
        self.told: list[str] = []
        self.dismissed: str | None = None

    def dismiss(self, farewell: Lazy) -> None:
        self.dismissed = str(farewell)

    def table_closed(self, tid: int, sentence: Lazy) -> None:
        self.told.append(str(sentence))

    def motd_changed(self, motd: str) -> None:
        self.told.append(motd)


def test_sighup_renews_admins_and_motd_and_a_broken_file_keeps_them(tmp_path):
    hub = Hub()
    current = Settings(port=2300, admins=(BOSS,), motd="Old.")
    hub.order.renew(current.admins, current.motd)
    anna = Attendee("anna")
    hub.order.arrive(anna)
    path = write(tmp_path, admins=[OTHER], motd="New.", port=9999)
    renewed = reread_settings(str(path), current, hub.order)
    assert renewed.admins == (OTHER,) and renewed.motd == "New." and renewed.port == 2300  # only those two
    assert hub.order.is_admin(OTHER) and not hub.order.is_admin(BOSS) and anna.told == ["New."]
    path.write_text("motd = 'unterminated\n")
    assert reread_settings(str(path), renewed, hub.order) is renewed
    assert reread_settings(None, renewed, hub.order) is renewed
    assert anna.told == ["New."]


# -------------------------------------------------------------------- the commands on a hub


def test_only_an_admin_may_give_the_admins_commands():
    hub = Hub()
    hub.order.renew([BOSS], "")
    with pytest.raises(HubError, match="Only this server's admins can use “kick”"):
        run_admin_command(hub, Admin("anna", OTHER, "10.0.0.2"), "kick", "boss")
    with pytest.raises(HubError, match="Only this server's admins"):
        run_admin_command(hub, Admin("anna", None, "10.0.0.2"), "bans", "")


def test_a_ban_ends_the_sessions_it_covers_and_expires():
    hub = Hub()
    hub.order.renew([BOSS], "")
    boss = Admin("boss", BOSS, "10.0.0.1")
    dave, carla = Attendee("Dave", address="10.0.0.9"), Attendee("carla", address="10.0.0.9")
    for who in (dave, carla):
        hub.order.arrive(who)
    [said] = run_admin_command(hub, boss, "ban", "name dave for 1h cheating at cards")
    assert said.startswith("The name dave is banned until") and said.endswith("1 session ended.")
    assert dave.dismissed is not None and "boss banned you from this server until" in dave.dismissed
    assert dave.dismissed.endswith(": cheating at cards") and carla.dismissed is None
    ban = hub.records.banned("DAVE", None, None)
    assert ban is not None and ban.by == "boss" and ban.until is not None
    assert 3590 < ban.until - time.time() <= 3600
    with pytest.raises(HubError, match="shut you out too"):
        run_admin_command(hub, boss, "ban", "address 10.0.0.1")
    with pytest.raises(HubError, match="not an IP address"):
        run_admin_command(hub, boss, "ban", "address nowhere")
    run_admin_command(hub, boss, "ban", "address 10.0.0.9")
    assert carla.dismissed == "boss banned you from this server for good."
    assert run_admin_command(hub, boss, "bans", "")[0] == "2 bans in force:"
    assert run_admin_command(hub, boss, "unban", "address 10.0.0.9") == [
        "The address 10.0.0.9 is no longer banned."
    ]
    # A ban that has run out no longer applies.
    hub.records.ban(Ban("name", "erin", until=time.time() - 1))
    assert hub.records.banned("erin", None, None) is None


def test_kick_close_and_announce():
    hub = Hub()
    hub.order.renew([BOSS], "")
    boss = Admin("boss", BOSS, "10.0.0.1")
    anna = Attendee("anna")
    hub.order.arrive(anna)
    with pytest.raises(HubError, match="Nobody called bruno is connected."):
        run_admin_command(hub, boss, "kick", "bruno")
    ht = hub.create("anna", None)
    assert run_admin_command(hub, boss, "close", str(ht.id)) == [f"Table {ht.id} is closed."]
    assert ht.id not in hub.tables and anna.told == [f"boss closed table {ht.id}."]
    run_admin_command(hub, boss, "announce", "  Restart at noon ")
    assert [str(line) for line in hub.chat] == ["Announcement from boss: Restart at noon"]
    assert run_admin_command(hub, boss, "kick", "ANNA") == ["ANNA is kicked (1 session)."]
    assert anna.dismissed == "boss kicked you from this server."
