"""Any text either parses or raises ValueError: never a crash, a hang or another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import holdem_equity as he

# Text made mostly of the grammar's own characters, so that much of it nearly parses.
GRAMMAR = st.text(alphabet="AKQJT98765432xsohdc+-,:.0123456789 |vV\t%", max_size=30)
ANY_TEXT = st.one_of(GRAMMAR, st.text(max_size=30))


@given(ANY_TEXT)
@settings(max_examples=400, deadline=None)
def test_a_range_parses_or_is_a_value_error(text: str) -> None:
    try:
        he.Range(text)
    except ValueError:
        pass


@given(st.lists(ANY_TEXT, min_size=0, max_size=4), st.one_of(st.none(), ANY_TEXT), st.one_of(st.none(), ANY_TEXT))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_matchup_counts_or_is_a_value_error(players: list, board: object, dead: object) -> None:
    try:
        result = he.equity(players, board=board, dead=dead, exact=False, precision=5, threads=1)
    except ValueError:
        return
    assert abs(sum(result.equities) - 1) < 1e-9


@given(ANY_TEXT)
@settings(max_examples=300, deadline=None)
def test_a_line_counts_or_is_a_value_error(line: str) -> None:
    try:
        he.equity(line, exact=False, precision=5, threads=1)
    except ValueError:
        pass


@given(st.one_of(ANY_TEXT, st.lists(st.one_of(st.integers(-3, 60), ANY_TEXT), max_size=8)))
@settings(max_examples=400, deadline=None)
def test_a_hand_evaluates_or_is_a_value_error(cards: object) -> None:
    try:
        value = he.evaluate(cards)
    except ValueError:
        return
    assert he.category(value) in he.CATEGORIES
