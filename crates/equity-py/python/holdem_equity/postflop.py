"""Heads-up postflop equilibria: how to check, bet, raise, call and fold on the flop, turn and
river, from the workspace's ``postflop`` solver (the same figures as its command line)::

    >>> from holdem_equity import postflop
    >>> solution = postflop.solve(board="Qs Jh 2h 8d 3c", oop="AA, QQ, AQs, 54s, 76s",
    ...                           ip="KK, AJs, KQs, JTs", pot=100, stack=150, bets="75%",
    ...                           add_allin_threshold=0, exploitability=0.1, threads=1)
    >>> solution.node("").actions
    ['Check', 'Bet 75']
    >>> [f"{action['frequency']:.3f}" for action in solution.root]
    ['0.419', '0.581']

A ``Solution`` has the figures of ``postflop --format json`` (``exploitability`` in percent of
the pot, ``ev`` in chips, ``equity``, ``iterations``, ``root``), its decisions as ``Node``\\ s
(``node(line)``, the line written as ``--line`` takes it, ``""`` for the root: ``actions``,
``hands``, and NumPy arrays ``strategy``, ``ev`` and ``equity``), ``save(path)`` (read back
with ``load(path)``), and node locking: ``lock(line, strategy)`` then ``resolve()``, as
``postflop --lock``. Solving releases the GIL and Ctrl-C stops it; bad input raises
``ValueError`` in the command line's words.
"""

from __future__ import annotations

from ._engine import Node, Solution
from ._engine import postflop_load as load
from ._engine import postflop_solve as solve

__all__ = ["Node", "Solution", "load", "solve"]
