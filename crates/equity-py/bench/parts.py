"""Times parts of the exact chart against N random hands, drawn at random with a seed, one at a
time on one thread: each part's processor seconds, and the chart's processor time estimated from
them (the mean part times the number of parts). With ``--store``, each part counted is also kept
in that job's store, so the timing's work is not lost. Run with the package installed:
``python crates/equity-py/bench/parts.py --opponents 3 --parts 4``."""

from __future__ import annotations

import argparse
import json
import random
import statistics

from holdem_equity import jobs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--opponents", type=int, required=True)
    parser.add_argument("--parts", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--store", help="the chart job's store, to keep the parts counted")
    args = parser.parse_args()
    job = jobs.chart_job(args.opponents)
    store = jobs.Store(args.store, job) if args.store else None
    done = set(store.records()) if store else set()
    left = [part for part in job.parts if part.key not in done]
    seconds = []
    for part in random.Random(args.seed).sample(left, args.parts):
        record = jobs.count_part(part)
        if store:
            store.put(part.key, record)
        seconds.append(record["cpu_seconds"])
        print(json.dumps({"part": part.key, "cpu_seconds": round(record["cpu_seconds"], 2)}),
              flush=True)
    total = statistics.mean(seconds) * len(job.parts)
    print(f"{len(job.parts)} parts; mean part {statistics.mean(seconds):.1f} s of one core; "
          f"the chart about {total / 3600:.1f} core-hours")


if __name__ == "__main__":
    main()
