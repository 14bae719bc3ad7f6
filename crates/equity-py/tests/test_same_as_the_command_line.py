"""Every figure equal to the command line's, to the digits it prints: the golden matchups and
seeded random ones, exact and sampled; and the same error messages."""

from __future__ import annotations

import math
import random

import pytest

import holdem_equity as he
from conftest import ROOT, Cli

GOLDEN = ROOT / "testdata" / "holdem-equity"


def percent(share: float) -> str:
    return f"{100 * share:.6f}"


def json_percent(value: float) -> str:
    return f"{value:.6f}"


def assert_same(result: he.Equity, expected: dict) -> None:
    """Python's result against the command line's `ranges --json --by-hand` for one line."""
    assert result.method == expected["method"]
    assert result.deals == expected["deals"]
    if result.method == "exact":
        assert result.distinct_deals == expected["distinct_deals"]
    else:
        assert result.boards == expected["boards"]
        assert result.seed == expected["seed"]
    assert len(result.players) == len(expected["players"])
    for got, want in zip(result.players, expected["players"]):
        assert got.range == want["range"]
        assert got.combos == want["combos"]
        assert got.removed == want["removed"]
        assert got.weight == pytest.approx(want["weight"], abs=1e-9)
        for figure in ("equity", "wins", "ties"):
            assert percent(getattr(got, figure)) == json_percent(want[figure]), (figure, got, want)
        if result.method == "sampled":
            assert percent(got.standard_error) == json_percent(want["standard_error"])
        else:
            assert got.standard_error is None
    assert [hand.hand for hand in result.by_hand] == [hand["hand"] for hand in expected["by_hand"]]
    for got, want in zip(result.by_hand, expected["by_hand"]):
        assert got.combos == want["combos"]
        assert percent(got.frequency) == json_percent(want["share"])
        assert percent(got.equity) == json_percent(want["equity"])


def counting_kwargs(args: list[str]) -> dict:
    """The command line's counting options as `equity()`'s keyword arguments."""
    kwargs: dict = {}
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--exact":
            kwargs["exact"] = True
        elif arg == "--sample":
            kwargs["exact"] = False
        elif arg in ("--precision", "--seed", "--threads", "--seconds"):
            value = args[index + 1]
            name = arg[2:]
            kwargs[name] = int(value) if name in ("seed", "threads") else float(value)
            index += 1
        index += 1
    return kwargs


def golden_range_lines() -> list[tuple[str, list[str], str]]:
    cases = []
    for args_file in sorted(GOLDEN.glob("*.args")):
        args = args_file.read_text().split()
        input_file = args_file.with_suffix(".in")
        if not args or args[0] != "ranges" or "--list" in args or not input_file.exists():
            continue
        if args_file.with_suffix(".err").exists():
            continue
        options = [arg for arg in args[1:] if arg not in ("--json", "--by-hand")]
        for line in input_file.read_text().splitlines():
            if line.strip():
                cases.append((args_file.stem, options, line))
    return cases


@pytest.mark.parametrize(("case", "options", "line"), golden_range_lines())
def test_golden_range_lines(cli: Cli, case: str, options: list[str], line: str) -> None:
    expected = cli.json(["ranges", "--by-hand", *options], line)
    assert_same(he.equity(line, **counting_kwargs(options)), expected)


def test_nine_players_are_counted_exactly_past_a_64_bit_count_of_deals(cli: Cli) -> None:
    """Eight random hands against a hand on a river: every ordered choice of eight disjoint
    combos from the 45 cards left, 45! / (29! 2^8) joint deals, more than 2^64."""
    line = "AsAd" + " vs random" * 8 + " | AH 7C 2D 9S 3C"
    result = he.equity(line, exact=True)
    assert result.method == "exact"
    assert result.deals == math.perm(45, 16) // 2**8 > 2**64
    assert_same(result, cli.json(["ranges", "--by-hand", "--exact"], line))


def golden_hand_lines() -> list[str]:
    lines = []
    for input_file in sorted(GOLDEN.glob("00*.in")):
        if input_file.with_suffix(".args").exists() or input_file.with_suffix(".err").exists():
            continue
        text = input_file.read_text(encoding="utf-8-sig")
        lines += [line for line in text.splitlines() if line.strip()]
    return lines


def cards_of(text: str) -> list[str]:
    """The cards of the plain form's hole cards: written apart or together (`AhKh`, `10h9h`),
    players perhaps separated by `vs`, which a valid line's pairs do not need."""
    cards = []
    for token in text.split():
        if token.lower() == "vs":
            continue
        index = 0
        while index < len(token):
            length = 3 if token.startswith("10", index) else 2
            cards.append(token[index : index + length])
            index += length
    return cards


@pytest.mark.parametrize("line", golden_hand_lines())
def test_golden_hand_against_hand_lines(cli: Cli, line: str) -> None:
    """The plain form (`AS KS  QD QC | board | dead: ...`): the same hands as ranges of one combo."""
    expected = cli.json([], line)
    sections = line.split("|")
    cards = cards_of(sections[0])
    hands = ["".join(cards[index : index + 2]) for index in range(0, len(cards), 2)]
    board = sections[1] if len(sections) > 1 else None
    dead = sections[2].split(":", 1)[1] if len(sections) > 2 else None
    result = he.equity(hands, board=board, dead=dead)
    assert result.method == "exact"
    for got, want in zip(result.players, expected["players"]):
        assert percent(got.equity) == json_percent(want["equity"])
        assert round(got.wins * expected["boards"]) == want["wins"]


ITEMS = ["AA", "KK", "QQ+", "AKs", "AK", "KQo:0.5", "T9s", "72o", "55-33", "A5s:0.25", "JTs", "random", "AsKs", "QdQc:0.75", "98s+"]


def random_matchup(rng: random.Random) -> tuple[list[str], str, str]:
    players = rng.choice([2, 2, 2, 3, 4])
    ranges = [", ".join(rng.sample(ITEMS, rng.randint(1, 3))) for _ in range(players)]
    deck = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    rng.shuffle(deck)
    board = "".join(deck[: rng.choice([0, 3, 4, 5])])
    dead = " ".join(deck[10 : 10 + rng.randint(0, 2)])
    return ranges, board, dead


@pytest.mark.parametrize("seed", range(40))
def test_seeded_random_matchups(cli: Cli, seed: int) -> None:
    rng = random.Random(seed)
    ranges, board, dead = random_matchup(rng)
    line = " vs ".join(ranges) + f" | {board}" + (f" | dead: {dead}" if dead else "")
    sampled = ["--sample", "--precision", "1", "--seed", str(seed)]
    for options in ([], sampled):
        done = cli.run(["ranges", "--json", "--by-hand", "--threads", "2", *options], line)
        kwargs = counting_kwargs(options)
        if done.returncode != 0:
            # The same refusal (no deal possible, say), in the same words.
            with pytest.raises(ValueError) as raised:
                he.equity(ranges, board=board, dead=dead or None, threads=2, **kwargs)
            assert done.stderr.split(": ", 2)[-1].strip() in str(raised.value)
            continue
        import json

        expected = json.loads(done.stdout)
        assert_same(he.equity(ranges, board=board, dead=dead or None, threads=2, **kwargs), expected)


BAD_LINES = [
    "QQ+ AKs vs KK",
    "AA KK vs QQ",
    "QQ+ versus KK",
    "AsKs vs QQ | Ah 7c",
    "AsKs vs QQ | Ah7cXd",
    "AsKs vs QQ | Ah 7c 2d | dead: Ah",
    "AsKs vs AsQs",
    "AsKs vs",
    "AsKs vs QQ | Ah7c2d | 5s",
    "AsKs vs QQ:2",
    "AsKs vs QQ, T9s-54o",
    "AsKs vs 5%-150%",
    "AsKs vs QQ | As 7c 2d",
]


@pytest.mark.parametrize("line", BAD_LINES)
def test_bad_lines_get_the_command_lines_message_and_column(cli: Cli, line: str) -> None:
    expected = cli.error(["ranges"], line)
    with pytest.raises(ValueError) as raised:
        he.equity(line)
    assert str(raised.value) == expected


def test_errors_in_fields_name_the_field_and_its_column() -> None:
    with pytest.raises(ValueError, match=r"^player 2, column 5: 'QQ\+ AKs': a comma is missing"):
        he.equity(["AsKs", "QQ+ AKs"])
    with pytest.raises(ValueError, match=r"^board, column 5: expected a card, found 'Xd'"):
        he.equity(["AsKs", "QQ"], board="Ah7cXd")
    with pytest.raises(ValueError, match=r"^dead, column 4: repeated card 7C \(first in board, column 3\)"):
        he.equity(["AsKs", "QQ"], board="Ah7c2d", dead="5s 7c")
    with pytest.raises(ValueError, match=r"^player 2, column 4: one player's range cannot hold"):
        he.equity(["AsKs", "QQ | Ah7c2d"])
    with pytest.raises(ValueError, match="at least two players, found 1"):
        he.equity(["AsKs"])
