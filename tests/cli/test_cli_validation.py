"""Every option of every subcommand, given a bad value: one clear line, a non-zero exit.

A value the option alone decides (a count, a seed, seconds, a preset) is refused by the
parser, with exit status 2; what needs more (rule options together, bots, programs to
start, files) by the command as it starts, with exit status 1. Either way nothing has
been played, drawn or written yet.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from euchre.cli.main import main
from helpers.paths import ROOT

QUITS = f"ext:{sys.executable} -c \"import sys; sys.exit('no model file')\""

PARSER = 2
COMMAND = 1

CASES: list[tuple[list[str], int, str]] = [
    # the command line itself
    ([], PARSER, "the following arguments are required: COMMAND"),
    (["arena", "basic", "random", "--bogus"], PARSER, "unrecognized arguments: --bogus"),
    (["nosuchcommand"], PARSER, "invalid choice: 'nosuchcommand'"),
    # play
    (["play", "--seed", "x"], PARSER, "argument --seed: must be a whole number, not 'x'"),
    (["play", "--speed", "-1"], PARSER, "--speed: must be a number of seconds from 0 to 10"),
    (["play", "--speed", "11"], PARSER, "--speed: must be a number of seconds from 0 to 10"),
    (["play", "--speed", "nan"], PARSER, "--speed: must be a number of seconds"),
    (["play", "--rules", "bogus"], PARSER, "unknown preset 'bogus': choose one of standard"),
    (["play", "--target", "x"], COMMAND, "target: must be a whole number"),
    (["play", "--partner", "grandmaster"], COMMAND, "unknown bot 'grandmaster'"),
    (["play", "--opponents", "ext:no-such-program-here"], COMMAND,
     "bot ext:no-such-program-here cannot be started: No such file or directory"),
    (["play", "--hint-bot", "nobody"], COMMAND, "unknown bot 'nobody'"),
    (["play", "--resume", "no/such/game.json"], COMMAND, "no/such/game.json"),
    # stats
    (["stats", "--rules", "bogus"], PARSER,
     "unknown preset 'bogus': choose one of standard, two-handed, tournament, openspiel, "
     "canadian, three-handed, railroad, railroad-1887, hasenpfeffer, napoleon, napoleon-full, "
     "british, or custom"),
    # watch
    (["watch", "--seed", "1.5"], PARSER, "argument --seed: must be a whole number, not '1.5'"),
    (["watch", "--rules", "bogus"], PARSER, "unknown preset 'bogus'"),
    (["watch", "--deck", "36"], COMMAND, "deck: must be one of 24, 25, 28, 29, 32, 33, not 36"),
    (["watch", "grandmaster"], COMMAND, "unknown bot 'grandmaster'"),
    (["watch", "ext:no-such-program-here"], COMMAND,
     "bot ext:no-such-program-here cannot be started: No such file or directory"),
    (["watch", "--rules", "two-handed", "basic", "random", "basic"], COMMAND,
     "watch takes at most 2 bots"),
    # rules
    (["rules", "--rules", "bogus"], PARSER, "unknown preset 'bogus': choose one of standard"),
    # replay, convert
    (["replay", "no/such/file.json"], COMMAND, "no/such/file.json"),
    (["convert", "no/such/file.json", "out.egn"], COMMAND, "no/such/file.json"),
    # review
    (["review", "no/such/file.egn"], COMMAND, "no/such/file.egn: cannot read the file"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--seat", "4"], COMMAND,
     "--seat 4: the record's seats are 0 to 3"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--seat", "x"], PARSER,
     "--seat: must be a whole number of at least 0, not 'x'"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--out", "x.txt"], COMMAND,
     "--out x.txt: the annotated record is written as .egn or .json"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--out", "no/such/folder/x.egn"], COMMAND,
     "--out no/such/folder/x.egn: there is no folder"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--budget", "0"], PARSER,
     "--budget: must be a whole number of at least 1, not '0'"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--cap", "0"], PARSER,
     "--cap: must be a whole number of at least 1, not '0'"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--budget", "90", "--cap", "60"], COMMAND,
     "--cap 60: a decision's cap is at least its budget (--budget 90)"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--jobs", "0"], PARSER,
     "--jobs: must be a whole number of at least 1, not '0'"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--seed", "x"], PARSER,
     "--seed: must be a whole number, not 'x'"),
    (["review", "tests/data/egn/VWEC_Finals.egn", "--plot", "x.svg"], COMMAND,
     "--plot x.svg: the image is written as PNG"),
    # hand
    (["chart", "8", "--rounds", "0"], PARSER, "must be a whole number of at least 1, not '0'"),
    (["match", "m.emn", "g.json", "--format", "KNOCKOUT"], PARSER,
     "invalid choice: 'KNOCKOUT'"),
    (["match", "m.emn", "g.json", "--target", "0"], PARSER,
     "must be a whole number of at least 1, not '0'"),
    (["match", "m.emn", "g.json", "--title", ""], PARSER,
     "must be a title of 1 to 60 characters, not ''"),
    (["chart", "3", "--names", "a,,b"], COMMAND, "--names needs 3 different names"),
    (["ratings", "--store", "mysql://db"], PARSER, "is not a store's address"),
    (["ratings", "--store", "sqlite:///no/such/store.sqlite3"], COMMAND,
     "--store: there is no store at no/such/store.sqlite3"),
    (["ratings"], COMMAND, "give the games to rate, or --store URL"),
    (["chart", "8", "--page", "a5", "--pdf", "x.pdf"], PARSER, "invalid choice: 'a5'"),
    (["chart", "8", "--title", "  ", "--pdf", "x.pdf"], PARSER,
     "must be a title of 1 to 60 characters, not '  '"),
    (["hand", "--upcard", "Zz", "Jd Ah Kh 9s Tc"], COMMAND, "the upcard: unknown card 'Zz'"),
    (["hand", "--upcard", "Jh", "Jd Ah Kh 9s"], COMMAND, "a hand holds 5 cards, not 4"),
    (["hand", "--upcard", "Jh", "--seat", "7", "Jd Ah Kh 9s Tc"], COMMAND,
     "the seat must be one of the seats 0 to 3, not 7"),
    (["hand", "--upcard", "Jh", "--dealer", "9", "Jd Ah Kh 9s Tc"], COMMAND,
     "the dealer must be one of the seats 0 to 3, not 9"),
    (["hand", "--upcard", "Jh", "--score", "1-2-3", "Jd Ah Kh 9s Tc"], PARSER,
     "--score: must be a score A-B such as 4-7, not '1-2-3'"),
    (["hand", "--upcard", "Jh", "--calls", "order,order", "Jd Ah Kh 9s Tc"], COMMAND,
     "call 2 (order) comes after the bidding ended"),
    (["hand", "--upcard", "Jh", "--budget", "0", "Jd Ah Kh 9s Tc"], PARSER,
     "--budget: must be a whole number of at least 1, not '0'"),
    (["hand", "--upcard", "Jh", "--seed", "x", "Jd Ah Kh 9s Tc"], PARSER,
     "--seed: must be a whole number, not 'x'"),
    (["hand", "--upcard", "Jh", "--rules", "bogus", "Jd Ah Kh 9s Tc"], PARSER,
     "--rules: unknown preset 'bogus'"),
    # bench
    (["bench", "--deals", "0"], PARSER, "--deals: must be a whole number of at least 1, not '0'"),
    (["bench", "--games", "0"], PARSER, "--games: must be a whole number of at least 1"),
    (["bench", "--repeat", "0"], PARSER, "--repeat: must be a whole number of at least 1"),
    (["bench", "--seed", "x"], PARSER, "--seed: must be a whole number, not 'x'"),
    (["bench", "--bot", "random", "--decisions", "0"], PARSER,
     "--decisions: must be a whole number of at least 1"),
    (["bench", "--rules", "bogus"], PARSER, "--rules: unknown preset 'bogus'"),
    (["bench", "--batch", "0"], PARSER, "--batch: must be a whole number of at least 1"),
    (["bench", "--batch", "4", "--steps", "0"], PARSER,
     "--steps: must be a whole number of at least 1"),
    (["bench", "--numpy"], COMMAND, "--numpy times the batched simulator's numpy step: it "
     "goes with --batch"),
    (["bench", "--batch", "4", "--rules", "napoleon"], COMMAND,
     "the batched simulator does not support"),
    (["bench", "--bot", "nobody"], COMMAND, "unknown bot 'nobody'"),
    (["bench", "--bot", "ext:no-such-program-here"], COMMAND,
     "bot ext:no-such-program-here cannot be started: No such file or directory"),
    # arena
    (["arena", "random", "random", "--deals", "0"], PARSER,
     "--deals: must be a whole number of at least 1, not '0'"),
    (["arena", "random", "random", "--deals", "-5"], PARSER, "--deals: must be a whole number"),
    (["arena", "random", "random", "--games", "0"], PARSER, "--games: must be a whole number"),
    (["arena", "random", "random", "--deals", "2", "--games", "2"], PARSER,
     "argument --games: not allowed with argument --deals"),
    (["arena", "random", "random", "--jobs", "0"], PARSER, "--jobs: must be a whole number"),
    (["arena", "random", "random", "--seed", "one"], PARSER, "--seed: must be a whole number"),
    (["arena", "random", "random", "--time-limit", "0"], PARSER,
     "--time-limit: must be a number of seconds above 0, not '0'"),
    (["arena", "random", "random", "--time-limit", "inf"], PARSER,
     "--time-limit: must be a number of seconds above 0"),
    (["arena", "random", "random", "--rules", "bogus"], PARSER, "unknown preset 'bogus'"),
    (["arena"], PARSER, "the following arguments are required: BOT"),
    (["arena", "random"], COMMAND, "takes two bots (each partners itself) or four"),
    (["arena", "random", "grandmaster"], COMMAND, "unknown bot 'grandmaster'"),
    (["arena", "ext:no-such-program-here", "random"], COMMAND,
     "bot ext:no-such-program-here cannot be started: No such file or directory"),
    (["arena", QUITS, "random"], COMMAND,
     "cannot be started: it ended its output (exit status 1); its last error output: "
     "'no model file'"),
    (["arena", "random", "random", "--game-deals", "x", "--games", "1"], COMMAND,
     "deals: must be a whole number"),
    (["arena", "random", "random", "--game-deals", "3"], COMMAND,
     "--game-deals sets the deals of each game: it goes with --games"),
    (["arena", "random", "random", "--record", "pyproject.toml"], COMMAND,
     "--record takes a directory, and pyproject.toml is a file"),
    (["arena", "random", "random", "--executor", "dask"], PARSER,
     "argument --executor: invalid choice: 'dask'"),
    (["arena", "random", "random", "--address", "127.0.0.1:6379"], COMMAND,
     "--address is a Ray cluster's: it goes with --executor ray"),
    # serve
    (["serve", "--host", "256.1.1.1"], COMMAND, "can not listen on 256.1.1.1:8000"),
    (["serve", "--port", "0"], PARSER, "--port: must be a whole number of at least 1"),
    (["serve", "--port", "65536"], COMMAND, "--port: a port is from 1 to 65535, not 65536"),
    (["serve", "--data", "pyproject.toml"], COMMAND,
     "--data takes a folder, and pyproject.toml is a file"),
    (["serve", "--allow-origin", "evil"], PARSER,
     "--allow-origin: must be an address such as http://example.com:8000, not 'evil'"),
    (["serve", "--away", "0"], PARSER, "--away: must be a number of seconds from 1 to 3600"),
    (["serve", "--store", "mysql://db/x"], COMMAND, "is not a store's address"),
    (["serve", "--workers", "0"], PARSER, "--workers: must be a whole number of at least 1"),
    (["serve", "--migrate-from", "sqlite:///x.sqlite3"], COMMAND,
     "--migrate-from moves a SQLite store into PostgreSQL"),
    (["serve", "--internal-host", "example.com"], PARSER,
     "--internal-host: must be an IP address"),
    (["serve", "--worker-fd", "-1"], PARSER, "--worker-fd: must be a whole number of at least 0"),
    # bot
    (["bot", "grandmaster"], COMMAND, "unknown bot 'grandmaster'"),
    (["bot", "random", "--seed", "x"], PARSER, "--seed: must be a whole number, not 'x'"),
]


@pytest.mark.parametrize(("argv", "status", "message"), CASES,
                         ids=[" ".join(argv) or "(nothing)" for argv, _, _ in CASES])
def test_a_bad_value_gives_one_clear_line_and_a_non_zero_exit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    argv: list[str], status: int, message: str,
) -> None:
    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))  # no statistics or saved games
    monkeypatch.chdir(ROOT)
    assert main(argv) == status
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.strip().splitlines()) == 1, err
    assert message in err
    assert "Traceback" not in err
    prefix = "euchre: " if status == COMMAND else "euchre"
    assert err.startswith(prefix)


def test_a_parser_refusal_names_the_command_and_its_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "basic", "random", "--deals", "0"]) == PARSER
    err = capsys.readouterr().err
    assert err.startswith("euchre arena: argument --deals: ")
    assert err.rstrip().endswith("arena --help)")


def test_good_values_at_the_edges_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "random", "random", "--deals", "1", "--seed", "-3", "--time-limit",
                 "0.5", "--jobs", "1", "--rules", "Two_Handed", "--json"]) == 0
    assert '"players": 2' in capsys.readouterr().out
    assert main(["bench", "--bot", "random", "--decisions", "1", "--json"]) == 0
    assert main(["rules", "--rules", "TOURNAMENT"]) == 0
    assert main(["stats", "--rules", "custom", "--json"]) == 0


# Options with no value a person could get wrong, and the rule flags, which the rules
# check together (a few of them stand for all above: --target, --deck, --game-deals).
_ANY_VALUE = {("play", "--name")}


def test_every_option_that_takes_a_value_has_a_case_above() -> None:
    import argparse

    from euchre.cli.main import build_parser
    from euchre.cli.options import RULE_DEFAULTS

    rule_flags = {"--" + name.replace("_", "-") for name in RULE_DEFAULTS} - {"--rules"}
    tried = {(argv[0], word) for argv, _, _ in CASES if argv for word in argv}
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    missing = []
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.nargs == 0 or not action.option_strings:
                continue  # flags, and positionals (the cases name those by hand)
            flag = action.option_strings[0]
            if flag in rule_flags or (name, flag) in _ANY_VALUE:
                continue
            if (name, flag) not in tried:
                missing.append(f"{name} {flag}")
    assert missing == [], f"no bad-value case for: {', '.join(missing)}"


def test_the_no_trump_house_rule_is_switched_on_by_its_own_flag() -> None:
    import argparse

    from euchre.cli.options import add_rules_arguments, rules_from_args

    parser = argparse.ArgumentParser()
    add_rules_arguments(parser)
    assert rules_from_args(parser.parse_args(["--no-trump"])).no_trump is True
    assert rules_from_args(parser.parse_args(["--no-no-trump"])).no_trump is False
    assert rules_from_args(parser.parse_args(["--no-stick-the-dealer"])).stick_the_dealer is False
    assert rules_from_args(parser.parse_args(["--rules", "tournament"])).stick_the_dealer is True
