"""The lobby in a real browser (``docs/web.md``, "Using it"): **Play now**, a create
form that fits one screen, the tables this browser sat at, the keyboard and bad input.
Debian's Chromium against a real ``euchre serve``, with the fixtures of
``test_web_browser`` (skipped where those are); the API behind them is
``test_web_lobby.py``'s.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_web_browser import (
    ACTION,
    TABLE_URL,
    browser,
    no_sideways_scroll,
    open_page,
    post_json,
    server,
)

from euchre.engine.rules import PRESETS
from euchre.web.lobby_words import PLAY_NOW_BOT

__all__ = ["browser", "open_page", "server"]  # the fixtures, used by name

Message = dict[str, Any]


def get_json(url: str) -> Message:
    with urllib.request.urlopen(url, timeout=5) as answer:
        data: Message = json.loads(answer.read())
        return data


def lobby(page: Any, server: str) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("#create-form")
    page.wait_for_selector("#play-now:not([disabled])")


def test_play_now_opens_a_started_game(server: str,
                                       open_page: Callable[..., Any]) -> None:
    page = open_page(375, 667)
    lobby(page, server)
    page.fill("#your-name", "Ada")
    page.click("#play-now")
    page.wait_for_url(TABLE_URL)
    page.wait_for_selector("#table-page[data-version]")
    table = page.url.rsplit("/", 1)[1]
    described = get_json(f"{server}/api/tables/{table}")
    assert described["state"] == "playing" and described["preset"] == "standard"
    assert described["seats"][0]["name"] == "Ada"
    assert [s["bot"] for s in described["seats"][1:]] == [PLAY_NOW_BOT] * 3
    assert page.locator("#start").count() == 0  # nothing to press: the game is on
    page.wait_for_selector(ACTION, timeout=30000)  # the person's turn comes
    no_sideways_scroll(page, 375)


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 667)])
def test_the_create_form_fits_one_screen(server: str,
                                         open_page: Callable[..., Any], width: int,
                                         height: int) -> None:
    page = open_page(width, height)
    lobby(page, server)
    assert not page.locator("#option-players").is_visible()  # More options is closed
    for control in ("#your-name", "#preset", "#target", "#seat-1", "#seat-2", "#seat-3",
                    "#level", "#pace", ".more-options summary", "#create"):
        assert page.locator(control).is_visible(), control
    page.evaluate("document.getElementById('create-title').scrollIntoView()")
    top = page.locator("#create-title").bounding_box()
    bottom = page.locator("#create").bounding_box()
    assert top is not None and bottom is not None
    assert top["y"] >= 0 and bottom["y"] + bottom["height"] <= height, (top, bottom)
    if width >= 860:  # side by side with the lists: in view as the page opens
        page.evaluate("window.scrollTo(0, 0)")
        bottom = page.locator("#create").bounding_box()
        assert bottom is not None and bottom["y"] + bottom["height"] <= height
    no_sideways_scroll(page, width)
    page.click(".more-options summary")
    assert page.locator("#option-players").is_visible()
    page.select_option("#preset", "napoleon")  # the most options and seats there are
    no_sideways_scroll(page, width)


def play_out(server: str, made: Message) -> None:
    """Play seat 0 of a started table to the end over its socket (the last legal action
    each turn, so that somebody calls)."""
    from websockets.sync.client import connect

    url = server.replace("http://", "ws://") + f"/ws/{made['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "seat": made["seat"], "token": made["token"]}))
        acted: set[int] = set()
        for _ in range(5000):
            message = json.loads(ws.recv(timeout=30))
            state = message.get("state")
            if state is None:
                continue
            if state["game_over"]:
                return
            if state["legal"] and state["version"] not in acted:
                acted.add(state["version"])
                ws.send(json.dumps({"type": "act", "id": f"a{state['version']}",
                                    "version": state["version"],
                                    "action": state["legal"][-1]["action"]}))
    raise AssertionError("the game did not end")


def test_your_tables_come_first_with_their_state_and_records(
        server: str, open_page: Callable[..., Any]) -> None:
    made = {}
    for preset in ("tournament", "three-handed"):
        players = PRESETS[preset].players
        made[preset] = post_json(f"{server}/api/tables", {
            "preset": preset, "target": 0, "options": {"deals": 1},
            "seats": ["person"] + ["basic"] * (players - 1),
            "level": "basic", "pace": 0, "host": "Ada", "start": True})
        play_out(server, made[preset])
    page = open_page(375, 667)
    lobby(page, server)
    page.click("#play-now")  # a game in play: this browser's newest table
    page.wait_for_url(TABLE_URL)
    playing = page.url.rsplit("/", 1)[1]
    keep = """async ([id, seat, token, name]) => {
        const dom = await import("/static/dom.js");
        dom.keepSeat(id, seat, token, name);
    }"""
    page.evaluate(keep, ["no-such-table", 0, "x" * 22, "Gone"])
    for preset in ("three-handed", "tournament"):  # the tournament game the newest kept
        page.evaluate(keep, [made[preset]["id"], 0, made[preset]["token"], preset])
    lobby(page, server)
    page.wait_for_selector(f'#recent [data-table="{playing}"]')
    items = page.locator("#recent > li")
    page.wait_for_function("document.querySelectorAll('#recent > li').length === 3")
    ids = [items.nth(i).get_attribute("data-table") for i in range(3)]
    assert ids == [made["tournament"]["id"], made["three-handed"]["id"], playing]
    # a table the server no longer has is dropped, without a word
    assert page.locator('#recent [data-table="no-such-table"]').count() == 0
    assert page.inner_text("#lobby-message") == ""
    kept = page.evaluate("""async () =>
        (await import("/static/dom.js")).recentTables().map((t) => t.id)""")
    assert "no-such-table" not in kept
    # "Your tables" comes before the open tables
    assert page.evaluate("""document.getElementById('recent-section')
        .compareDocumentPosition(document.getElementById('tables'))
        & Node.DOCUMENT_POSITION_FOLLOWING""")
    # in play: the way back to the seat
    row = f'#recent [data-table="{playing}"]'
    assert page.get_attribute(row, "data-state") == "playing"
    assert page.get_attribute(f"{row} a", "href") == f"/t/{playing}"
    # over, EGN writes it: the replay and both records
    done = made["tournament"]["id"]
    row = f'#recent [data-table="{done}"]'
    assert page.get_attribute(row, "data-state") == "over"
    assert page.locator(f'{row} a[href="/replay/{done}"]').count() == 1
    assert page.locator(f'{row} a[href="/api/tables/{done}/record.json"]').count() == 1
    assert page.locator(f'{row} a[href="/api/tables/{done}/record.egn"]').count() == 1
    with page.expect_download() as download:
        page.click(f'{row} a[href="/api/tables/{done}/record.egn"]')
    assert "Euchre Game Notation" in Path(download.value.path()).read_text()
    # over, EGN can not say it: no EGN link, the reason instead
    cutthroat = made["three-handed"]["id"]
    row = f'#recent [data-table="{cutthroat}"]'
    assert page.locator(f'{row} a[href$="record.egn"]').count() == 0
    assert page.locator(f'{row} a[href$="record.json"]').count() == 1
    why = page.inner_text(f'{row} [data-why="egn"]')
    assert "EGN records four- and two-handed Euchre only" in why
    no_sideways_scroll(page, 375)


def test_the_keyboard_labels_and_bad_input(server: str, open_page: Callable[..., Any]) -> None:
    page = open_page(375, 667)
    lobby(page, server)
    unlabelled = page.evaluate("""[...document.querySelectorAll('#main input, #main select')]
        .filter((el) => !(el.labels && el.labels.length) && !el.getAttribute('aria-label'))
        .map((el) => el.id)""")
    assert unlabelled == []
    reached = set()
    for _ in range(60):  # every control, by Tab alone, each with a visible focus ring
        page.keyboard.press("Tab")
        focused = page.evaluate("""(() => {
            const el = document.activeElement;
            if (!el || el === document.body) return null;  // past the last control
            const style = getComputedStyle(el);
            return [el.id || el.tagName.toLowerCase(),
                    style.outlineStyle !== 'none' || style.boxShadow !== 'none'];
        })()""")
        if focused is None:
            continue
        reached.add(focused[0])
        assert focused[1], f"{focused[0]} shows no focus"
    assert {"your-name", "play-now", "refresh", "preset", "target", "seat-1", "seat-2",
            "seat-3", "level", "pace", "summary", "create"} <= reached, reached
    # a value the form can not take: one message naming the field, and no table
    page.fill("#target", "")
    page.click("#create")
    assert page.inner_text("#create-error") == "Points to win: " + page.evaluate(
        "document.getElementById('target').validationMessage")
    # a value only the server refuses: its one sentence, no traceback
    page.fill("#target", "5")
    page.fill("#your-name", "Ada\u202e")
    page.click("#create")
    page.wait_for_function("document.getElementById('create-error').textContent.includes('host')")
    error = page.inner_text("#create-error")
    assert error.startswith("The table could not be created: host") and "Traceback" not in error
    assert page.url == f"{server}/"
    page.click("#play-now")
    page.wait_for_function("document.getElementById('lobby-message').textContent !== ''")
    assert page.inner_text("#lobby-message").startswith("The game could not be started: host")
