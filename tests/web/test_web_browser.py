"""The web table's page in a real browser: Debian's Chromium driven by Playwright against
a real ``euchre serve`` in a subprocess.

The lobby's form creates a table, the host starts it and plays a whole short game by
clicking, a second browser takes the partner's seat, the same game on a phone's screen,
and the keyboard alone. Skipped where Chromium or Playwright is missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from helpers.paths import ROOT

__all__ = ["ACTION", "TABLE_URL", "Page", "PlaywrightTimeout", "browser",
           "no_sideways_scroll", "open_page", "page_state", "post_json", "server",
           "version"]
"""What the other browser tests take from here."""

REQUIRED = os.environ.get("EUCHRE_BROWSER_TESTS") == "required"
"""CI sets this (``.ci/run``, which installs Chromium): a missing browser fails there."""


def _missing(why: str) -> None:
    if REQUIRED:
        raise RuntimeError(f"{why}, and EUCHRE_BROWSER_TESTS=required")
    pytest.skip(why, allow_module_level=True)


CHROMIUM = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else shutil.which("chromium")
if CHROMIUM is None:
    _missing("Chromium is not installed (/usr/bin/chromium)")
try:
    from playwright.sync_api import Browser, Page, WebSocketRoute, sync_playwright
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - depends on the machine
    _missing("playwright is not installed")

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SRC = ROOT / "src"
ACTION = "[data-action]:not([disabled])"
"""A control the page offers now: a bidding button or a playable card."""
TABLE_URL = re.compile(r"/t/[^/?#]+$")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return int(answer.status), bytes(answer.read())
    except urllib.error.HTTPError as error:
        return int(error.code), b""


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server on a free port, with its store in a temporary folder."""
    data = tmp_path_factory.mktemp("web-data")
    port = _free_port()
    env = dict(os.environ)
    # the build under test first (PYTHONPATH=.compiled under make test), the sources after
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [env.get("PYTHONPATH"), str(SRC)]))
    log = (data / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre", "serve", "--port", str(port), "--data", str(data)],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                pytest.fail(f"the server stopped: {(data / 'server.log').read_text()}")
            try:
                if _get(f"{base}/api/setup")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("the server did not answer within 30 s")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium (never a downloaded browser)."""
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def open_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Pages in fresh browser contexts (each its own storage: its own person), closed
    after the test; page errors fail the test."""
    contexts = []
    errors: list[str] = []

    def make(width: int = 1000, height: int = 700) -> Page:
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert errors == []


def create_in_lobby(page: Page, base: str, name: str, *, target: int = 1,
                    seats: tuple[str, str, str] = ("basic", "basic", "basic")) -> str:
    """Create a table with the lobby's form (pace 0); returns its id, on its page."""
    page.goto(f"{base}/")
    page.wait_for_selector("#create-form")
    page.fill("#your-name", name)
    page.select_option("#preset", "tournament")  # rules EGN writes exactly, for the download
    page.fill("#target", str(target))
    for seat, kind in enumerate(seats, start=1):
        page.select_option(f"#seat-{seat}", kind)
    page.select_option("#level", "basic")
    page.fill("#pace", "0")
    page.click("#create")
    page.wait_for_url(TABLE_URL)
    page.wait_for_selector("#table-page[data-version]")
    return page.url.rsplit("/", 1)[1]


def act_once(page: Page, wait_ms: int = 15000) -> bool:
    """Click the first control the page offers (a bid or a card); False when none came."""
    try:
        page.wait_for_selector(f"{ACTION}, #game-over", timeout=wait_ms)
    except PlaywrightTimeout:
        return False
    if page.locator("#game-over").count():
        return False
    try:
        page.locator(ACTION).first.click(timeout=2000)
    except PlaywrightTimeout:
        return False  # the table moved on meanwhile: the next state offers again
    return True


def play_to_the_end(page: Page, limit: int = 300) -> int:
    """Act on every turn until the game-over summary shows; returns the actions made."""
    made = 0
    for _ in range(limit):
        if page.locator("#game-over").count():
            return made
        made += act_once(page)
    raise AssertionError("the game did not end")


def page_state(page: Page) -> dict[str, Any]:
    """The state the table page drew last (its view, which the page keeps on its
    element)."""
    state: dict[str, Any] = json.loads(page.evaluate(
        "() => JSON.stringify(document.getElementById('table-page').view.state)"))
    return state


def version(page: Page) -> int:
    return int(page.get_attribute("#table-page", "data-version") or -1)


def no_sideways_scroll(page: Page, width: int) -> None:
    scroll = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} > {width}"


def test_create_start_and_play_a_whole_game(server: str,
                                            open_page: Callable[..., Page]) -> None:
    page = open_page()
    table = create_in_lobby(page, server, "Ada")
    assert "Ada" in page.inner_text('.seat[data-seat="0"]')
    page.click("#start")
    page.wait_for_selector("#hand .card")
    names = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.ariaLabel)")
    # five cards; six where Ada deals and a bot ordered the upcard up before her turn
    # (the deal is random: she is then in the exchange, her cards offered as discards)
    picked = [n for n in names if "the card you picked up" in n]
    assert len(picked) <= 1 and len(names) == 5 + len(picked), names
    assert all(re.search(r"\b(Nine|Ten|Jack|Queen|King|Ace) of (clubs|diamonds|hearts|spades)",
                         n) for n in names), names
    # a hint on the first turn: the hint bot's choice among the offered ones
    page.wait_for_selector(ACTION)
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden]) strong")
    assert "Suggested" in page.inner_text("#hint-box")
    assert play_to_the_end(page) >= 1
    summary = page.inner_text("#game-over")
    assert "win" in summary
    assert page.inner_text("#deal-summary")  # the last deal's line
    assert "point" in page.inner_text("#status")
    # the result is over the table: closed, the table and its last trick show
    page.click("#game-over-close")
    page.click("#last-trick")
    assert page.locator("#last-box .last-trick li").count() == 4
    page.click("#game-over-open")
    for link in ("#record-json", "#record-egn"):
        href = page.get_attribute(link, "href")
        assert href is not None and href.startswith(f"/api/tables/{table}/record.")
        status, body = _get(server + href)
        assert status == 200 and body
    status, body = _get(f"{server}/api/tables/{table}/record.json")
    assert json.loads(body)["deals"]
    # the replay viewer steps through it, all hands shown
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    assert page.inner_text("#replay-step").startswith("Step 0 of")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#replay-step").startswith("Step 1 of")
    page.click("#replay-last")
    assert "over" in page.inner_text("#replay-step")
    assert page.locator("#replay-felt .open-hand .card").count() == 0  # every card played
    page.keyboard.press("Home")
    assert page.locator("#replay-felt .open-hand .card").count() == 20


def test_a_friend_takes_the_partner_seat(server: str, open_page: Callable[..., Page]) -> None:
    host = open_page()
    table = create_in_lobby(host, server, "Ada", target=2, seats=("basic", "person", "basic"))
    host.click("#show-invites")  # the side panel, open at its links
    assert host.locator("#link-seat-2").is_visible()
    invite = host.input_value("#link-seat-2")
    host.keyboard.press("Escape")
    assert "Tournament" in host.inner_text("#rules")
    assert re.search(f"/t/{table}#seat=2&token=[A-Za-z0-9_-]{{20,}}$", invite)
    friend = open_page()
    friend.goto(invite)
    friend.fill("#invite-name", "Bea")
    friend.click("#invite-submit")
    friend.wait_for_url(TABLE_URL)  # the token left the address bar
    friend.wait_for_selector('.seat[data-seat="0"]')
    assert "Ada" in friend.inner_text('.seat[data-seat="0"]')
    assert "Bea" in friend.inner_text('.seat[data-seat="2"]')
    host.wait_for_function(
        "document.querySelector('.seat[data-seat=\"2\"]').innerText.includes('Bea')")
    assert friend.locator("#start").count() == 0  # only the host starts
    stranger = open_page()  # a public table: a bot's seat is open in the lobby
    stranger.goto(f"{server}/")
    stranger.fill("#your-name", "Cy")
    stranger.click(f'[data-key="sit-{table}-1"]')
    stranger.wait_for_url(TABLE_URL)
    host.wait_for_function(
        "document.querySelector('.seat[data-seat=\"1\"]').innerText.includes('Cy')")
    stranger.wait_for_selector('.seat[data-seat="1"]')
    friend.click("#menu-button")  # the side panel, and its chat
    friend.click("#tab-chat")
    friend.fill("#chat-text", "hello partner")
    friend.press("#chat-text", "Enter")
    friend.keyboard.press("Escape")  # the panel closes, off the friend's cards
    assert friend.locator("#drawer").is_hidden()
    host.wait_for_selector("#chat li", state="attached")
    assert host.inner_text("#chat") == "Bea: hello partner"
    assert "1 new" in host.inner_text("#menu-button")  # the host's panel is closed
    host.click("#start")
    deadline = time.monotonic() + 25
    while min(version(host), version(friend)) < 16 and time.monotonic() < deadline:
        if host.locator("#game-over").count():
            break
        acted = False
        for page in (host, friend, stranger):
            if page.locator(ACTION).count():
                acted = act_once(page, 500) or acted
        if not acted:
            host.wait_for_timeout(50)
    assert min(version(host), version(friend)) >= 16 or host.locator("#game-over").count()
    # both saw the same table: the log names the partner's moves
    assert "Bea" in host.inner_text("#log")
    assert "Ada" in friend.inner_text("#log")


def test_a_phone_screen(server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(375, 667)
    page.goto(f"{server}/")
    page.wait_for_selector("#create-form")
    page.click(".more-options summary")  # every rules option shown
    no_sideways_scroll(page, 375)
    create_in_lobby(page, server, "Cy")
    no_sideways_scroll(page, 375)
    page.click("#start")
    assert act_once(page)
    no_sideways_scroll(page, 375)
    play_to_the_end(page)
    no_sideways_scroll(page, 375)


@pytest.mark.parametrize("players", [5, 7])
def test_a_phone_screen_at_a_napoleon_table_of_many_seats(
        server: str, open_page: Callable[..., Page], players: int) -> None:
    """Every seat of a five- or seven-handed table shows on a phone with no sideways
    scroll, in the play and in the replay."""
    made = post_json(f"{server}/api/tables", {
        "preset": "napoleon", "options": {"players": players, "deals": 1},
        "seats": ["person"] + ["random"] * (players - 1), "pace": 0, "level": "random",
        "host": "Flo"})
    page = open_page(375, 667)
    page.goto(f"{server}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.wait_for_selector("#start")
    assert page.locator(".seat").count() == players
    no_sideways_scroll(page, 375)
    page.click("#start")
    page.wait_for_selector("#hand .card")
    for seat in range(players):
        assert page.locator(f'.seat[data-seat="{seat}"]').is_visible()
    no_sideways_scroll(page, 375)
    play_to_the_end(page)
    no_sideways_scroll(page, 375)
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    assert page.locator("#replay-felt .seat").count() == players
    no_sideways_scroll(page, 375)


def test_the_keyboard_alone(server: str, open_page: Callable[..., Page]) -> None:
    made = post_json(f"{server}/api/tables", {"seats": ["person", "basic", "basic", "basic"],
                                          "pace": 0, "level": "basic", "target": 1,
                                          "host": "Dee"})
    page = open_page()
    page.goto(f"{server}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.wait_for_selector("#start")

    def tab_to(selector: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate(f"!!document.activeElement?.matches({json.dumps(selector)})"):
                style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
                assert style != "none", "the focus is not shown"
                return
        raise AssertionError(f"Tab never reached {selector}")

    tab_to("#start")
    page.keyboard.press("Enter")
    for key in ("Enter", " "):
        page.wait_for_selector(ACTION)
        before = version(page)
        tab_to(ACTION)
        page.keyboard.press(key)
        page.wait_for_function(
            f"Number(document.querySelector('#table-page').dataset.version) > {before}")
    moves = re.findall(r"You (pass|order|pick|assist|call|go|stay|discard|play)",
                       page.inner_text("#log"))
    assert len(moves) >= 2
    # a reload reconnects to the seat (the token is kept, not in the address)
    assert "token" not in page.url
    page.reload()
    page.wait_for_selector('.seat.you[data-seat="0"]')


def test_a_lost_event_and_a_dropped_socket(server: str,
                                          open_page: Callable[..., Page]) -> None:
    """The page asks for what it missed (``sync``), and after a drop it reconnects by
    itself, saying ``hello`` with the last version it saw."""
    made = post_json(f"{server}/api/tables", {"seats": ["person", "basic", "basic", "basic"],
                                          "pace": 0, "level": "basic", "target": 2})
    page = open_page()
    sent: list[dict[str, Any]] = []
    lost: list[int] = []
    sockets: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()
        sockets.append(ws)
        acked = [False]

        def up(message: str | bytes) -> None:
            sent.append(json.loads(message))
            upstream.send(message)

        def down(message: str | bytes) -> None:
            data = json.loads(message)
            if data["type"] == "ack":
                acked[0] = True
            elif data["type"] == "event" and acked[0] and not lost:
                lost.append(data["event"]["version"])  # the event of our first move
                return
            ws.send(message)

        ws.on_message(up)
        upstream.on_message(down)

    page.route_web_socket(re.compile(r"/ws/"), route)
    page.goto(f"{server}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.evaluate("""() => {
        window.connLog = [];
        new MutationObserver(() => window.connLog.push(document.getElementById("conn")
            .textContent)).observe(document.getElementById("conn"),
            {childList: true, characterData: true, subtree: true});
    }""")
    page.click("#start")
    assert act_once(page)
    page.wait_for_function("document.getElementById('log').innerText.includes('Caught up')")
    syncs = [m for m in sent if m["type"] == "sync"]
    assert lost and syncs and syncs[0]["last_version"] == lost[0] - 1
    assert version(page) >= lost[0]
    # the connection drops: the page says so, comes back and carries on
    seen = version(page)
    sockets[-1].close(code=4000, reason="dropped by the test")
    page.wait_for_function("document.getElementById('conn').textContent === 'connected'"
                           " && window.connLog.includes('reconnecting…')")
    hellos = [m for m in sent if m["type"] == "hello"]
    assert len(hellos) == 2 and hellos[1]["last_version"] >= seen
    assert hellos[1]["token"] == made["token"]
    assert act_once(page) or page.locator("#game-over").count()


def test_a_record_egn_can_not_say_is_not_offered(server: str,
                                                 open_page: Callable[..., Page]) -> None:
    """EGN has no three-handed game: the end of the game says so instead of a link."""
    made = post_json(f"{server}/api/tables", {
        "preset": "three-handed", "target": 1, "seats": ["person", "basic", "basic"],
        "level": "basic", "pace": 0, "host": "Ada"})
    page = open_page(375, 667)
    page.goto(f"{server}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.click("#start")
    play_to_the_end(page)
    page.wait_for_selector("#record-egn-note")
    assert "EGN" in page.inner_text("#record-egn-note")
    assert page.locator("#record-egn").count() == 0
    assert page.locator("#record-json").count() == 1
    assert page.locator("#win-chart").count() == 0  # three sides: no chance is modelled
