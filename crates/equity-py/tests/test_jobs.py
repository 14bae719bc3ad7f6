"""Jobs split into parts (holdem_equity.jobs) on local executors: the parts add up to the
engine's own count of the whole, to the last bit; a stopped job resumes from its store without
counting a finished part again; bad input is a ValueError."""

from __future__ import annotations

import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import holdem_equity as he
from holdem_equity import jobs

def test_a_chart_job_gives_the_engines_own_figures():
    rows = jobs.chart(1, hands=["AA", "72o", "JTs"])
    assert [row.hand for row in rows] == ["AA", "72o", "JTs"]
    for row, combo in zip(rows, ["AsAh", "7s2h", "JsTs"]):
        alone = he.equity([combo, "random"], exact=True).players[0]
        # Bit for bit: the same whole numbers, divided the same way.
        assert (row.wins, row.ties, row.equity) == (alone.wins, alone.ties, alone.equity)
    assert f"{rows[0].equity:.4%}" == "85.2037%"


def test_parts_on_a_flop_add_up_to_the_whole_count(small_chart):
    job = jobs.chart_job(**small_chart["job"])
    # A part for each combo the board and dead cards leave: no renaming of the suits keeps the
    # flop as it is.
    assert [part.group for part in job.parts] == ["AKs"] * 3 + ["QQ"] * 6
    assert all(part.times == 1 for part in job.parts)
    rows = small_chart["rows"]
    board, dead = small_chart["job"]["board"], small_chart["job"]["dead"]
    whole = he.equity(["AKs", "random", "random"], board=board, dead=dead, exact=True)
    assert rows[0].wins == whole.players[0].wins
    assert rows[0].ties == whole.players[0].ties
    assert rows[0].counts.deals == whole.deals


def test_a_part_counted_board_by_board_is_not_split_by_its_deals_unless_asked():
    # A hand against three random hands is 1.4 billion deals a combo, counted board by board in
    # seconds: one part a hand by default, split by the second player when part_deals says so.
    assert he.counts_board_by_board(["AsKs", "random", "random", "random"])
    assert not he.counts_board_by_board(["AsKs", "QdQc", "random", "random"])
    assert len(jobs.chart_job(3).parts) == 169
    parts = jobs.chart_job(3, hands=["AKs"], part_deals=jobs.PART_DEALS).parts
    assert len(parts) > 1 and all(" " not in part.players[1] for part in parts)


def test_a_matchup_job_shared_out_by_two_players_gives_every_players_figures():
    players = ["QQ+, AKs", "AK:0.5, KQs", "random"]
    job = jobs.matchup_job(players, board="Ah 7c 2d 9h", part_deals=1326)
    fixed = {len(part.players[0]) for part in job.parts}
    assert fixed <= {4, 8}  # AsKs or AsKs:0.5 for the first two players
    assert all(" " not in part.players[1] for part in job.parts)
    result = jobs.equity(players, board="Ah 7c 2d 9h", part_deals=1326)
    whole = he.equity(players, board="Ah 7c 2d 9h", exact=True)
    assert result.players == [(player.wins, player.ties) for player in whole.players]
    assert result.counts.deals == whole.deals


def test_a_stopped_job_resumes_from_its_store_without_counting_a_finished_part_again(
    tmp_path, recording
):
    store = tmp_path / "job.sqlite"
    hands = ["AA", "KK", "72o", "JTs", "AKo"]
    full = jobs.chart(1, hands=hands)

    class Stop(Exception):
        pass

    def stop_after_three(done: int, total: int) -> None:
        if done >= 3:
            raise Stop

    first = recording(ThreadPoolExecutor(1))
    with pytest.raises(Stop):
        jobs.chart(1, hands=hands, executor=first, store=store, progress=stop_after_three)
    first.shutdown()
    job = jobs.chart_job(1, hands=hands)
    finished = set(jobs.Store(store, job).records())
    assert len(finished) == 3
    seen: list[tuple[int, int]] = []
    second = recording(ThreadPoolExecutor(2))
    resumed = jobs.chart(1, hands=hands, executor=second, store=store,
                         progress=lambda done, total: seen.append((done, total)))
    submitted = {part.key for part in second.submitted}
    assert not submitted & finished
    assert submitted | finished == {part.key for part in job.parts}
    assert seen[0] == (3, 5) and seen[-1] == (5, 5)
    assert [(row.hand, row.wins, row.ties, row.counts) for row in resumed] == [
        (row.hand, row.wins, row.ties, row.counts) for row in full
    ]
    # Everything is in the store now: nothing is counted a third time.
    third = recording(ThreadPoolExecutor(2))
    again = jobs.chart(1, hands=hands, executor=third, store=store)
    assert third.submitted == []
    assert [row.counts for row in again] == [row.counts for row in full]


def test_the_three_way_job_counts_every_three_hands_by_their_showdown_order(tmp_path, recording):
    job = jobs.three_way_job()
    # A part for each first hand and second from it on in the grid: 169 · 170 / 2.
    assert len(job.parts) == 14_365
    assert [part.key for part in job.parts[:3]] == ["AA AA", "AA AKs", "AA AQs"]
    assert he.SHOWDOWN_ORDERS[0] == (1, 1, 1) and len(set(he.SHOWDOWN_ORDERS)) == 13
    pool = recording(ThreadPoolExecutor(2))
    # What goes to a worker is the part alone, not the job.
    triples = jobs.three_way(executor=pool, store=tmp_path / "three.sqlite", parts=2)
    assert pool.submitted == list(job.parts[:2])
    assert len(triples) == 169 + 168
    assert triples[0].hands == ("AA", "AA", "AA") and triples[0].deals == 0
    for triple in triples:
        assert sum(triple.orders) == triple.deals * 1_370_754
    # Each player's boards won alone and split are the range count's.
    [kings] = [triple for triple in triples if triple.hands == ("AA", "AA", "KK")]
    assert kings.deals == 36
    counts = he.exact_counts(["AA", "AA", "KK"])
    [(_, deals, wins, tie_units)] = counts["by_weight"]
    assert deals == kings.deals
    won, split = [0, 0, 0], [0, 0, 0]
    for places, boards in zip(he.SHOWDOWN_ORDERS, kings.orders):
        firsts = places.count(1)
        for player, place in enumerate(places):
            if place == 1 and firsts == 1:
                won[player] += boards
            elif place == 1:
                split[player] += boards * 6 // firsts
    assert (won, split) == (wins, tie_units)
    # Counted again from the store, nothing is submitted.
    again = recording(ThreadPoolExecutor(1))
    assert jobs.three_way(executor=again, store=tmp_path / "three.sqlite", parts=2) == triples
    assert again.submitted == []
    with pytest.raises(ValueError, match="not a three-way table: 337 triples"):
        jobs.three_way_table(triples)


def test_the_three_way_command_counts_parts_and_writes_only_a_whole_table(tmp_path, capsys):
    store = str(tmp_path / "three.sqlite")
    assert jobs.main(["three-way", "--store", store, "--parts", "1"]) == 0
    # AA with AA: 6 pairs of aces, each with the C(48, 2) combos of a third hand.
    assert capsys.readouterr().out == f"169 triples of hands, {6 * 1128:,} joint deals\n"
    with pytest.raises(SystemExit):
        jobs.main(["three-way", "--store", store, "--parts", "1", "--table", str(tmp_path / "t")])
    assert "--table needs every part" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()


def test_a_store_holds_one_job(tmp_path):
    store = tmp_path / "job.sqlite"
    jobs.chart(1, hands=["AA"], store=store)
    with pytest.raises(ValueError, match="holds another job's parts"):
        jobs.chart(1, hands=["KK"], store=store)


def test_ctrl_c_stops_the_counts_running_on_our_own_threads(monkeypatch, request):
    # Ctrl-C comes while the part is being counted, by construction: it is sent from the part's
    # first look at its stop flag (from the count's progress callback), which then holds the
    # part there until the flag is set. Were Ctrl-C not passed on to the counts, the flag would
    # stay unset and the part would be counted to its end.
    class CtrlCAtTheFirstLook(threading.Event):
        def __init__(self) -> None:
            super().__init__()
            self.looks = 0
            self.set_in_time: bool | None = None

        def is_set(self) -> bool:
            self.looks += 1
            if self.looks == 1:
                # Ctrl-C sent to the process may be taken by any thread that does not block
                # it: here, the hardest case, by this worker thread, not the main thread, which
                # must still stop the job.
                signal.pthread_kill(threading.get_ident(), signal.SIGINT)
                # A loose bound on the failing path only: the flag is set as soon as Ctrl-C
                # reaches the main thread.
                self.set_in_time = self.wait(30)
                # The part stops here either way: a failing run need not wait for its count.
                return True
            return super().is_set()

    flag = CtrlCAtTheFirstLook()
    monkeypatch.setattr(jobs, "_pool", lambda executor: (ThreadPoolExecutor(1), flag))
    # Python's own SIGINT handler, which a shell that starts the tests in the background without
    # job control would have left out (the process inherits SIGINT ignored).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    request.addfinalizer(lambda: signal.signal(signal.SIGINT, previous))
    # One part of 1.4 million deals preflop: a minute or more on one core, though nothing here
    # depends on that.
    job = jobs.matchup_job(["AsKs", "random", "random"])
    assert len(job.parts) == 1
    with pytest.raises(KeyboardInterrupt):
        jobs.run(job)
    assert flag.set_in_time is True


def test_counts_are_refused_where_they_cannot_be_added():
    one = jobs.count_part(jobs.chart_job(1, hands=["AA"]).parts[0])["counts"]
    other = jobs.count_part(jobs.chart_job(1, hands=["AA"], board="2c 3d 4h").parts[0])["counts"]
    total = he.Counts.from_dict(one)
    with pytest.raises(ValueError, match="different players or boards"):
        total.merge(he.Counts.from_dict(other))
    assert total == he.Counts.from_dict(one)
    with pytest.raises(ValueError, match="above 0"):
        he.Counts.from_dict({**one, "by_weight": [[0.0, 1, [1, 1], [0, 0]]]})
    with pytest.raises(ValueError, match="2 players"):
        total.shares(2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: jobs.chart_job(2, hands=["AKx"]), "not a starting hand like AA, AKs or AKo: 'AKx'"),
        (lambda: jobs.chart_job(0), "at least one random opponent"),
        (lambda: jobs.chart_job(2, part_deals=0), "part_deals is from 1 to"),
        (lambda: jobs.matchup_job(["AsKs", "QQ+ AKs"]), r"player 2, column 5: 'QQ\+ AKs': a comma"),
        (lambda: jobs.matchup_job(["AsKs", "QQ"], board="Kd 8s"), "board"),
        (lambda: jobs.matchup_job("AsKs vs QQ"), "players as a list"),
        (lambda: jobs.equity(["AsKs", "AhKs"]), r"player 2, column 3: repeated card KS \(first in player 1, column 3\)"),
        (lambda: jobs.chart_job(1, hands=["KK", "AA"], board="As Ah Ad"),
         "'AA' cannot be dealt: AS, AH and AD are on the board"),
        (lambda: jobs.matchup_job(["AsKs", "QQ"], board="As 2c 3d"),
         "player 1, column 1: 'AsKs' cannot be dealt: AS is on the board"),
    ],
)
def test_bad_jobs_are_value_errors_saying_what_is_wrong(call, message):
    with pytest.raises(ValueError, match=message):
        call()
