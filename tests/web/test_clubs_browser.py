"""The club room's page in a real browser (``docs/clubs.md``): signing up and in, an
evening a director runs from the create form to a fixed and a struck hand, a scorer's
phone that enters hands through the scorers' link, a rated game on the leaderboard and
its player's page, and the daily challenge for a guest. Debian's Chromium against a real
``euchre serve``, with the fixtures of ``test_web_browser`` (skipped where those are).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from test_web_browser import TABLE_URL, Page, browser, no_sideways_scroll, open_page, server
from test_web_lobby_browser import play_out

__all__ = ["browser", "open_page", "server"]  # the fixtures, used by name

PASSWORD = "table talk 42"
PHONE = (360, 740)
EVENT_URL = re.compile(r"/events/[^/]+$")


def unique(stem: str) -> str:
    """An account name no other test of the module takes (they share the server)."""
    return f"{stem}-{secrets.token_hex(3)}"


def sign_up(page: Page, server: str, name: str) -> None:
    """An account for ``name``, signed in in the page's browser context (its cookie)."""
    answer = page.request.post(f"{server}/api/account",
                               data={"name": name, "password": PASSWORD})
    assert answer.status == 201, answer.text()


def get(page: Page, url: str) -> dict[str, Any]:
    answer = page.request.get(url)
    assert answer.ok, answer.text()
    data: dict[str, Any] = answer.json()
    return data


def unlabelled(page: Page) -> list[str]:
    """The ids of the page's fields that no label names."""
    found: list[str] = page.evaluate("""[...document.querySelectorAll(
        '#main input, #main select, #main textarea')]
        .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
        .map((el) => el.id)""")
    return found


def test_signing_up_shows_the_name_in_the_header_and_deleting_takes_it_away(
        server: str, open_page: Callable[..., Page]) -> None:
    page = open_page()
    name = unique("Ada")
    page.goto(f"{server}/account")
    page.wait_for_selector("#sign-up-form")
    assert page.inner_text("#me") == "Sign in"
    assert unlabelled(page) == []
    assert [page.get_attribute(f"#{field}", "autocomplete") for field in (
        "sign-in-name", "sign-in-password", "sign-up-name", "sign-up-password")] == [
        "username", "current-password", "username", "new-password"]
    # the server's refusal, in one line by the form
    page.fill("#sign-up-name", name)
    page.fill("#sign-up-password", "short")
    page.click("#sign-up-submit")
    page.wait_for_selector("#sign-up-error:not(:empty)")
    error = page.inner_text("#sign-up-error")
    assert error.startswith("The account could not be made: a password has 8")
    page.fill("#sign-up-password", PASSWORD)
    page.click("#sign-up-submit")
    page.wait_for_function(f"document.getElementById('me').textContent === {name!r}")
    assert page.get_attribute("#me", "href") == f"/players/{quote(name)}"
    assert "Welcome" in page.inner_text("#account-said")
    page.reload()  # the session is the cookie's
    page.wait_for_selector("#sign-out")
    assert page.inner_text("#me") == name
    page.click("#sign-out")
    page.wait_for_selector("#sign-in-form")
    assert page.inner_text("#me") == "Sign in"
    page.fill("#sign-in-name", name.upper())  # any case
    page.fill("#sign-in-password", PASSWORD)
    page.click("#sign-in-submit")
    page.wait_for_selector("#sign-out")
    assert page.inner_text("#me") == name
    # deleting asks the password, then a second yes
    page.fill("#delete-password", "not my password")
    page.click("#delete-ask")
    page.click("#delete-yes")
    page.wait_for_selector("#delete-error:not(:empty)")
    assert page.inner_text("#delete-error") == ("The account was not deleted: that is not "
                                                "this account's password")
    page.fill("#delete-password", PASSWORD)
    page.click("#delete-ask")
    page.click("#delete-no")  # changed my mind: nothing sent
    assert page.locator("#delete-confirm").is_hidden()
    page.click("#delete-ask")
    page.click("#delete-yes")
    page.wait_for_selector("#account-said")
    assert "is deleted" in page.inner_text("#account-said")
    assert page.inner_text("#me") == "Sign in"
    assert page.request.get(f"{server}/api/players/{quote(name)}").status == 404


def test_a_director_creates_an_evening_enters_fixes_and_strikes_hands(
        server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(1280, 800)
    director = unique("Dir")
    sign_up(page, server, director)
    page.goto(f"{server}/events")
    page.wait_for_selector("#event-form")
    assert unlabelled(page) == []
    page.fill("#ev-title", "Friday club")
    page.fill("#ev-players", "Ada\nBea\nCy\nDi\n<i>Eve</i>\nFlo\n")
    assert "6 players: 2 tables, 2 bots" in page.inner_text("#ev-players-help")
    page.fill("#ev-rounds", "3")
    page.fill("#ev-hands", "2")
    page.click("#ev-create")
    page.wait_for_url(EVENT_URL)
    event = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("#table-0")
    assert page.inner_text("#page-title") == "Friday club"
    assert f"directed by {director}" in page.inner_text("#event-meta")
    # the key was shown once, at creation: the page kept it for the scorers' link
    assert re.search(f"/events/{event}/enter#key=[A-Za-z0-9_-]{{20,}}$",
                     page.input_value("#enter-link"))
    # a name is text, never markup
    assert "<i>Eve</i>" in page.inner_text("#round")
    assert page.locator("#main i").count() == 0
    described = get(page, f"{server}/api/events/{event}")
    table = described["rounds_seated"][0]["tables"][0]
    names = described["names"]
    ns = [p for s, p in enumerate(table["players"]) if s % 2 == 0 and not table["bots"][s]]
    ew = [p for s, p in enumerate(table["players"]) if s % 2 == 1 and not table["bots"][s]]

    def points_of(name: str) -> str:
        row = page.locator("#standings-table tbody tr", has_text=name)
        return row.locator("td").nth(1).inner_text()

    page.click("label[for=t0-side-ns]")
    page.click("label[for=t0-points-2]")
    page.click("#t0-submit")
    page.wait_for_selector("#table-0-hands li")
    assert page.inner_text("#table-0-hands").startswith("Hand 1: N-S 2")
    assert "Hand entered: N-S 2." in page.inner_text("#t0-said")
    assert page.inner_text("#table-0-totals") == "N-S 2 · E-W 0"
    assert points_of(names[ns[0]]) == "2"
    # the fix: the scorer meant E-W, 4, a lone hand
    loner = names[ew[0]]
    page.click("#fix-1")
    page.click("label[for=fix-1-side-ew]")
    page.fill("#fix-1-other", "4")
    page.click(f"label[for=fix-1-alone-{ew[0]}]")
    page.click("#fix-1-submit")
    page.wait_for_selector("#history-list li.log-fix")
    assert page.inner_text("#table-0-hands").startswith(f"Hand 1: E-W 4, lone hand by {loner}")
    assert page.inner_text("#table-0-totals") == "N-S 0 · E-W 4"
    assert page.inner_text("#t0-said") == ""  # "entered: N-S 2" no longer holds
    history = page.inner_text("#history-list")
    assert f"Fix of #1: now E-W 4, lone hand by {loner}" in history
    assert "Round 1, table 1: N-S 2 (fixed by #2)" in history
    assert points_of(loner) == "4"
    assert loner in page.inner_text("#most-loners")
    # a hand at the other table, struck out: the history keeps it, the scores do not
    page.click("label[for=t1-side-ew]")
    page.click("label[for=t1-points-1]")
    page.click("#t1-submit")
    page.wait_for_selector("#table-1-hands li")
    page.click("#strike-3")
    page.click("#strike-3-yes")
    page.wait_for_selector('#history-list li.struck[data-entry="3"]')
    assert "Strike of #3" in page.inner_text("#history-list")
    assert page.locator("#table-1-hands").count() == 0
    # nothing chosen: the form says what is missing, and sends nothing
    page.click("#t1-submit")
    assert page.inner_text("#t1-error") == "Who scored: choose N-S or E-W"
    # the downloads: the sheets, and the EMN's refusal (no game online yet) in one line
    sheets = page.request.get(server + (page.get_attribute("#sheets-a4", "href") or ""))
    assert sheets.ok and sheets.headers["content-type"] == "application/pdf"
    page.click("#emn")
    page.wait_for_selector("#emn-error:not(:empty)")
    assert page.inner_text("#emn-error").startswith(
        "Not downloaded: no game of this event has finished online yet")
    # the other table online: each person's seat link to hand out
    page.click("#online-1")
    page.wait_for_selector("#seat-links-1 li")
    people = sum(not bot for bot in described["rounds_seated"][0]["tables"][1]["bots"])
    assert page.locator("#seat-links-1 li").count() == people
    assert "/t/" in page.input_value("#seat-links-1 input >> nth=0")
    assert page.inner_text("#table-1 .tag.state") == "online"
    assert page.locator("#t1-form").count() == 0


def test_a_scorer_enters_hands_on_a_phone_and_a_retry_counts_once(
        server: str, open_page: Callable[..., Page]) -> None:
    desk = open_page(1280, 800)
    sign_up(desk, server, unique("Dir"))
    made = desk.request.post(f"{server}/api/events", data={
        "title": "Phone night", "players": ["Ada", "Bea", "Cy", "Di", "Ed"], "rounds": 2,
        "hands": 2}).json()
    event = made["id"]
    desk.goto(f"{server}/events/{event}")
    desk.wait_for_selector("#table-0")
    phone = open_page(*PHONE)
    phone.goto(made["links"]["enter"])
    phone.wait_for_selector("#table-pick")
    assert "key" not in phone.url  # kept in the browser, not in the address bar
    no_sideways_scroll(phone, PHONE[0])
    phone.click("label[for=enter-table-0]")
    phone.wait_for_selector("#enter-form")
    assert unlabelled(phone) == []
    no_sideways_scroll(phone, PHONE[0])
    # the tiles are real radio buttons: Tab reaches them, the focus shows, Space picks
    for _ in range(40):
        phone.keyboard.press("Tab")
        if phone.evaluate("document.activeElement.name === 'enter-side'"):
            break
    else:
        raise AssertionError("Tab never reached 'Who scored'")
    assert phone.evaluate(
        "getComputedStyle(document.activeElement.labels[0]).outlineStyle") != "none"
    phone.keyboard.press("Space")
    assert phone.is_checked("#enter-side-ns")
    table = get(phone, f"{server}/api/events/{event}")["rounds_seated"][0]["tables"][0]
    ew = [p for s, p in enumerate(table["players"]) if s % 2 == 1]
    # the first answer is lost on the way back: the server took the hand, the phone
    # does not know; sent again with the same id, it counts once
    lost: list[str] = []

    def lose_the_answer(route: Any) -> None:
        if lost:
            route.continue_()
            return
        route.fetch()
        lost.append(route.request.post_data or "")
        route.abort()

    phone.route("**/entries", lose_the_answer)
    phone.click("label[for=enter-side-ew]")
    phone.click("label[for=enter-points-4]")
    phone.click(f"label[for=enter-alone-{ew[0]}]")
    phone.click("#enter-submit")
    phone.wait_for_selector("#enter-error:not(:empty)")
    assert "Send it again" in phone.inner_text("#enter-error")
    phone.click("#enter-submit")
    phone.wait_for_selector("#enter-hands li")
    loner = table["ew"][0]
    assert phone.inner_text("#enter-hands") == f"Hand 1: E-W 4, lone hand by {loner}"
    assert "4" in phone.inner_text("#enter-totals")
    described = get(phone, f"{server}/api/events/{event}")
    assert [e["type"] for e in described["log"]] == ["hand"]
    assert len(lost) == 1
    no_sideways_scroll(phone, PHONE[0])
    # the last hand of the table, by the number field: the table is done
    phone.click("label[for=enter-side-ns]")
    phone.fill("#enter-other", "3")
    phone.click("#enter-submit")
    phone.wait_for_selector("#enter-done")
    assert phone.locator("#enter-hands li").count() == 2
    no_sideways_scroll(phone, PHONE[0])
    # the director's page sees the scorer's hands by itself (it asks every 5 s)
    desk.wait_for_function(
        "document.querySelectorAll('#table-0-hands li').length === 2", timeout=12000)
    assert "a scorer" in desk.inner_text("#history-list")
    assert desk.inner_text("#table-0 .tag.state") == "done"


def test_a_rated_game_shows_on_the_leaderboard_and_the_players_page(
        server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(1280, 800)
    name = unique("Rae")
    sign_up(page, server, name)
    made = page.request.post(f"{server}/api/tables", data={
        "rated": True, "target": 1, "seats": ["person", "random", "random", "random"],
        "level": "random", "pace": 0, "start": True}).json()
    play_out(server, made)
    page.goto(f"{server}/leaderboard")
    row = page.locator("#leaderboard tbody tr", has_text=name)
    row.wait_for()
    assert row.locator("td").nth(1).inner_text().endswith("?")  # provisional
    assert page.locator("#anchors li").count() == 4
    assert "expert bot" in page.inner_text("#anchors")
    row.locator("a").click()
    page.wait_for_selector("#games-table")
    assert page.inner_text("#page-title") == name
    game = page.locator("#games-table tbody tr").first
    assert game.locator(".result").inner_text() in ("Won", "Lost")
    assert re.fullmatch(r"\d+–\d+", game.locator("td").nth(2).inner_text())
    assert game.locator("a").get_attribute("href") == f"/replay/{made['id']}"
    assert page.inner_text("#ratings-table").count("?") == 1
    assert "Games won" in page.inner_text("#rates")
    # the review comes after the rest of the page
    page.wait_for_selector("#review:not([aria-busy])", timeout=30000)
    review = page.inner_text("#review")  # a one-deal game may leave no choice
    assert re.search(r"\d+ decisions? over 1 deal of the latest 1 game", review) or (
        "every move was forced" in review), review
    page.goto(f"{server}/players/{quote('nobody ' + secrets.token_hex(3))}")
    page.wait_for_selector("#player-error")
    assert page.inner_text("#player-error") == "This page could not be shown: no such player"


def test_a_guest_is_told_to_sign_in_for_the_daily_challenge(
        server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(390, 844)
    page.goto(f"{server}/daily")
    page.wait_for_selector("#daily-sign-in")
    assert "Sign in to play today's challenge" in page.inner_text("#daily-sign-in")
    assert page.locator("#daily-start").count() == 0
    no_sideways_scroll(page, 390)
    # the prompt's link signs in, then comes back here
    page.click("#daily-sign-in a")
    page.wait_for_selector("#sign-up-form")
    name = unique("Day")
    page.fill("#sign-up-name", name)
    page.fill("#sign-up-password", PASSWORD)
    page.click("#sign-up-submit")
    page.wait_for_url(f"{server}/daily")
    page.click("#daily-start")
    page.wait_for_url(TABLE_URL)
    page.goto(f"{server}/daily")
    page.wait_for_selector("#daily-back")
    assert name in page.inner_text("#daily-table")
    no_sideways_scroll(page, 390)
