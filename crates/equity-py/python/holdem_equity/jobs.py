"""Exact equity jobs too big for one machine, shared out over any executor.

A job (the chart of the 169 hands against random hands, or one range matchup) is split into
parts: the same matchup with its first players' ranges narrowed to one combo each, so that each
part's exact count takes seconds to minutes. Parts that are renamings of each other's suits are
counted once. Each part is counted wherever the executor runs it (a Dask cluster, a process or
thread pool, this process) and returns whole numbers: wins in boards, split pots in whole units
of a pot, which add up exactly in any order. Every finished part is written to a store on disk
(SQLite) as it arrives; a job started again with the same store counts only what is missing, and
ends with the same figures, which are those of counting the whole job on one machine::

    from distributed import Client
    from holdem_equity import jobs

    client = Client("tcp://scheduler:8786")
    rows = jobs.chart(2, executor=client, store="chart-2.sqlite")

The three-way table of push/fold (every three starting hands all in together, by the order of
their hands at showdown) is a job of the same kind, ``three_way``, with parts of its own; so is
an aggregated postflop report, ``postflop_report``: one postflop spot solved on many flops (by
default the 1,755 that suit isomorphism leaves), a flop a part.

Without an executor, parts run on a pool of this process's threads (the engine runs without the
GIL). ``python -m holdem_equity.jobs --help`` runs jobs from a shell.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Executor, ThreadPoolExecutor, wait
from dataclasses import dataclass
from math import prod
from typing import Any, Callable, Iterable, Optional, Sequence

from ._engine import (
    HANDS, MAX_EXACT_DEALS, SHOWDOWN_ORDERS, Counts, Range, class_triples_from,
    counts_board_by_board, exact_counts, split, three_way_table_bytes,
)

__all__ = [
    "HANDS",
    "PART_DEALS",
    "ChartRow",
    "Job",
    "MatchupResult",
    "Part",
    "SHOWDOWN_ORDERS",
    "Store",
    "ThreeWayPart",
    "ThreeWayTriple",
    "chart",
    "chart_job",
    "count_part",
    "count_three_way_part",
    "equity",
    "matchup_job",
    "run",
    "three_way",
    "three_way_job",
    "three_way_table",
    "write_csv",
    "FlopPart",
    "FlopRow",
    "flop_weight",
    "postflop_report",
    "postflop_report_job",
    "read_flops",
    "report_svg",
    "solve_flop_part",
    "strategic_flops",
    "write_report_csv",
]

#: The most joint deals a part is made to hold (at most ``MAX_EXACT_DEALS``): a hand against two
#: random hands preflop (1.4 million deals) is one part, about a minute and a half on one core.
PART_DEALS = 2_000_000

#: Progress callbacks get the parts done and the parts in all.
Progress = Callable[[int, int], Any]


@dataclass(frozen=True)
class Part:
    """One part of a job: a matchup counted exactly by one worker."""

    #: Unique in its job: the group and the fixed players' combos.
    key: str
    #: The result the part adds to: a hand of the chart, or ``""`` for a matchup job.
    group: str
    #: The players: the first ones as one combo each, the others as in the job.
    players: tuple[str, ...]
    board: str
    dead: str
    #: How many parts this one stands for (renamings of the suits that count the same).
    times: int


@dataclass(frozen=True)
class ThreeWayPart:
    """One part of the three-way table: ``first`` and ``second`` with every hand from
    ``second`` on in ``HANDS``, all in together."""

    #: Unique in its job: ``"first second"``.
    key: str
    first: str
    second: str


@dataclass(frozen=True)
class Job:
    """A job: what it counts (``description``, kept in its store) and its parts: ``Part``s,
    counted by ``count_part``, or ``ThreeWayPart``s, counted by ``count_three_way_part``."""

    description: str
    parts: tuple[Part, ...] | tuple[ThreeWayPart, ...]


@dataclass(frozen=True)
class ChartRow:
    """One hand of a chart job: its shares of the pots against the random hands."""

    hand: str
    equity: float
    wins: float
    ties: float
    #: The whole-number totals the figures come from.
    counts: Counts


@dataclass(frozen=True)
class MatchupResult:
    """A matchup job's result: each player's ``(wins, ties)`` shares, and the totals."""

    players: list[tuple[float, float]]
    counts: Counts

    @property
    def equities(self) -> list[float]:
        return [wins + ties for wins, ties in self.players]


def _fixed(players: Sequence[str], board: Optional[str], dead: Optional[str],
           part_deals: Optional[int]) -> int:
    """How many leading players to narrow to one combo so a part holds at most ``part_deals``
    deals (counting every combo of the others, as if none collided). By default (``None``), at
    most ``PART_DEALS``, unless a part is counted board by board already: its work is then set
    by the boards and not by its deals (a hand against three random hands), and it is not split
    further."""
    most = PART_DEALS if part_deals is None else part_deals
    sizes = [len(Range(player)) for player in players]
    for fixed in range(1, len(players) + 1):
        if prod(sizes[fixed:]) <= most:
            return fixed
        if part_deals is None:
            for part_players, part_board, part_dead, _ in split(
                list(players), board, dead, fixed=fixed
            )[:1]:
                if counts_board_by_board(part_players, part_board or None, part_dead or None):
                    return fixed
    return len(players)


def _parts(group: str, players: Sequence[str], board: Optional[str], dead: Optional[str],
           part_deals: Optional[int]) -> list[Part]:
    # Read first, whole, so that a slip is reported by field and column.
    split(list(players), board, dead, fixed=0)
    fixed = _fixed(players, board, dead, part_deals)
    parts = []
    for part_players, part_board, part_dead, times in split(
        list(players), board, dead, fixed=fixed
    ):
        key = f"{group}:{' '.join(part_players[:fixed])}"
        parts.append(Part(key, group, tuple(part_players), part_board, part_dead, times))
    return parts


def _check_part_deals(part_deals: Optional[int]) -> None:
    if part_deals is not None and not 1 <= part_deals <= MAX_EXACT_DEALS:
        raise ValueError(f"part_deals is from 1 to {MAX_EXACT_DEALS} (MAX_EXACT_DEALS)")


def chart_job(opponents: int, *, hands: Optional[Iterable[str]] = None,
              board: Optional[str] = None, dead: Optional[str] = None,
              part_deals: Optional[int] = None) -> Job:
    """The chart of ``hands`` (the 169 starting hands by default, in the grid's order) each
    against ``opponents`` random hands, on ``board`` with ``dead`` cards out, as a job. A hand
    is all its combos (those the board leaves): without a board they all count the same."""
    _check_part_deals(part_deals)
    if opponents < 1:
        raise ValueError("a chart needs at least one random opponent")
    hands = list(dict.fromkeys(HANDS if hands is None else hands))
    unknown = [hand for hand in hands if hand not in HANDS]
    if unknown:
        raise ValueError(f"not a starting hand like AA, AKs or AKo: {unknown[0]!r}")
    parts = []
    for hand in hands:
        # A hand the board and dead cards leave no combo of is refused by the parser.
        parts += _parts(hand, [hand] + ["random"] * opponents, board, dead, part_deals)
    description = json.dumps(
        {"job": "chart", "opponents": opponents, "hands": hands, "board": board, "dead": dead},
        sort_keys=True,
    )
    return Job(description, tuple(parts))


def matchup_job(players: Sequence[str], *, board: Optional[str] = None,
                dead: Optional[str] = None, part_deals: Optional[int] = None) -> Job:
    """One range matchup (``players`` as ranges or hands in the command line's grammar) as a
    job."""
    _check_part_deals(part_deals)
    if isinstance(players, str):
        raise ValueError("a job takes the players as a list, and board= and dead= apart")
    players = [str(player) for player in players]
    parts = _parts("", players, board, dead, part_deals)
    description = json.dumps(
        {"job": "matchup", "players": players, "board": board, "dead": dead}, sort_keys=True
    )
    return Job(description, tuple(parts))


def three_way_job() -> Job:
    """The three-way table as a job: for every three starting hands in the order of ``HANDS``
    (first ≤ second ≤ third), all in together before the flop, the joint deals and the boards
    of each showdown order. A part is a first and a second hand with every third (14,365 parts,
    about half a second each on one core, 2 core-hours in all)."""
    parts = tuple(
        ThreeWayPart(f"{first} {second}", first, second)
        for index, first in enumerate(HANDS)
        for second in HANDS[index:]
    )
    description = json.dumps({"job": "three-way", "orders": SHOWDOWN_ORDERS}, sort_keys=True)
    return Job(description, parts)


class _Stopped(Exception):
    """Raised in a part's progress callback to stop its count."""


def _timed(count: Callable[[Optional[Callable[[float], None]]], Any],
           stop: Optional[threading.Event]) -> dict[str, Any]:
    """``count(progress)``'s result as a part's record: with the seconds and the processor
    seconds it took, and where it ran. ``stop``, when set, ends the count early with
    ``KeyboardInterrupt``."""

    def progress(_done: float) -> None:
        if stop is not None and stop.is_set():
            raise _Stopped

    started, cpu = time.perf_counter(), time.process_time()
    try:
        result = count(progress if stop is not None else None)
    except _Stopped:
        raise KeyboardInterrupt from None
    return {
        "counts": result,
        "seconds": time.perf_counter() - started,
        # The process's processor time, which a busy machine does not stretch as it does the
        # seconds: the part's work where a process counts one part at a time (a Dask worker of
        # one thread), more where parts share a process.
        "cpu_seconds": time.process_time() - cpu,
        "worker": f"{socket.gethostname()}:{os.getpid()}",
    }


def count_part(part: Part, threads: int = 1,
               stop: Optional[threading.Event] = None) -> dict[str, Any]:
    """Counts one part exactly (on a worker): its whole-number counts, the seconds and the
    processor seconds it took, and where it ran. ``stop``, when set, ends the count early with
    ``KeyboardInterrupt``."""
    return _timed(lambda progress: exact_counts(
        list(part.players), part.board or None, part.dead or None, threads=threads,
        progress=progress,
    ), stop)


def _count(part: Part | ThreeWayPart | FlopPart, threads: int,
           stop: Optional[threading.Event]) -> dict[str, Any]:
    """Counts (or solves) a part of any kind (on a worker): its record for the store. A function
    of its own, so that what an executor sends to a worker is the part alone."""
    if isinstance(part, ThreeWayPart):
        return count_three_way_part(part, threads, stop)
    if isinstance(part, FlopPart):
        return solve_flop_part(part, threads, stop)
    return count_part(part, threads, stop)


def count_three_way_part(part: ThreeWayPart, threads: int = 1,
                         stop: Optional[threading.Event] = None) -> dict[str, Any]:
    """Counts one part of the three-way table (on a worker): as ``count_part``, with the
    counts a list of ``[deals, orders]``, one per third hand from ``part.second`` on."""
    return _timed(lambda progress: [
        [deals, orders] for deals, orders in class_triples_from(
            part.first, part.second, threads=threads, progress=progress
        )
    ], stop)


class Store:
    """Finished parts on disk: an SQLite file holding one job's description and, for each part
    counted, its record, each written in a transaction of its own as it arrives."""

    def __init__(self, path: str | os.PathLike[str], job: Job) -> None:
        self.path = os.fspath(path)
        self._db = sqlite3.connect(self.path)
        with self._db:
            self._db.execute("CREATE TABLE IF NOT EXISTS job (description TEXT NOT NULL)")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS parts (key TEXT PRIMARY KEY, record TEXT NOT NULL)"
            )
            found = self._db.execute("SELECT description FROM job").fetchone()
            if found is None:
                self._db.execute("INSERT INTO job VALUES (?)", (job.description,))
        if found is not None and found[0] != job.description:
            self._db.close()
            raise ValueError(f"{self.path} holds another job's parts: {found[0]}; use another store")

    def records(self) -> dict[str, dict[str, Any]]:
        """Every finished part's record, by its key."""
        rows = self._db.execute("SELECT key, record FROM parts").fetchall()
        return {key: json.loads(record) for key, record in rows}

    def put(self, key: str, record: dict[str, Any]) -> None:
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO parts VALUES (?, ?)", (key, json.dumps(record))
            )

    def close(self) -> None:
        self._db.close()


def _pool(executor: Any) -> tuple[Executor, Optional[threading.Event]]:
    """The executor to submit to; a pool of our own (with a way to stop its counts) if none."""
    if executor is None:
        return ThreadPoolExecutor(max_workers=os.cpu_count() or 1), threading.Event()
    if hasattr(executor, "get_executor"):  # a distributed.Client
        # Not pure: a part submitted again (after a stop, say) is counted again.
        return executor.get_executor(pure=False), None
    return executor, None


def run(job: Job, *, executor: Any = None, store: str | os.PathLike[str] | None = None,
        progress: Optional[Progress] = None, threads: int = 1) -> dict[str, Counts]:
    """Counts every part of ``job`` not already in ``store`` on ``executor`` (a
    ``concurrent.futures.Executor``, a Dask client's ``get_executor()``, or a
    ``distributed.Client``; a pool of this process's threads if ``None``), each on ``threads``
    threads, writing each to the store as it finishes, and adds the parts up by group.

    ``progress(done, total)`` hears each part finish. Ctrl-C, or an exception from ``progress``,
    cancels the parts not finished (those finished stay in the store) and is raised."""
    return _totals(job, _records(job, executor, store, progress, threads))


def _records(job: Job, executor: Any, store: str | os.PathLike[str] | None,
             progress: Optional[Progress], threads: int) -> dict[str, dict[str, Any]]:
    """Every part's record, by key: those in ``store``, and the others counted (see ``run``)."""
    opened = Store(store, job) if store is not None else None
    try:
        records = opened.records() if opened is not None else {}
        keys = {part.key for part in job.parts}
        records = {key: record for key, record in records.items() if key in keys}
        todo = [part for part in job.parts if part.key not in records]
        if progress is not None:
            progress(len(records), len(job.parts))
        pool, stop = _pool(executor)
        try:
            futures = {pool.submit(_count, part, threads, stop): part for part in todo}
            try:
                for future in _as_completed(futures):
                    part = futures[future]
                    record = future.result()
                    records[part.key] = record
                    if opened is not None:
                        opened.put(part.key, record)
                    if progress is not None:
                        progress(len(records), len(job.parts))
            except BaseException:
                for future in futures:
                    future.cancel()
                if stop is not None:
                    stop.set()
                raise
        finally:
            if stop is not None:
                pool.shutdown(wait=True)
    finally:
        if opened is not None:
            opened.close()
    return records


def _as_completed(futures: Iterable[Any]) -> Iterable[Any]:
    """The futures as they finish, waiting a tenth of a second at a time: Ctrl-C may be taken
    by any of the process's threads, and the main thread, asleep on a lock until a part ended,
    would raise KeyboardInterrupt only then; waking, it raises it at once."""
    pending = set(futures)
    while pending:
        done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
        yield from done


def _totals(job: Job, records: dict[str, dict[str, Any]]) -> dict[str, Counts]:
    """Each group's parts added up, each as many times as it stands for."""
    totals: dict[str, Counts] = {}
    for part in job.parts:
        counts = Counts.from_dict(records[part.key]["counts"])
        if part.group not in totals:
            totals[part.group] = Counts(counts.boards_per_deal, counts.tie_denominator)
        totals[part.group].merge(counts, part.times)
    for group, counts in totals.items():
        if counts.deals == 0:
            where = f"{group}: " if group else ""
            raise ValueError(
                f"{where}no deal is possible: every choice of one combo per player shares a card"
            )
    return totals


def chart(opponents: int, *, hands: Optional[Iterable[str]] = None, board: Optional[str] = None,
          dead: Optional[str] = None, executor: Any = None,
          store: str | os.PathLike[str] | None = None, progress: Optional[Progress] = None,
          threads: int = 1, part_deals: Optional[int] = None) -> list[ChartRow]:
    """The exact chart of ``hands`` (all 169 by default) against ``opponents`` random hands, as
    a job (see ``chart_job`` and ``run``): a row per hand, in the order given."""
    job = chart_job(opponents, hands=hands, board=board, dead=dead, part_deals=part_deals)
    totals = run(job, executor=executor, store=store, progress=progress, threads=threads)
    rows = []
    for hand in dict.fromkeys(part.group for part in job.parts):
        wins, ties = totals[hand].shares(0)
        rows.append(ChartRow(hand, wins + ties, wins, ties, totals[hand]))
    return rows


def equity(players: Sequence[str], *, board: Optional[str] = None, dead: Optional[str] = None,
           executor: Any = None, store: str | os.PathLike[str] | None = None,
           progress: Optional[Progress] = None, threads: int = 1,
           part_deals: Optional[int] = None) -> MatchupResult:
    """One range matchup's exact equity as a job (see ``matchup_job`` and ``run``)."""
    job = matchup_job(players, board=board, dead=dead, part_deals=part_deals)
    counts = run(job, executor=executor, store=store, progress=progress, threads=threads)[""]
    return MatchupResult([counts.shares(player) for player in range(len(players))], counts)


@dataclass(frozen=True)
class ThreeWayTriple:
    """Three starting hands all in together, in the order of ``HANDS``: the joint deals of a
    combo of each without a shared card, and the boards of each showdown order
    (``SHOWDOWN_ORDERS``, each player's place) over them."""

    hands: tuple[str, str, str]
    deals: int
    orders: tuple[int, ...]


def three_way(*, executor: Any = None, store: str | os.PathLike[str] | None = None,
              progress: Optional[Progress] = None, threads: int = 1,
              parts: Optional[int] = None) -> list[ThreeWayTriple]:
    """The three-way table, as a job (see ``three_way_job`` and ``run``): every three starting
    hands in the order of ``HANDS``, first ≤ second ≤ third, in that order. ``parts`` counts
    only the job's first parts (to time the job), and the triples are theirs."""
    job = three_way_job()
    if parts is not None:
        job = Job(job.description, job.parts[:parts])
    records = _records(job, executor, store, progress, threads)
    triples = []
    for part in job.parts:
        thirds = HANDS[HANDS.index(part.second):]
        counted = records[part.key]["counts"]
        if len(counted) != len(thirds):
            raise ValueError(f"the store's part {part.key!r} has {len(counted)} triples, not "
                             f"{len(thirds)}")
        for third, (deals, orders) in zip(thirds, counted):
            triples.append(ThreeWayTriple((part.first, part.second, third), deals, tuple(orders)))
    return triples


def three_way_table(triples: Sequence[ThreeWayTriple]) -> bytes:
    """The whole three-way table (``three_way()`` with every part) in push-fold's format: the
    bytes of its ``data/three-way-v1.bin``, bit for bit."""
    return three_way_table_bytes([(triple.deals, list(triple.orders)) for triple in triples])


def write_csv(rows: Sequence[ChartRow], path: str | os.PathLike[str]) -> None:
    """A chart job's rows as CSV: the figures in percent and the whole numbers they come from
    (a hand's equity is ``(wins + tie_units / tie_denominator) / (deals × boards_per_deal)``)."""
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("hand,equity,wins,ties,deals,boards_per_deal,win_boards,tie_units,"
                  "tie_denominator\n")
        for row in rows:
            counts = row.counts.to_dict()
            [(weight, deals, wins, ties)] = counts["by_weight"]
            assert weight == 1.0, "a chart's deals all weigh 1"
            out.write(
                f"{row.hand},{100 * row.equity:.6f},{100 * row.wins:.6f},{100 * row.ties:.6f},"
                f"{deals},{counts['boards_per_deal']},{wins[0]},{ties[0]},"
                f"{counts['tie_denominator']}\n"
            )


_RANKS = "23456789TJQKA"
_SUITS = "shdc"


def _card(text: str) -> tuple[int, int]:
    """``"Qs"`` as (rank, suit) indices; ``ValueError`` if it is not a card."""
    if len(text) != 2 or text[0].upper() not in _RANKS or text[1].lower() not in _SUITS:
        raise ValueError(f"{text!r} is not a card")
    return _RANKS.index(text[0].upper()), _SUITS.index(text[1].lower())


def _flop_text(cards: Iterable[tuple[int, int]]) -> str:
    return "".join(_RANKS[rank] + _SUITS[suit] for rank, suit in cards)


def _canonical(cards: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """The flop's representative among its suit renamings: of the 24, the one whose cards,
    highest rank first, come first in order (suits in the order s, h, d, c)."""
    from itertools import permutations

    return min(
        tuple(sorted(((rank, renaming[suit]) for rank, suit in cards),
                     key=lambda card: (-card[0], card[1])))
        for renaming in permutations(range(4))
    )


def strategic_flops() -> list[tuple[str, int]]:
    """The 1,755 strategically different flops, each with its weight (how many of the 22,100
    flops are it with the suits renamed; the weights add up to 22,100), highest cards first."""
    from itertools import combinations

    weights: dict[tuple[tuple[int, int], ...], int] = {}
    deck = [(rank, suit) for rank in range(13) for suit in range(4)]
    for flop in combinations(deck, 3):
        key = _canonical(flop)
        weights[key] = weights.get(key, 0) + 1
    return [(_flop_text(key), weights[key]) for key in sorted(weights, key=_high_first)]


def _high_first(cards: Sequence[tuple[int, int]]) -> tuple[Any, ...]:
    """The order of a report: by the highest rank, then the next, then the suits."""
    return tuple(-rank for rank, _ in cards) + tuple(suit for _, suit in cards)


def flop_weight(flop: str) -> int:
    """How many of the 22,100 flops ``flop`` stands for (itself with the suits renamed)."""
    from itertools import permutations

    cards = [_card(flop[index:index + 2]) for index in range(0, 6, 2)]
    return len({
        frozenset((rank, renaming[suit]) for rank, suit in cards)
        for renaming in permutations(range(4))
    })


def read_flops(text: str) -> list[str]:
    """A flops file: one flop a line (``QsJh2h``, spaces allowed between cards), ``#``
    comments and blank lines ignored. ``ValueError`` names the line and column of a slip."""
    flops: list[str] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#")[0]
        letters = [(column, char) for column, char in enumerate(content, start=1)
                   if not char.isspace()]
        if not letters:
            continue
        if len(letters) != 6:
            raise ValueError(f"line {number}, column {letters[0][0]}: expected a flop of three "
                             f"cards such as QsJh2h, found {content.strip()!r}")
        cards = []
        for index in range(0, 6, 2):
            column = letters[index][0]
            text_card = letters[index][1] + letters[index + 1][1]
            try:
                card = _card(text_card)
            except ValueError as err:
                raise ValueError(f"line {number}, column {column}: {err}") from None
            if card in cards:
                raise ValueError(f"line {number}, column {column}: {text_card!r} is on the "
                                 "flop twice")
            cards.append(card)
        flop = _flop_text(sorted(cards, key=lambda card: (-card[0], card[1])))
        if flop in seen:
            raise ValueError(f"line {number}, column {letters[0][0]}: {flop} is listed twice "
                             f"(first on line {seen[flop]})")
        seen[flop] = number
        flops.append(flop)
    if not flops:
        raise ValueError("the flops file lists no flop")
    return flops


@dataclass(frozen=True)
class FlopPart:
    """One part of a postflop report: the spot solved on one flop."""

    #: Unique in its job: the flop.
    key: str
    flop: str
    #: How many of the 22,100 flops it stands for.
    weight: int
    #: ``postflop.solve``'s keyword arguments but the board, as (name, value) pairs.
    spot: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class FlopRow:
    """A flop of a report: the root's action mix, each player's EV and equity, and how close
    to an equilibrium it was solved."""

    flop: str
    weight: int
    #: The root's actions and their frequencies, as the JSON gives them.
    actions: tuple[str, ...]
    frequencies: tuple[float, ...]
    #: ``(oop, ip)``: expected shares of the pot, in chips.
    ev: tuple[float, float]
    #: ``(oop, ip)``: shares of the pot at showdown, 0 to 1.
    equity: tuple[float, float]
    #: In percent of the pot.
    exploitability: float
    iterations: int


#: The spot options of a report, as ``postflop.solve`` names them.
SPOT_OPTIONS = ("oop", "ip", "pot", "stack", "bets", "raises", "donks", "add_allin_threshold",
                "force_allin_threshold", "merging_threshold", "exploitability", "iterations",
                "compress")


def postflop_report_job(spot: dict[str, Any], *, flops: Optional[Sequence[str]] = None) -> Job:
    """``spot`` (``postflop.solve``'s keyword arguments without the board) solved on each of
    ``flops`` (the 1,755 strategically different flops by default) as a job."""
    unknown = sorted(set(spot) - set(SPOT_OPTIONS))
    if unknown:
        raise ValueError(f"not a spot option of a report: {unknown[0]!r}")
    listed = strategic_flops() if flops is None else [(flop, flop_weight(flop)) for flop in flops]
    pairs = tuple(sorted((name, value) for name, value in spot.items() if value is not None))
    # The spot is checked once, on the first flop, so a slip is found before any part runs.
    from . import postflop

    postflop.solve(board=listed[0][0], **{**dict(pairs), "iterations": 0}, threads=1)
    parts = tuple(FlopPart(flop, flop, weight, pairs) for flop, weight in listed)
    description = json.dumps({"job": "postflop-report", "spot": dict(pairs),
                              "flops": [flop for flop, _ in listed]}, sort_keys=True)
    return Job(description, parts)


def solve_flop_part(part: FlopPart, threads: int = 1,
                    stop: Optional[threading.Event] = None) -> dict[str, Any]:
    """Solves one flop of a report (on a worker): the figures of ``postflop --format json``,
    the seconds and processor seconds it took, and where it ran."""
    from . import postflop

    return _timed(lambda progress: json.loads(postflop.solve(
        board=part.flop, **dict(part.spot), threads=threads, progress=progress
    ).to_json()), stop)


def postflop_report(spot: dict[str, Any], *, flops: Optional[Sequence[str]] = None,
                    executor: Any = None, store: str | os.PathLike[str] | None = None,
                    progress: Optional[Progress] = None, threads: int = 1) -> list[FlopRow]:
    """An aggregated report: ``spot`` solved on each flop, as a job (see
    ``postflop_report_job`` and ``run``); a row per flop, in the job's order."""
    job = postflop_report_job(spot, flops=flops)
    records = _records(job, executor, store, progress, threads)
    rows = []
    for part in job.parts:
        figures = records[part.key]["counts"]
        rows.append(FlopRow(
            part.flop, part.weight,
            tuple(action["action"] for action in figures["root"]),
            tuple(action["frequency"] for action in figures["root"]),
            (figures["ev"][0], figures["ev"][1]), (figures["equity"][0], figures["equity"][1]),
            figures["exploitability"], figures["iterations"],
        ))
    return rows


def write_report_csv(rows: Sequence[FlopRow], path: str | os.PathLike[str]) -> None:
    """A report's rows as CSV: the flop, its weight, the root's frequency of each action (in
    the order they first come), each player's EV (chips) and equity, the exploitability (percent
    of the pot) and the iterations, figures as the JSON gives them."""
    actions = list(dict.fromkeys(action for row in rows for action in row.actions))
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(",".join(["flop", "weight", *actions, "ev_oop", "ev_ip", "equity_oop",
                            "equity_ip", "exploitability", "iterations"]) + "\n")
        for row in rows:
            mix = dict(zip(row.actions, row.frequencies))
            cells = [row.flop, str(row.weight)]
            cells += [repr(mix[action]) if action in mix else "" for action in actions]
            cells += [repr(value) for value in (*row.ev, *row.equity, row.exploitability)]
            cells.append(str(row.iterations))
            out.write(",".join(cells) + "\n")


def _action_colour(action: str, bets: Sequence[str]) -> str:
    """Checks green, calls blue, folds grey, bets red from light (smallest) to dark (all-in)."""
    if action == "Check":
        return "#5aae61"
    if action == "Call":
        return "#4393c3"
    if action == "Fold":
        return "#bababa"
    shades = ["#fdae61", "#f46d43", "#d73027", "#a50026", "#67001f"]
    index = bets.index(action) * (len(shades) - 1) // max(len(bets) - 1, 1)
    return shades[index]


def report_svg(rows: Sequence[FlopRow], title: str = "") -> str:
    """The report as a picture: the flops from the highest cards down, each a bar of the root's
    action mix, with the high card marked below, and a key."""
    import html

    actions = list(dict.fromkeys(action for row in rows for action in row.actions))
    bets = [action for action in actions if action not in ("Check", "Call", "Fold")]
    ordered = sorted(rows, key=lambda row: _high_first(
        [_card(row.flop[index:index + 2]) for index in range(0, 6, 2)]))
    bar = 1 if len(ordered) > 600 else 2 if len(ordered) > 200 else 6
    left, top, height = 40, 40, 240
    # Wide enough for the bars, the title and the key.
    key = sum(16 + 8 * len(action) + 16 for action in actions)
    width = max(left + bar * len(ordered) + 20, left + 7 * len(title), left + key)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{top + height + 70}" '
        f'font-family="sans-serif" font-size="12">',
        f'<text x="{left}" y="20" font-size="14">{html.escape(title)}</text>',
    ]
    for index, row in enumerate(ordered):
        x = left + bar * index
        y = top + height
        for action, frequency in zip(row.actions, row.frequencies):
            size = frequency * height
            y -= size
            parts.append(f'<rect x="{x}" y="{y:.2f}" width="{bar}" height="{size:.2f}" '
                         f'fill="{_action_colour(action, bets)}"><title>{row.flop} {action} '
                         f'{100 * frequency:.1f}%</title></rect>')
        high = row.flop[0]
        if index == 0 or ordered[index - 1].flop[0] != high:
            parts.append(f'<line x1="{x}" x2="{x}" y1="{top + height}" y2="{top + height + 6}" '
                         f'stroke="black"/><text x="{x + 2}" y="{top + height + 18}">{high}</text>')
    for percent in (0, 50, 100):
        y = top + height - percent / 100 * height
        parts.append(f'<text x="{left - 6}" y="{y + 4:.0f}" text-anchor="end">{percent}%</text>')
    x = left
    for action in actions:
        parts.append(f'<rect x="{x}" y="{top + height + 34}" width="12" height="12" '
                     f'fill="{_action_colour(action, bets)}"/><text x="{x + 16}" '
                     f'y="{top + height + 45}">{html.escape(action)}</text>')
        x += 16 + 8 * len(action) + 16
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


class _ProgressLine:
    """Parts done, time taken and an estimate of the time left, on one line of stderr."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.first: Optional[int] = None

    def __call__(self, done: int, total: int) -> None:
        import sys

        if self.first is None:
            self.first = done
        elapsed = time.monotonic() - self.started
        counted = done - self.first
        left = ""
        if counted > 0 and done < total:
            left = f", about {_duration(elapsed / counted * (total - done))} left"
        end = "\n" if done == total else ""
        print(f"\r{done}/{total} parts, {_duration(elapsed)}{left}   ", end=end, file=sys.stderr,
              flush=True)


def _duration(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02}m" if hours else f"{minutes}m{seconds:02}s"


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m holdem_equity.jobs``: a chart, a matchup, the three-way table or a postflop
    report as a job, from a shell."""
    import argparse
    import contextlib
    import sys

    parser = argparse.ArgumentParser(
        prog="python -m holdem_equity.jobs",
        description="Exact equity jobs shared out over a Dask cluster, a local one, or this "
        "process's threads, kept part by part in a store on disk (run again to resume).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    chart_parser = commands.add_parser("chart", help="the chart against random hands")
    chart_parser.add_argument("opponents", type=int, help="random hands each hand faces")
    chart_parser.add_argument("--hands", help="hands to count, such as AA,AKs (all 169 if absent)")
    chart_parser.add_argument("--csv", help="write the rows to this CSV file")
    equity_parser = commands.add_parser("equity", help="one range matchup")
    equity_parser.add_argument("players", nargs="+", help="each player's range or hand")
    three_way_parser = commands.add_parser(
        "three-way", help="push/fold's table of every three hands all in together"
    )
    three_way_parser.add_argument("--parts", type=int,
                                  help="count only the job's first parts (to time it)")
    three_way_parser.add_argument("--table",
                                  help="write the whole table to this file, as push-fold keeps it")
    report_parser = commands.add_parser(
        "postflop-report", help="one postflop spot solved on many flops, a row per flop"
    )
    for name, kind, text in [
        ("oop", str, "the out-of-position range, with weights"),
        ("ip", str, "the in-position range"),
        ("pot", int, "the pot before the flop's first action, in chips"),
        ("stack", int, "the effective stack, in chips"),
    ]:
        report_parser.add_argument(f"--{name}", type=kind, required=True, help=text)
    for name, text in [
        ("bets", "bet sizes, every street and player (60%%, e, a)"),
        ("raises", "raise sizes (2.5x, a)"),
        ("donks", "OOP's leads on the turn and river"),
        ("add-allin-threshold", "percent, as postflop's"),
        ("force-allin-threshold", "percent, as postflop's"),
        ("merging-threshold", "percent, as postflop's"),
    ]:
        report_parser.add_argument(f"--{name}", help=text)
    report_parser.add_argument("--exploitability", type=float, default=0.3,
                               help="solve each flop to this percent of the pot (default 0.3)")
    report_parser.add_argument("--iterations", type=int, default=1000,
                               help="and at most this many iterations (default 1000)")
    report_parser.add_argument("--compress", action="store_true",
                               help="keep 16-bit numbers: about half the memory")
    report_parser.add_argument("--flops", help="a file of flops, one a line (QsJh2h); the 1,755 "
                                               "strategically different flops if absent")
    report_parser.add_argument("--csv", help="write a row per flop to this CSV file")
    report_parser.add_argument("--svg", help="draw the root's action mix per flop to this file")
    for sub in (chart_parser, equity_parser):
        sub.add_argument("--board", help="the board so far: 0, 3, 4 or 5 cards")
        sub.add_argument("--dead", help="cards out of play")
    for sub in (chart_parser, equity_parser, three_way_parser, report_parser):
        sub.add_argument("--store", required=True, help="the SQLite file of finished parts")
        where = sub.add_mutually_exclusive_group()
        where.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:8786")
        where.add_argument("--local-workers", type=int,
                           help="start a local Dask cluster of this many one-thread workers")
    for sub in (chart_parser, equity_parser):
        sub.add_argument("--part-deals", type=int, default=None,
                         help=f"the most joint deals in a part (default {PART_DEALS:,}, and a "
                              "part counted board by board not split further)")
    args = parser.parse_args(argv)
    with contextlib.ExitStack() as stack:
        executor = None
        if args.scheduler or args.local_workers:
            try:
                import distributed
            except ImportError:
                parser.error("Dask is not installed: pip install 'holdem-equity[dask]'")
            if args.scheduler:
                executor = stack.enter_context(distributed.Client(args.scheduler))
            else:
                cluster = stack.enter_context(distributed.LocalCluster(
                    n_workers=args.local_workers, threads_per_worker=1, dashboard_address=":0"
                ))
                executor = stack.enter_context(distributed.Client(cluster))
        try:
            if args.command == "three-way":
                triples = three_way(executor=executor, store=args.store,
                                    progress=_ProgressLine(), parts=args.parts)
                print(f"{len(triples)} triples of hands, "
                      f"{sum(triple.deals for triple in triples):,} joint deals")
                if args.table:
                    if args.parts is not None:
                        parser.error("--table needs every part: leave out --parts")
                    with open(args.table, "wb") as out:
                        out.write(three_way_table(triples))
                return 0
            if args.command == "postflop-report":
                flops = None
                if args.flops:
                    with open(args.flops, encoding="utf-8") as listed:
                        try:
                            flops = read_flops(listed.read())
                        except ValueError as err:
                            raise ValueError(f"--flops: {err}") from None
                spot = {name: getattr(args, name) for name in SPOT_OPTIONS}
                spot["compress"] = spot["compress"] or None
                rows = postflop_report(spot, flops=flops, executor=executor, store=args.store,
                                       progress=_ProgressLine())
                if args.csv:
                    write_report_csv(rows, args.csv)
                if args.svg:
                    with open(args.svg, "w", encoding="utf-8", newline="\n") as out:
                        out.write(report_svg(rows, f"OOP {args.oop} vs IP {args.ip}, pot "
                                                   f"{args.pot}, stack {args.stack}"))
                weight = sum(row.weight for row in rows)
                mixes = {}
                for row in rows:
                    for action, frequency in zip(row.actions, row.frequencies):
                        mixes[action] = mixes.get(action, 0.0) + row.weight * frequency
                print(f"{len(rows)} flops standing for {weight:,}; the root's mix, weighted: "
                      + ", ".join(f"{action} {100 * total / weight:.1f}%"
                                  for action, total in mixes.items()))
                return 0
            common = dict(board=args.board, dead=args.dead, executor=executor,
                          store=args.store, progress=_ProgressLine(), part_deals=args.part_deals)
            if args.command == "chart":
                hands = args.hands.split(",") if args.hands else None
                rows = chart(args.opponents, hands=hands, **common)
                if args.csv:
                    write_csv(rows, args.csv)
                for row in rows:
                    print(f"{row.hand:<4} {100 * row.equity:8.4f}%")
            else:
                result = equity(args.players, **common)
                for player, (wins, ties) in zip(args.players, result.players):
                    print(f"{player}  equity {100 * (wins + ties):.4f}%  wins {100 * wins:.4f}%"
                          f"  ties {100 * ties:.4f}%")
        except (ValueError, OSError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print(f"\nstopped: the finished parts are in {args.store}; run again to resume",
                  file=sys.stderr)
            return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
