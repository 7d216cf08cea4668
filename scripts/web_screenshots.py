"""Screenshots of the web table at the three screen sizes it is built for, for
``docs/web.md``: a phone (375×667), a phone held sideways (667×375) and a desk
(1280×800).

Usage::

    PYTHONPATH=.compiled .venv/bin/python scripts/web_screenshots.py [--out DIR]
        [--chromium PATH]

Starts ``euchre serve`` on a free port with a temporary store, drives Debian's Chromium
(``/usr/bin/chromium``) with Playwright, and writes PNG files to DIR
(``docs/images/web``): the lobby; standard Euchre at a bidding turn and at a card turn;
the summary over the table after a deal; the end of a game; Hasenpfeffer's bidding;
Napoleon with seven seats at a card turn. Each at the three sizes, named
``SCENE-SIZE.png``. The deals are random, so the pictures differ from run to run; the
layout they show does not.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"phone": (375, 667), "sideways": (667, 375), "desk": (1280, 800)}
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ACTION = "[data-action]:not([disabled])"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        data: dict[str, Any] = json.loads(answer.read())
        return data


def serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [env.get("PYTHONPATH"),
                                                      str(ROOT / "src")]))
    process = subprocess.Popen([sys.executable, "-m", "euchre", "serve", "--port", str(port),
                                "--data", str(data)], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/api/setup", timeout=2):
                return process, base
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def open_table(page: Page, base: str, body: dict[str, Any]) -> None:
    made = post(f"{base}/api/tables", body)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"{base}/t/{made['id']}#seat={made['seat']}&token={made['token']}")
    page.wait_for_selector("#start")
    page.click("#start")


def turn(page: Page, want: str, limit: int = 200) -> None:
    """Act (passing where it may) until the person's turn is ``bid`` (a bidding button)
    or ``card`` (a card to play)."""
    for _ in range(limit):
        page.wait_for_selector(ACTION)
        cards = page.locator(f"#hand {ACTION}").count()
        buttons = page.locator(f"#actions {ACTION}").count()
        if (want == "card" and cards and not buttons) or (want == "bid" and buttons
                                                          and not cards):
            page.wait_for_timeout(400)  # the cards' animations end
            return
        passing = page.locator('[data-action="pass"]:not([disabled])')
        (passing if passing.count() else page.locator(ACTION).first).first.click()
        page.wait_for_timeout(50)
    raise SystemExit(f"no {want} turn came")


def shoot(page: Page, out: Path, scene: str) -> None:
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(250)
        page.screenshot(path=str(out / f"{scene}-{size}.png"))
        print(f"{scene}-{size}.png")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "web")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--skip", action="append", default=[], metavar="SCENE",
                        help="leave out a scene (lobby)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data:
        process, base = serve(Path(data))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
                page = browser.new_page(viewport={"width": 375, "height": 667})
                page.set_default_timeout(20000)
                if "lobby" not in args.skip:
                    page.goto(f"{base}/")
                    page.wait_for_selector("#create-form")
                    shoot(page, args.out, "lobby")
                four = {"seats": ["person", "expert", "expert", "expert"], "level": "expert",
                        "pace": 0, "host": "Ada", "name": "Friday game"}
                open_table(page, base, four)
                turn(page, "bid")
                shoot(page, args.out, "bidding")
                turn(page, "card")
                shoot(page, args.out, "playing")
                open_table(page, base, {**four, "pace": 0.5})
                for _ in range(60):  # play on until the summary shows after the deal
                    page.wait_for_selector(f"{ACTION}, #deal-overlay")
                    if page.locator("#deal-overlay").count():
                        break
                    page.locator(ACTION).first.click()
                page.wait_for_selector("#deal-overlay")
                shoot(page, args.out, "deal-summary")
                open_table(page, base, {**four, "target": 3, "seats":
                                        ["person", "basic", "basic", "basic"]})
                while not page.locator("#game-over").count():
                    page.wait_for_selector(f"{ACTION}, #game-over")
                    if page.locator(ACTION).count():
                        page.locator(ACTION).first.click()
                page.wait_for_selector("#win-chart")
                shoot(page, args.out, "game-over")
                open_table(page, base, {**four, "preset": "hasenpfeffer"})
                turn(page, "bid")
                shoot(page, args.out, "hasenpfeffer-bidding")
                open_table(page, base, {"preset": "napoleon", "options": {"players": 7},
                                        "seats": ["person"] + ["basic"] * 6, "level": "basic",
                                        "pace": 0, "host": "Ada"})
                turn(page, "card")
                shoot(page, args.out, "napoleon-7")
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
