"""Exact and sampled hold'em equity, hand ranges, the preflop chart, a fast hand evaluator and
all-in or fold equilibria.

The engine is the Rust workspace's equity-core and cards-core (the same code as the
``holdem-equity`` command line, with its grammar and its messages)::

    >>> import holdem_equity as he
    >>> result = he.equity(["AsKs", "QdQc"])
    >>> f"{result.players[0].equity:.4%}"
    '46.2145%'
    >>> he.category(he.evaluate("AsKsQsJsTs"))
    'royal flush'

Figures are shares from 0 to 1. Bad input raises ``ValueError`` naming the column.
"""

from __future__ import annotations

from typing import Any

from ._engine import (
    HANDS,
    MAX_EXACT_DEALS,
    MAX_SWEEP_STEPS,
    SHOWDOWN_ORDERS,
    Chart,
    ChartEntry,
    Counts,
    Equity,
    HandEquity,
    PlayerEquity,
    PushFold,
    PushFoldDecision,
    PushFoldTable,
    Range,
    category,
    chart,
    equity,
    evaluate,
    counts_board_by_board,
    exact_counts,
    push_fold,
    push_fold_table,
    split,
)
from ._engine import evaluate_ids as _evaluate_ids
from ._engine import require_numpy as _require_numpy

__all__ = [
    "CATEGORIES",
    "HANDS",
    "MAX_EXACT_DEALS",
    "MAX_SWEEP_STEPS",
    "SHOWDOWN_ORDERS",
    "Chart",
    "ChartEntry",
    "Counts",
    "Equity",
    "HandEquity",
    "PlayerEquity",
    "PushFold",
    "PushFoldDecision",
    "PushFoldTable",
    "Range",
    "category",
    "chart",
    "equity",
    "evaluate",
    "evaluate_many",
    "counts_board_by_board",
    "exact_counts",
    "push_fold",
    "push_fold_table",
    "split",
]

#: The hand categories, lowest first: ``CATEGORIES[value >> 12]`` is ``category(value)``.
CATEGORIES = tuple(category(index << 12) for index in range(10))


def evaluate_many(cards: Any) -> Any:
    """The values of many hands at once, as a NumPy array of ``uint16``.

    ``cards`` is an ``N × 5``, ``N × 6`` or ``N × 7`` array (or anything NumPy makes one of) of
    card ids, ``4 * rank + suit`` from ``2c`` = 0 to ``As`` = 51; each row is one hand of distinct
    cards. Higher values are better hands and equal values split the pot, as with ``evaluate``;
    ``CATEGORIES[value >> 12]`` names a value's category. Needs NumPy (the ``numpy`` extra). The GIL is released while
    the hands are valued. A bad row raises ``ValueError`` naming its row and column.
    """
    _require_numpy("evaluate_many")
    import numpy as np

    array = np.asarray(cards)
    if array.ndim != 2:
        raise ValueError(
            f"expected a 2-D array of card ids (N rows of 5 to 7 cards), found {array.ndim} dimensions"
        )
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise ValueError(f"card ids are integers from 0 to 51, found the dtype {array.dtype}")
        bad = np.argwhere((array < 0) | (array > 51))
        if len(bad):
            row, column = (int(index) for index in bad[0])
            raise ValueError(
                f"row {row}, column {column}: the id {array[row, column]} is not a card (ids are 0 to 51)"
            )
        array = array.astype(np.uint8)
    return _evaluate_ids(np.ascontiguousarray(array))
