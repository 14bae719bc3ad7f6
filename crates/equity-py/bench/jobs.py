"""A chart job on local Dask clusters of 1 and 2 one-thread workers, to measure what sharing out
costs: each part's own time (from its record in the store), the job's wall time, the
scheduler's overhead (the share of the workers' time not spent in parts) and the speed-up from
one worker to two. Run by ``scripts/bench-jobs`` (arguments go here)."""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import tempfile
import time

import distributed

from holdem_equity import jobs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponents", type=int, default=2)
    # Preflop, with the 2s to 5s dead: a part per hand (no suit is set apart), each counted deal
    # by deal in a few seconds. (After the flop the parts are counted board by board, in
    # milliseconds: too short to show what sharing out costs.)
    parser.add_argument("--hands", default="AKs,QQ,T9o")
    parser.add_argument("--board", default=None)
    parser.add_argument(
        "--dead", default="2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s")
    parser.add_argument("--workers", default="1,2", help="cluster sizes to time, in order")
    args = parser.parse_args()
    chart = dict(opponents=args.opponents, hands=args.hands.split(","), board=args.board,
                 dead=args.dead)
    job = jobs.chart_job(**chart)
    print(f"job: {len(job.parts)} parts, each hand against {args.opponents} random hands, "
          f"board {args.board or 'none'}, dead {args.dead or 'none'}; {os.cpu_count()} cores")
    walls = {}
    reference = None
    for workers in [int(count) for count in args.workers.split(",")]:
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1,
                                      dashboard_address=":0",
                                      silence_logs=logging.CRITICAL) as cluster, \
                distributed.Client(cluster) as client, \
                tempfile.TemporaryDirectory() as scratch:
            store = os.path.join(scratch, "job.sqlite")
            started = time.perf_counter()
            rows = jobs.chart(**chart, executor=client, store=store)
            wall = time.perf_counter() - started
            records = jobs.Store(store, job).records().values()
            seconds = [record["seconds"] for record in records]
            busy: dict[str, float] = {}
            for record in records:
                busy[record["worker"]] = busy.get(record["worker"], 0.0) + record["seconds"]
        counts = [row.counts for row in rows]
        assert reference is None or counts == reference, "the figures differ between runs"
        reference = counts
        walls[workers] = wall
        idle = 1 - sum(seconds) / (workers * wall)
        # The busiest worker never lacked a part to count: its idle time is the scheduler's
        # overhead; the rest of the idle time is the others waiting at the end for the last part.
        overhead = 1 - max(busy.values()) / wall
        print(f"{workers} worker(s): wall {wall:.2f} s, parts {sum(seconds):.2f} s in all "
              f"(median {statistics.median(seconds):.2f} s, shortest {min(seconds):.2f} s, "
              f"longest {max(seconds):.2f} s); workers idle {idle:.2%} of the time, the "
              f"busiest {overhead:.2%} (the scheduler's overhead)")
    if 1 in walls:
        for workers, wall in walls.items():
            if workers > 1:
                print(f"speed-up from 1 to {workers} workers: {walls[1] / wall:.2f}x")


if __name__ == "__main__":
    main()
