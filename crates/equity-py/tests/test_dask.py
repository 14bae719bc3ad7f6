"""Jobs on a real Dask cluster (two worker processes of one thread each): the figures are those
of a run on this process's threads, a worker killed in the middle of a part is replaced without
changing them, and a stopped job resumes from its store on the cluster."""

from __future__ import annotations

import logging
import os
import signal
import threading
import time

import pytest

from holdem_equity import jobs

distributed = pytest.importorskip(
    "distributed", reason="Dask's distributed is not installed (pip install 'holdem-equity[dask]')"
)


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.CRITICAL,
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def same_rows(rows, others) -> bool:
    return [(row.hand, row.wins, row.ties, row.counts) for row in rows] == [
        (row.hand, row.wins, row.ties, row.counts) for row in others
    ]


def test_the_cluster_gives_the_figures_of_one_machine(client, small_chart):
    rows = jobs.chart(**small_chart["job"], executor=client)
    assert same_rows(rows, small_chart["rows"])
    # Through the executor Dask makes, as ``concurrent.futures`` code would use it.
    rows = jobs.chart(**small_chart["job"], executor=client.get_executor())
    assert same_rows(rows, small_chart["rows"])


def test_the_three_way_job_on_the_cluster_gives_the_figures_of_one_machine(client):
    assert jobs.three_way(executor=client, parts=2) == jobs.three_way(parts=2)


def test_a_worker_killed_in_the_middle_of_a_part_changes_nothing(client, slow_chart, tmp_path):
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not killed:
            busy = [worker for worker, keys in client.processing().items() if keys]
            if busy:
                # Well into its part (each takes about a second).
                time.sleep(0.3)
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            time.sleep(0.02)

    killer = threading.Thread(target=kill_a_busy_worker)
    killer.start()
    store = tmp_path / "killed.sqlite"
    rows = jobs.chart(**slow_chart["job"], executor=client, store=store)
    killer.join()
    assert killed, "no worker was busy"
    assert same_rows(rows, slow_chart["rows"])
    job = jobs.chart_job(**slow_chart["job"])
    workers = {record["worker"] for record in jobs.Store(store, job).records().values()}
    # No part's result came from the killed process, and the cluster has two workers again.
    assert not any(worker.endswith(f":{killed[0]}") for worker in workers)
    client.wait_for_workers(2, timeout=60)


def test_a_stopped_job_resumes_on_the_cluster(client, small_chart, tmp_path, recording):
    store = tmp_path / "stopped.sqlite"

    class Stop(Exception):
        pass

    def stop_after_two(done: int, total: int) -> None:
        if done >= 2:
            raise Stop

    with pytest.raises(Stop):
        jobs.chart(**small_chart["job"], executor=client, store=store, progress=stop_after_two)
    job = jobs.chart_job(**small_chart["job"])
    finished = set(jobs.Store(store, job).records())
    assert len(finished) == 2
    resuming = recording(client.get_executor(pure=False))
    rows = jobs.chart(**small_chart["job"], executor=resuming, store=store)
    assert not {part.key for part in resuming.submitted} & finished
    assert len(resuming.submitted) == len(job.parts) - 2
    assert same_rows(rows, small_chart["rows"])
