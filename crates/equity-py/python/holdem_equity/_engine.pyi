"""Type stubs of the extension module (the Rust engine). See ``holdem_equity``."""

import os
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

MAX_EXACT_DEALS: int
MAX_SWEEP_STEPS: int

class Range:
    """A hand range in the command line's grammar: ``Range("QQ+, AKs, JTo:0.2")``."""

    def __init__(self, text: str) -> None: ...
    @property
    def combos(self) -> list[tuple[str, float]]:
        """The combos and their weights: ``[("AsAh", 1.0), ...]``."""
    @property
    def weight(self) -> float:
        """The sum of the combos' weights."""
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...

class PlayerEquity:
    """One player's result; figures are shares from 0 to 1."""

    range: str
    combos: int
    removed: int
    weight: float
    equity: float
    wins: float
    ties: float
    standard_error: Optional[float]

class HandEquity:
    """The first player's result with one hand class of their range."""

    hand: str
    combos: int
    frequency: float
    equity: float

class Equity:
    """The result of ``equity()``."""

    method: str
    deals: int
    distinct_deals: Optional[int]
    boards: Optional[int]
    seed: Optional[int]
    players: list[PlayerEquity]
    by_hand: list[HandEquity]
    @property
    def equities(self) -> list[float]: ...

class ChartEntry:
    """One starting hand's result."""

    hand: str
    row: int
    column: int
    equity: float
    wins: float
    ties: float
    standard_error: Optional[float]

class Chart:
    """Each starting hand's equity against random hands."""

    opponents: int
    exact: bool
    entries: list[ChartEntry]
    @property
    def grid(self) -> list[list[float]]: ...
    @property
    def hands(self) -> list[list[str]]: ...
    def grid_array(self) -> npt.NDArray[np.float64]: ...
    def __len__(self) -> int: ...

class PushFoldDecision:
    """One decision's strategy: how often each hand takes the action."""

    seat: str
    action: str
    facing: str
    frequencies: list[float]
    #: What each hand gains by acting over folding, per time it faces the decision; NaN where
    #: it never does.
    gains: list[float]
    exploitability: float
    @property
    def grid(self) -> list[list[float]]: ...
    def grid_array(self) -> npt.NDArray[np.float64]: ...

class PushFold:
    """An all-in or fold equilibrium: a strategy per decision."""

    @property
    def decisions(self) -> list[PushFoldDecision]: ...
    @property
    def exploitability(self) -> list[float]: ...
    @property
    def iterations(self) -> int: ...
    def to_json(self, *, gains: bool = False) -> str: ...
    def to_csv(self, *, gains: bool = False) -> str: ...
    def to_text(self, *, gains: bool = False) -> str: ...
    def to_svg(self) -> str: ...

class PushFoldTable:
    """Each hand's largest stack for each heads-up decision."""

    @property
    def stacks(self) -> list[float]: ...
    @property
    def grids(self) -> list[list[list[float]]]: ...
    def grid_arrays(self) -> npt.NDArray[np.float64]: ...
    @property
    def worst_exploitability(self) -> float: ...
    def to_json(self) -> str: ...
    def to_csv(self) -> str: ...

def push_fold(
    stacks: Sequence[float],
    *,
    blinds: Optional[tuple[float, float]] = None,
    ante: Optional[float] = None,
    icm: Optional[Sequence[float]] = None,
    others: Optional[Sequence[float]] = None,
    precision: Optional[float] = None,
    progress: Optional[Progress] = None,
) -> PushFold: ...
def push_fold_table(
    *,
    start: float = 1.0,
    stop: float = 20.0,
    step: float = 0.05,
    blinds: Optional[tuple[float, float]] = None,
    ante: Optional[float] = None,
    icm: Optional[Sequence[float]] = None,
    others: Optional[Sequence[float]] = None,
    precision: Optional[float] = None,
) -> PushFoldTable: ...

Progress = Callable[[float], object]

def equity(
    players: Union[str, Sequence[Union[str, Range]]],
    board: Optional[str] = None,
    dead: Optional[str] = None,
    *,
    exact: Optional[bool] = None,
    precision: float = 0.05,
    seconds: Optional[float] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Equity: ...
def chart(
    opponents: int = 1,
    *,
    exact: Optional[bool] = None,
    precision: float = 0.05,
    seconds: Optional[float] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Chart: ...
def evaluate(cards: Union[str, Sequence[Union[str, int]]]) -> int: ...
def evaluate_ids(ids: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def category(value: int) -> str: ...
def require_numpy(what: str) -> None: ...

#: The 169 starting hands in the grid's order: ``AA``, ``AKs``, ... ``22``.
HANDS: list[str]
#: The 13 orders of three hands at showdown, ties included, as each player's place (1 best).
SHOWDOWN_ORDERS: list[tuple[int, int, int]]

CountsDict = dict[str, object]

class Counts:
    """An exact count's whole-number totals, which parts of one count add up to exactly."""

    def __init__(self, boards_per_deal: int, tie_denominator: int) -> None: ...
    @staticmethod
    def from_dict(counts: CountsDict) -> Counts: ...
    def to_dict(self) -> CountsDict: ...
    def merge(self, other: Counts, times: int = 1) -> None: ...
    @property
    def deals(self) -> int: ...
    @property
    def boards_per_deal(self) -> int: ...
    @property
    def tie_denominator(self) -> int: ...
    def shares(self, player: int) -> tuple[float, float]:
        """Player ``player``'s ``(wins, ties)`` shares of the pots."""
    def __eq__(self, other: object) -> bool: ...

def exact_counts(
    players: Union[str, Sequence[Union[str, Range]]],
    board: Optional[str] = None,
    dead: Optional[str] = None,
    *,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> CountsDict: ...
def counts_board_by_board(
    players: Union[str, Sequence[Union[str, Range]]],
    board: Optional[str] = None,
    dead: Optional[str] = None,
) -> bool: ...
def split(
    players: Union[str, Sequence[Union[str, Range]]],
    board: Optional[str] = None,
    dead: Optional[str] = None,
    *,
    fixed: int = 1,
) -> list[tuple[list[str], str, str, int]]: ...

def class_triples_from(
    first: str,
    second: str,
    *,
    threads: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> list[tuple[int, list[int]]]: ...
def three_way_table_bytes(triples: Sequence[tuple[int, Sequence[int]]]) -> bytes: ...

class Node:
    """A decision of a postflop solution (``Solution.node``)."""

    #: The line that leads here, as ``--line`` takes it (``""`` for the root).
    line: str
    #: ``"OOP"`` or ``"IP"``: who acts.
    player: str
    #: The actions, named as in the JSON (``"Check"``, ``"Bet 120"``).
    actions: list[str]
    #: The acting player's hands (``"AsKs"``), in the order of the arrays' columns.
    hands: list[str]
    #: Each action's share of the range as it arrives here.
    frequencies: list[float]
    #: The pot here, in chips.
    pot: float
    @property
    def strategy(self) -> npt.NDArray[np.float64]:
        """How often each hand takes each action: actions × hands."""
    @property
    def ev(self) -> npt.NDArray[np.float64]:
        """Each hand's expected share of the pot here, in chips (NaN where it meets no hand)."""
    @property
    def equity(self) -> npt.NDArray[np.float64]:
        """Each hand's equity against the opponent's arriving range (NaN likewise)."""

class Solution:
    """A solved postflop spot (``postflop.solve``, ``postflop.load``)."""

    @property
    def exploitability(self) -> float:
        """NashConv / 2 in percent of the starting pot (with locks, within the locked game)."""
    @property
    def ev(self) -> list[float]:
        """``[oop, ip]``: each player's expected share of the pot, in chips."""
    @property
    def equity(self) -> list[float]:
        """``[oop, ip]``: each player's equity, from 0 to 1."""
    @property
    def iterations(self) -> int: ...
    @property
    def root(self) -> list[dict[str, Any]]:
        """The root's actions and frequencies, as in the JSON."""
    @property
    def locks(self) -> str:
        """The lock file this solution was solved with (empty without locks)."""
    def node(self, line: str) -> Node: ...
    def lock(self, line: str, strategy: Any) -> None:
        """Locks a decision for the next ``resolve()``: ``strategy`` is actions × hands, and
        each hand whose column holds no NaN plays it."""
    def resolve(self, *, progress: Optional[Progress] = None) -> Solution: ...
    def save(self, path: Union[str, "os.PathLike[str]"]) -> None: ...
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...

def postflop_solve(
    *,
    board: str,
    oop: str,
    ip: str,
    pot: int,
    stack: int,
    bets: Optional[str] = None,
    raises: Optional[str] = None,
    donks: Optional[str] = None,
    add_allin_threshold: Optional[float] = None,
    force_allin_threshold: Optional[float] = None,
    merging_threshold: Optional[float] = None,
    sizes: Optional[dict[str, str]] = None,
    exploitability: float = 0.3,
    iterations: int = 1000,
    threads: Optional[int] = None,
    compress: bool = False,
    memory: Optional[int] = None,
    progress: Optional[Progress] = None,
) -> Solution: ...
def postflop_load(
    path: Union[str, "os.PathLike[str]"],
    *,
    exploitability: float = 0.3,
    iterations: int = 1000,
    threads: Optional[int] = None,
    compress: bool = False,
) -> Solution: ...
