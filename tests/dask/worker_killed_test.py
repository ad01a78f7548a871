#!/usr/bin/python3
"""The Dask driver (contrib/dask) on a LocalCluster of 2 worker processes,
with one worker killed mid-run and one task failing once: the output and
the merged report must still be complete and byte-identical to one
`notera convert` run of the same files.

    worker_killed_test.py NOTERA_BINARY SOURCE_DIR

Input: the project's own PGN files (samples/, tests/data/), concatenated
(twice over, in two files). The task of shard 2 of the first file kills its
own worker process (SIGKILL) the first time it runs: the nanny starts a new
worker and the scheduler gives the task to a live one. The task of shard 4
raises the first time: Dask's retries= runs it again.

Exit 77 (skipped) when Debian's python3-distributed is missing, unless
NOTERA_REQUIRE_DASK=1 (CI), which makes that a failure.
"""

import glob
import io
import os
import signal
import subprocess
import sys
import tempfile
import time

SKIPPED = 77


def main():
    notera, source = sys.argv[1], sys.argv[2]
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        if os.environ.get("NOTERA_REQUIRE_DASK") == "1":
            print(f"FAIL: Dask is required (NOTERA_REQUIRE_DASK=1) but cannot be imported by {sys.executable}: "
                  f"{error}; install python3-distributed (make deps)")
            return 1
        print(f"SKIPPED: Dask not found by {sys.executable} ({error}); apt-get install python3-distributed")
        return SKIPPED
    sys.path.insert(0, os.path.join(source, "contrib", "dask"))
    import notera_dask

    pgns = sorted(glob.glob(os.path.join(source, "samples", "**", "*.pgn"), recursive=True) +
                  glob.glob(os.path.join(source, "tests", "data", "**", "*.pgn"), recursive=True))
    if not pgns:
        print(f"FAIL: no PGN files under {source}")
        return 1
    text = b"".join(open(p, "rb").read() for p in pgns)
    failures = []

    with tempfile.TemporaryDirectory(prefix="notera-dask-test-") as tmp:
        files = []
        for i, copies in enumerate((3, 2)):
            path = os.path.join(tmp, f"games-{i + 1}.pgn")
            with open(path, "wb") as f:
                f.write(text * copies)
            files.append(path)
        reference, reference_report = os.path.join(tmp, "reference.pgn"), os.path.join(tmp, "reference.json")
        single = subprocess.run([notera, "convert", "-q", "--no-progress", "-j", "1", "-o", reference,
                                 "--report", reference_report, *files], capture_output=True)
        if single.returncode not in (0, 1):
            print(f"FAIL: notera convert exit {single.returncode}: {single.stderr.decode()}")
            return 1

        markers = os.path.join(tmp, "markers")
        os.mkdir(markers)

        def task(notera, path, k, n, options):
            """convert_shard, but shard 2 of the first file kills its worker
            the first time, and shard 4 fails the first time."""
            first = os.path.basename(path) == "games-1.pgn"
            marker = os.path.join(markers, f"shard-{k}")
            if first and k in (2, 4) and not os.path.exists(marker):
                with open(marker, "w") as f:
                    f.write(str(os.getpid()))
                if k == 2:
                    os.kill(os.getpid(), signal.SIGKILL)  # the worker process dies mid-run
                raise RuntimeError("shard 4 fails on its first run")
            result = notera_dask.convert_shard(notera, path, k, n, options)
            result["pid"] = os.getpid()
            return result

        started = time.monotonic()
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
        try:
            workers_before = set(client.scheduler_info()["workers"])
            output, report = os.path.join(tmp, "dask.pgn"), os.path.join(tmp, "dask.json")
            summary = notera_dask.run(client, notera, files, 7, output, report, ["-j", "1"], retries=2, task=task,
                                      messages=io.StringIO())
            workers_after = set(client.scheduler_info()["workers"])
        finally:
            client.close()
            cluster.close()
        seconds = time.monotonic() - started

        killed_pid = int(open(os.path.join(markers, "shard-2")).read())
        try:
            os.kill(killed_pid, 0)
            failures.append(f"the worker process {killed_pid} that ran shard 2 first is still alive")
        except ProcessLookupError:
            pass
        if not os.path.exists(os.path.join(markers, "shard-4")):
            failures.append("shard 4 never failed: retries= was not exercised")
        if workers_before == workers_after:
            failures.append(f"the scheduler still has the same workers {workers_before}: none was replaced")
        ref_bytes, out_bytes = open(reference, "rb").read(), open(output, "rb").read()
        if out_bytes != ref_bytes:
            failures.append(f"the output ({len(out_bytes)} bytes) differs from one notera convert run "
                            f"({len(ref_bytes)} bytes)")
        ref_report, out_report = open(reference_report, "rb").read(), open(report, "rb").read()
        if out_report != ref_report:
            failures.append("the merged report differs from the report of one notera convert run")
        games = ref_report.count(b'"game":')
        if summary["games"] != games or games == 0:
            failures.append(f"{summary['games']} games gathered, {games} in the single run")
        if summary["exit"] != single.returncode:
            failures.append(f"exit {summary['exit']}, single run {single.returncode}")

    for failure in failures:
        print("FAIL:", failure)
    if failures:
        return 1
    print(f"ok: {summary['games']} games in {summary['tasks']} tasks on 2 workers, one killed "
          f"(pid {killed_pid}) and one task retried; output and report identical to one run ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
