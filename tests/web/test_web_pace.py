"""The pace of play at the web table, in a real browser (Debian's Chromium, the
fixtures of ``test_web_browser``; skipped where those are): a finished deal's summary
over the table until the player is ready, a key for every answer, "defend alone?"
answered with one key or never asked again, a forced card played by itself, the labels
a screen reader reads, and the system's dark theme and reduced motion followed.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from test_web_browser import (
    ACTION,
    Page,
    PlaywrightTimeout,
    browser,
    open_page,
    page_state,
    post_json,
    server,
    version,
)

__all__ = ["browser", "open_page", "server"]  # the fixtures, used by name

VERDICTS = ("Made it", "A march!", "Made it alone", "A lone march!", "Euchred!",
            "Euchred by a lone defender!", "A fast break", "Thrown in")


def sit(page: Page, base: str, body: dict[str, Any]) -> None:
    made = post_json(f"{base}/api/tables", {"seats": ["person", "random", "random", "random"],
                                            "level": "random", "pace": 0, **body})
    page.goto(f"{base}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.click("#start")


def offered(page: Page) -> set[str]:
    return {a["action"] for a in page_state(page)["legal"]}


def spy(page: Page) -> None:
    """Keep what the page sends on its socket (``sent``)."""
    page.evaluate("""() => {
        const socket = document.getElementById("table-page").view.socket;
        const send = socket.send.bind(socket);
        window.sent = [];
        socket.send = (m) => { window.sent.push(m); return send(m); };
    }""")


def sent(page: Page) -> list[dict[str, Any]]:
    """The messages the page sent since :func:`spy`, without their ids."""
    messages: list[dict[str, Any]] = page.evaluate(
        "() => window.sent.map(({ id, acked, ...rest }) => rest)")
    return messages


def moved_on(page: Page, before: int) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('table-page').dataset.version) > {before}")


def test_a_deals_summary_shows_over_the_table_until_the_player_is_ready(
        server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(375, 667)
    # a pause of 8 paces after each deal: the summary shows for some 6 s of it (a deal
    # where the person sits out runs half a minute of bots' moves, with nothing to do)
    sit(page, server, {"pace": 1.0})
    for _ in range(80):
        page.wait_for_selector(f"{ACTION}, #deal-overlay", timeout=90_000)
        if page.locator("#deal-overlay").count():
            break
        with contextlib.suppress(PlaywrightTimeout):  # the overlay came meanwhile
            page.locator(ACTION).first.click(timeout=1000)
    summary = page.inner_text("#deal-overlay")
    assert page.inner_text("#deal-title") in VERDICTS
    assert "Score:" in summary and ("Tricks" in summary.title() or "thrown in" in summary)
    # the last trick taken (two cards where a loner met a lone defender)
    assert page.locator("#deal-overlay .last-trick li").count() >= 2
    assert page.evaluate("document.activeElement.id") == "next-deal"
    page.keyboard.press("Enter")  # ready: the summary goes, the table goes on
    page.wait_for_selector("#deal-overlay", state="detached")
    assert page.locator("#overlay").is_hidden()


def test_keys_answer_bids_and_play_cards(server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(1280, 800)
    sit(page, server, {})
    keyed: set[str] = set()
    for _ in range(300):
        page.wait_for_selector(f"{ACTION}, #game-over")
        actions = offered(page)
        before = version(page)
        if "pass" in actions and "bid" not in keyed:
            assert page.get_attribute('[data-action="pass"]', "aria-keyshortcuts") == "P"
            assert "P" in page.inner_text('[data-action="pass"] kbd')
            page.keyboard.press("p")
            keyed.add("bid")
            moved_on(page, before)
            # read at once: the log may move on to the next deal before the card
            assert "You pass" in page.inner_text("#log")
            continue
        elif any(a.startswith("play ") for a in actions) and "card" not in keyed:
            cards = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.action)")
            place = next(i for i, a in enumerate(cards) if a)
            assert page.get_attribute(f'#hand .card >> nth={place}', "aria-keyshortcuts") \
                == str(place + 1)
            page.keyboard.press(str(place + 1))
            keyed.add("card")
            moved_on(page, before)
            assert re.search(r"You play", page.inner_text("#log"))
        else:
            page.locator(ACTION).first.click()
        moved_on(page, before)
        if keyed == {"bid", "card"}:
            break
    assert keyed == {"bid", "card"}


def test_defend_alone_with_one_key_then_never_asked(server: str,
                                                    open_page: Callable[..., Page]) -> None:
    page = open_page(375, 667)
    sit(page, server, {"target": 0, "options": {"deals": 40}})
    spy(page)
    asked = 0
    answered_alone = 0
    for _ in range(2000):
        page.wait_for_selector(f"{ACTION}, #game-over")
        assert not page.locator("#game-over").count(), "the game ended first"
        before = version(page)
        st = page_state(page)
        defending = offered(page) == {"alone", "stay"} and st["maker"] is not None \
            and st["seats"][st["maker"]]["role"] == "opponent"
        if defending and asked == 0:
            assert page.inner_text('[data-action="stay"] kbd') == "S"
            page.keyboard.press("s")  # one key
            asked += 1
        elif defending and asked == 1:
            page.click("#quiet")  # stay, and don't ask again in this game
            asked += 1
        elif defending:
            # asked no more: the page answers by itself, without a click
            moved_on(page, before)
            assert {"type": "act", "version": before, "action": "stay"} in sent(page)
            answered_alone += 1
            if answered_alone == 2:
                break
            continue
        else:
            page.locator(ACTION).first.click()
        moved_on(page, before)
    assert answered_alone == 2
    assert page.is_checked("#pref-quiet")


def test_a_forced_card_plays_by_itself(server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(375, 667)
    page.add_init_script("localStorage.setItem('euchre.prefs', '{\"autoplay\": true}')")
    # basic bots, which seldom go alone (a loner's partner sits the deal out)
    sit(page, server, {"target": 0, "options": {"deals": 10},
                       "seats": ["person", "basic", "basic", "basic"]})
    for _ in range(300):
        page.wait_for_selector(f"{ACTION}, #game-over")
        assert not page.locator("#game-over").count(), "no forced card came"
        actions = offered(page)
        before = version(page)
        if len(actions) == 1 and next(iter(actions)).startswith("play "):
            card = next(iter(actions))[5:]
            moved_on(page, before)  # nobody clicked
            assert page.locator(f'#hand [data-card="{card}"]').count() == 0 or \
                page_state(page)["deal_number"] > 0
            break
        page.locator(ACTION).first.click()
        moved_on(page, before)
    else:
        raise AssertionError("no forced card came")
    assert page.is_checked("#pref-autoplay")


def test_labels_for_a_screen_reader(server: str, open_page: Callable[..., Page]) -> None:
    page = open_page(667, 375)
    sit(page, server, {})
    page.wait_for_selector(f"#hand {ACTION}, #actions {ACTION}")
    st = page_state(page)
    dealer = st["dealer"]
    label = page.get_attribute(f'.seat[data-seat="{dealer}"]', "aria-label") or ""
    assert "dealer" in label and st["seats"][dealer]["place"] in label
    for seat in st["seats"]:
        words = page.get_attribute(f'.seat[data-seat="{seat["seat"]}"]', "aria-label") or ""
        if seat["seat"] != st["viewer"]:
            assert re.search(r"\d cards?", words), words
    assert page.get_attribute("#scoreboard", "aria-label") == "Score"
    sides = page.eval_on_selector_all("#scoreboard .side", "s => s.map(x => x.ariaLabel)")
    assert sides and all(re.search(r": \d+ points?", s) for s in sides), sides
    cards = page.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.ariaLabel)")
    assert all(re.search(r"(Nine|Ten|Jack|Queen|King|Ace) of", c) for c in cards), cards
    assert page.get_attribute("#menu-button", "aria-expanded") == "false"
    page.keyboard.press("m")
    assert page.get_attribute("#menu-button", "aria-expanded") == "true"
    assert page.get_attribute("#tab-log", "aria-selected") == "true"
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#tab-chat", "aria-selected") == "true"
    assert page.locator("#pane-chat").is_visible()


def test_the_systems_dark_theme_and_reduced_motion(server: str,
                                                   open_page: Callable[..., Page]) -> None:
    page = open_page(375, 667)
    background = "getComputedStyle(document.body).backgroundColor"
    sit(page, server, {})
    page.wait_for_selector(f"#hand {ACTION}, #actions {ACTION}")
    light = page.evaluate(background)
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    dark = page.evaluate(background)
    assert light != dark
    red, green, blue = (int(x) for x in re.findall(r"\d+", dark)[:3])
    assert red + green + blue < 150, dark  # a dark page
    moving = page.evaluate("getComputedStyle(document.querySelector('#hand .card'))"
                           ".transitionDuration")
    assert moving == "0s"  # the cards do not move
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    assert page.evaluate(background) == light
