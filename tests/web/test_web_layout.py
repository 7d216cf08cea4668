"""The table fits one screen: at a phone's size (375×667), a phone held sideways
(667×375) and a desk's (1280×800), on the person's bidding turn and card turn, for every
preset and Napoleon at two to seven seats, the page does not scroll and shows, inside
the window and under nothing else: the whole hand, a control for every legal action,
the trick (the upcard while bidding), trump once named, the maker, the score and every
seat with the dealer's badge; no two controls or cards overlap, no card on the table
lies over a seat's name or plate, the trick stays on the felt, and no side's name in
the score breaks over two lines.

Debian's Chromium through Playwright against a real ``euchre serve`` (the fixtures of
``test_web_browser``); skipped where those are.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
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

from euchre.engine.rules import PRESETS

__all__ = ["browser", "open_page", "server"]  # the fixtures, used by name

SIZES = {"phone": (375, 667), "sideways": (667, 375), "desk": (1280, 800)}
CASES: list[tuple[str, dict[str, int]]] = [(name, {}) for name in PRESETS] + [
    ("napoleon", {"players": n}) for n in (2, 3, 6, 7)]

# The page measured in one pass: each element's box, and whether the element at its
# centre is the element itself (nothing lies over it).
MEASURE = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height,
            covered: !(top && (top === el || el.contains(top))),
            text: (el.getAttribute("aria-label") || el.textContent || "").slice(0, 40)};
  };
  const all = (sel) => [...document.querySelectorAll(sel)].filter(
    (el) => el.getClientRects().length).map(box);
  const one = (sel) => { const el = document.querySelector(sel);
    return el && el.getClientRects().length ? box(el) : null; };
  return {
    width: innerWidth, height: innerHeight, scrollY: scrollY,
    scrollHeight: document.scrollingElement.scrollHeight,
    scrollWidth: document.scrollingElement.scrollWidth,
    cards: all("#hand .card"), buttons: all("#actions button"), tools: all("#tools button"),
    menu: one("#menu-button"), turn: one("#turn"), board: one("#scoreboard"),
    seats: all(".seat"), names: all(".seat-name"), dealer: all(".seat .tag.dealer"),
    maker: all(".seat .tag.maker"), trick: one("#trick .trick-grid"), felt: one("#felt"),
    played: all("#trick .slot .card"), upcard: one("#trick .centre-cell .card"),
    trump: one("#trump-badge"),
    sides: [...document.querySelectorAll("#scoreboard .side")].map((el) => ({
      lines: el.getClientRects().length, height: el.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(el).lineHeight) || 20, text: el.textContent})),
  };
}"""


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return width * height if width > 0.5 and height > 0.5 else 0.0


def check_one_screen(page: Page, size: str, turn: str, state: dict[str, Any]) -> None:
    """Everything the issue names shows at ``size``, unscrolled, overlapping nothing."""
    m = page.evaluate(MEASURE)
    where = f"{size}, {turn} turn"
    assert m["scrollY"] == 0 and m["scrollHeight"] <= m["height"] + 1, \
        f"{where}: the page scrolls ({m['scrollHeight']} > {m['height']})"
    assert m["scrollWidth"] <= m["width"], f"{where}: the page scrolls sideways"
    needed = {"card": m["cards"], "action": m["buttons"], "tool": m["tools"],
              "seat": m["seats"], "dealer's badge": m["dealer"], "played card": m["played"]}
    for what, one in (("prompt", m["turn"]), ("score", m["board"]), ("trick", m["trick"]),
                      ("menu", m["menu"])):
        assert one is not None, f"{where}: no {what} shows"
        needed[what] = [one]
    assert len(m["cards"]) == len(state["hand"]), f"{where}: not the whole hand shows"
    assert len(m["seats"]) == state["players"], f"{where}: not every seat shows"
    assert len(m["dealer"]) == 1, f"{where}: who deals is not shown"
    if turn == "bid" and state["upcard"] and state["phase"] == "bid1":
        assert m["upcard"] is not None, f"{where}: the upcard does not show"
        needed["upcard"] = [m["upcard"]]
    if state["trump"] is not None:
        assert m["trump"] is not None, f"{where}: trump is not on the felt"
        needed["trump"] = [m["trump"]]
    if state["maker"] is not None:
        assert len(m["maker"]) == 1, f"{where}: the maker is not shown"
        needed["maker's badge"] = m["maker"]
    offered = {a["action"] for a in state["legal"]}
    shown = set(page.eval_on_selector_all(
        "[data-action]", "els => els.map(e => e.dataset.action)"))
    assert offered <= shown, f"{where}: no control for {sorted(offered - shown)}"
    for what, boxes in needed.items():
        for b in boxes:
            assert b["left"] >= -0.5 and b["top"] >= -0.5 and b["right"] <= m["width"] + 0.5 \
                and b["bottom"] <= m["height"] + 0.5, \
                f"{where}: the {what} {b['text']!r} is off the screen: {b}"
            if what in ("card", "action", "tool", "menu"):
                assert not b["covered"], f"{where}: something lies over the {what} {b['text']!r}"
    for side in m["sides"]:  # a side's name never breaks
        assert side["lines"] == 1 and side["height"] < 1.8 * side["line"], \
            f"{where}: the score {side['text']!r} wraps"
    controls = m["cards"] + m["buttons"] + m["tools"] + [m["turn"], m["menu"]]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            assert not _overlap(a, b), f"{where}: {a['text']!r} overlaps {b['text']!r}"
    for plate in m["seats"]:
        for c in controls:
            assert not _overlap(plate, c), f"{where}: the seat {plate['text']!r} overlaps " \
                f"{c['text']!r}"
    on_felt = m["played"] + ([m["upcard"]] if m["upcard"] else [])
    for card in on_felt:
        for other in m["seats"] + m["names"] + controls:
            assert not _overlap(card, other), \
                f"{where}: the card {card['text']!r} lies over {other['text']!r}"
        felt = m["felt"]
        assert felt["top"] - 0.5 <= card["top"] and card["bottom"] <= felt["bottom"] + 0.5, \
            f"{where}: the card {card['text']!r} leaves the felt"


def the_turn(page: Page) -> str:
    """``bid`` (answers on buttons only), ``card`` (a card to play), or ``other``."""
    cards = page.locator(f"#hand {ACTION}").count()
    buttons = page.locator(f"#actions {ACTION}").count()
    if cards and not buttons:
        return "card" if page.locator('#hand [data-action^="play "]').count() else "other"
    return "bid" if buttons and not cards else "other"


@pytest.mark.parametrize(("preset", "options"), CASES,
                         ids=[f"{p}-{o['players']}" if o else p for p, o in CASES])
def test_one_screen_at_every_size(server: str, open_page: Callable[..., Page], preset: str,
                                  options: dict[str, int]) -> None:
    players = options.get("players", PRESETS[preset].players)
    page = open_page(*SIZES["phone"])
    checked: set[str] = set()
    for _ in range(40):  # a table, another when its game ends before both turns came
        made = post_json(f"{server}/api/tables", {
            "preset": preset, "options": options, "seats": ["person"] + ["random"] * (players - 1),
            "level": "random", "pace": 0, "host": "Ada"})
        page.goto(f"{server}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
        page.click("#start")
        for _ in range(400):
            page.wait_for_selector(f"{ACTION}, #game-over")
            if page.locator("#game-over").count():
                break
            turn = the_turn(page)
            if turn in ("bid", "card") and turn not in checked:
                before = version(page)
                # the last trick held on the table goes, the cards' animations end
                page.wait_for_function("!document.getElementById('table-page').view.hold")
                page.wait_for_timeout(450)
                if version(page) == before:
                    state = page_state(page)
                    for size, (width, height) in SIZES.items():
                        page.set_viewport_size({"width": width, "height": height})
                        page.wait_for_timeout(120)
                        check_one_screen(page, size, turn, state)
                    page.set_viewport_size({"width": SIZES["phone"][0],
                                            "height": SIZES["phone"][1]})
                    checked.add(turn)
            if checked == {"bid", "card"}:
                return
            passing = page.locator('#actions [data-action="pass"]:not([disabled])')
            control = passing if passing.count() and "card" not in checked \
                else page.locator(ACTION)
            # the table may move on meanwhile: the next state offers again
            with contextlib.suppress(PlaywrightTimeout):
                control.first.click(timeout=2000)
    raise AssertionError(f"no {sorted({'bid', 'card'} - checked)} turn came")
