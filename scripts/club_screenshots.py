"""Screenshots of the club room's page for ``docs/clubs.md``: a director's evening at a
desk (1280×800), the scorer's phone (390×844), the final standings, the leaderboard and
a player's page.

Usage::

    PYTHONPATH=.compiled .venv/bin/python scripts/club_screenshots.py [--out DIR]
        [--chromium PATH]

Starts ``euchre serve`` on a free port with a temporary store (as
``scripts/web_screenshots.py`` does), signs six players up, plays a few rated games to
three points for each with three ``basic`` bots (over the table's socket, the person's
seat takes the hint bot's choice as often as that player is good, else a random legal
action), then directs an eight-player progressive
evening through the create form and enters its hands with the scorers' key. Writes to
DIR (``docs/images/clubs``): ``director-desk.png`` (the director's page in round two),
``enter-phone.png`` (a hand half entered on the scorers' page), ``standings-desk.png``
(the evening over, as a guest sees it), ``leaderboard-desk.png`` and
``player-desk.png``. The games are random, so the numbers differ from run to run; the
layout they show does not.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from web_screenshots import ARGS, ROOT, SIZES, serve
from websockets.sync.client import connect

PASSWORD = "table talk 42"
PHONE = (390, 844)
"""The scorer's phone: taller than ``web_screenshots``' 375×667, as most phones now are."""
PLAYERS = {
    # name: (how often they play the hint bot's choice, else a random legal one; games)
    "Ada": (1.0, 4),
    "Bea": (0.85, 3),
    "Cy": (0.7, 3),
    "Di": (0.5, 3),
    "Ed": (0.3, 2),
    "Flo": (0.0, 2),
}
EVENING = ["Ada", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
HANDS = [(2, 0, None), (0, 1, None), (4, 0, 0), (0, 2, None)]
"""The hands each table enters (N-S, E-W, the lone hand's seat at the table)."""


def member(browser: Browser, base: str, name: str) -> BrowserContext:
    """A browser context signed in as a new account ``name`` (desk-sized)."""
    width, height = SIZES["desk"]
    context = browser.new_context(viewport={"width": width, "height": height})
    answer = context.request.post(f"{base}/api/account",
                                  data={"name": name, "password": PASSWORD})
    if answer.status != 201:
        raise SystemExit(f"{name} could not sign up: {answer.text()}")
    return context


def play_out(base: str, made: dict[str, Any], skill: float, rng: random.Random) -> None:
    """Play the person's seat of a started table to the end over its socket: the hint
    bot's choice ``skill`` of the time, else a random legal action (never alone)."""
    url = base.replace("http://", "ws://") + f"/ws/{made['id']}"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "hello", "seat": made["seat"], "token": made["token"]}))
        acted: set[int] = set()
        for _ in range(5000):
            message = json.loads(ws.recv(timeout=60))
            state = message.get("state")
            if message["type"] == "hint":
                choice = message["choice"]
            elif state is None:
                continue
            elif state["game_over"]:
                return
            elif not state["legal"] or state["version"] in acted:
                continue
            elif rng.random() < skill:
                ws.send(json.dumps({"type": "hint"}))
                continue
            else:
                legal = [a["action"] for a in state["legal"]]
                choice = rng.choice([a for a in legal if "alone" not in a] or legal)
            version = message["version"] if state is None else state["version"]
            acted.add(version)
            ws.send(json.dumps({"type": "act", "id": f"a{version}", "version": version,
                                "action": choice}))
    raise SystemExit("a rated game did not end")


def rated_games(browser: Browser, base: str) -> BrowserContext:
    """Every player's rated games; the first player's context, still signed in."""
    first = None
    rng = random.Random(7)
    for name, (skill, games) in PLAYERS.items():
        context = member(browser, base, name)
        for _ in range(games):
            made = context.request.post(f"{base}/api/tables", data={
                "rated": True, "target": 3, "name": f"{name}'s game",
                "seats": ["person", "basic", "basic", "basic"], "level": "basic",
                "pace": 0, "start": True}).json()
            play_out(base, made, skill, rng)
        print(f"{name}: {games} rated games")
        if first is None:
            first = context
        else:
            context.close()
    assert first is not None
    return first


def enter(page: Page, base: str, event: str, key: str, round: int, table: int,
          hands: list[tuple[int, int, int | None]]) -> None:
    """Enter ``hands`` at a table of a round, as its scorer's phone would."""
    described = page.request.get(f"{base}/api/events/{event}").json()
    players = described["rounds_seated"][round]["tables"][table]["players"]
    for ns, ew, alone in hands:
        answer = page.request.post(f"{base}/api/events/{event}/entries", data={
            "type": "hand", "round": round, "table": table, "ns": ns, "ew": ew,
            "alone": None if alone is None else players[alone], "key": key})
        if answer.status != 201:
            raise SystemExit(f"a hand was refused: {answer.text()}")


def shoot(page: Page, out: Path, name: str) -> None:
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / name))
    print(name)


def evening(browser: Browser, director: BrowserContext, base: str, out: Path) -> None:
    """The director's evening: the create form, round one played, round two begun."""
    page = director.new_page()
    page.set_default_timeout(20000)
    page.goto(f"{base}/events")
    page.wait_for_selector("#event-form")
    page.fill("#ev-title", "Thursday club night")
    page.fill("#ev-players", "\n".join(EVENING))
    page.fill("#ev-rounds", "3")
    page.fill("#ev-hands", "4")
    page.click("#ev-create")
    page.wait_for_url("**/events/*")
    event = page.url.rsplit("/", 1)[1]
    key = page.evaluate(f"JSON.parse(localStorage.getItem('euchre.event.{event}')).key")
    for table in (0, 1):
        enter(page, base, event, key, 0, table, HANDS)
    enter(page, base, event, key, 1, 0, HANDS[:2])
    enter(page, base, event, key, 1, 1, HANDS[1:2])
    page.reload()
    page.wait_for_selector("#table-1")
    page.click("label[for=t1-side-ns]")  # the director halfway through a hand
    page.click("label[for=t1-points-2]")
    shoot(page, out, "director-desk.png")

    width, height = PHONE
    phone = browser.new_context(viewport={"width": width, "height": height},
                                is_mobile=True, has_touch=True)
    scorer = phone.new_page()
    scorer.goto(f"{base}/events/{event}/enter#key={key}")
    scorer.wait_for_selector("#table-pick")
    scorer.tap("label[for=enter-table-0]")
    scorer.wait_for_selector("#enter-form")
    scorer.tap("label[for=enter-side-ew]")
    scorer.tap("label[for=enter-points-4]")
    shoot(scorer, out, "enter-phone.png")
    phone.close()

    enter(page, base, event, key, 1, 0, HANDS[2:])
    enter(page, base, event, key, 1, 1, [HANDS[0], *HANDS[2:]])
    for table in (0, 1):
        enter(page, base, event, key, 2, table, list(reversed(HANDS)))
    guest = browser.new_context(viewport={"width": SIZES["desk"][0],
                                          "height": SIZES["desk"][1]})
    standings = guest.new_page()
    standings.goto(f"{base}/events/{event}")
    standings.wait_for_selector("#event-over")
    shoot(standings, out, "standings-desk.png")
    guest.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "clubs")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        process, base = serve(Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
                ada = rated_games(browser, base)
                page = ada.new_page()
                page.set_default_timeout(60000)
                page.goto(f"{base}/leaderboard")
                page.wait_for_selector("#leaderboard")
                shoot(page, args.out, "leaderboard-desk.png")
                page.goto(f"{base}/players/Ada")
                page.wait_for_selector("#review:not([aria-busy])")
                shoot(page, args.out, "player-desk.png")
                evening(browser, ada, base, args.out)
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
