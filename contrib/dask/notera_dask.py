#!/usr/bin/python3
"""notera convert on a Dask cluster: each file cut into N shards
(`notera convert --shard K/N`), converted on the workers, gathered in order.

The output file is byte-identical to `notera convert FILE... -o OUT`, and the
merged report to its `--report` (the game numbers of a second file go on from
the first's, as in one run; files are named by their absolute paths, which
is how the workers are given them). Runs on a LocalCluster (`--local N`) or on a
running `dask-scheduler` (`--scheduler tcp://host:8786`).

The workers run the notera binary and read the input files themselves: both
must be at the same path on every worker machine (a shared file system, or
the same copy everywhere). Only results travel: a shard's output, report and
messages come back to this process, which writes them in order.

notera's messages (stderr) are passed on in order; their game numbers count
from 1 in each file (the report's go on over files, as in one run).

A task that fails (notera killed, a read error) is run again (`--retries`,
Dask's `retries=`); a task whose worker dies is given to another worker by
the scheduler itself (`distributed.scheduler.allowed-failures`, 3 by
default). Runs with Debian's python3-distributed: call /usr/bin/python3.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

# Exit codes of notera convert: 0 all games complete, 1 some incomplete or
# rejected (the output is still complete), 2 usage or input errors.
EXIT_PROBLEMS = 1


class ShardFailed(RuntimeError):
    """notera did not finish a shard (killed, or an error it cannot go past)."""


def convert_shard(notera, path, k, n, options):
    """Runs `notera convert --shard k/n` on `path` here (on a worker).

    Returns a dict: `output` (bytes), `report` (the report's text), `messages`
    (stderr) and `exit` (0 or 1). Raises ShardFailed otherwise, so that Dask
    runs the task again.
    """
    with tempfile.TemporaryDirectory(prefix="notera-shard-") as tmp:
        out = os.path.join(tmp, "out")
        report = os.path.join(tmp, "report.json")
        command = [notera, "convert", "--shard", f"{k}/{n}", "-q", "--no-progress",
                   "-o", out, "--report", report, *options, path]
        run = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True)
        messages = run.stderr.decode("utf-8", "replace")
        if run.returncode not in (0, EXIT_PROBLEMS):
            raise ShardFailed(f"{' '.join(command)}: exit {run.returncode}: {messages.strip()[-2000:]}")
        with open(out, "rb") as f:
            output = f.read()
        with open(report, "r", encoding="utf-8") as f:
            report_text = f.read()
        return {"output": output, "report": report_text, "messages": messages, "exit": run.returncode}


def report_entries(text):
    """The entries of a notera report: "[\\n", one object a line, "\\n]\\n"."""
    return json.loads(text)


def dump_report(entries, out):
    """Writes entries as notera writes its report (compact objects, one a line)."""
    out.write("[\n")
    out.write(",\n".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in entries))
    out.write("\n]\n")


def run(client, notera, files, shards, output, report=None, options=(), retries=2, task=convert_shard,
        messages=sys.stderr):
    """Converts `files`, each in `shards` shards, on `client`'s cluster.

    Writes the output to `output` and the merged report to `report` (when
    given). Returns a summary dict: games by status, tasks, exit code.
    `task` is the function run per shard (the tests wrap it to kill a
    worker).
    """
    notera = os.path.abspath(notera)
    files = [os.path.abspath(f) for f in files]
    # The workers need not have this file: the task goes to them by value.
    for name in {task.__module__, __name__} - {"__main__"}:
        import cloudpickle
        cloudpickle.register_pickle_by_value(sys.modules[name])
    futures = []
    for path in files:
        for k in range(1, shards + 1):
            futures.append(client.submit(task, notera, path, k, shards, list(options), retries=retries,
                                         pure=False, key=f"notera-{os.path.basename(path)}-{k}-of-{shards}-"
                                         f"{len(futures)}"))
    summary = {"games": 0, "complete": 0, "incomplete": 0, "rejected": 0, "skipped": 0, "tasks": len(futures),
               "exit": 0}
    entries = []
    games_before = 0  # games of the files before: report numbers go on over files, as in one run
    games_in_file = 0
    current_file = -1
    try:
        with open(output + ".part", "wb") as out:
            for i, future in enumerate(futures):
                if i // shards != current_file:
                    games_before += games_in_file
                    games_in_file = 0
                    current_file = i // shards
                result = future.result()  # in order: output written as shards come back
                future.release()
                out.write(result["output"])
                if result["messages"]:
                    messages.write(result["messages"])
                summary["exit"] = max(summary["exit"], result["exit"])
                for e in report_entries(result["report"]):
                    if "game" in e:
                        games_in_file += 1
                        e["game"] += games_before
                        summary["games"] += 1
                        summary[e["status"]] = summary.get(e["status"], 0) + 1
                    elif e.get("problems"):
                        summary["skipped"] += 1
                    entries.append(e)
    except BaseException:
        client.cancel(futures)
        if os.path.exists(output + ".part"):
            os.remove(output + ".part")
        raise
    os.replace(output + ".part", output)
    if report:
        with open(report + ".part", "w", encoding="utf-8") as f:
            dump_report(entries, f)
        os.replace(report + ".part", report)
    return summary


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="notera convert over a Dask cluster: files cut into shards, converted on the workers, "
        "gathered in order into one output and one report.",
        epilog="Options after -- go to notera convert (e.g. -- --to uci --lang nb).")
    parser.add_argument("files", nargs="+", help="input files (plain PGN, at the same path on every worker)")
    parser.add_argument("-o", "--output", required=True, help="the output file (written whole, then renamed)")
    parser.add_argument("--report", help="the merged JSON report (as notera convert --report)")
    parser.add_argument("-n", "--shards", type=int, default=8, help="shards per file (default 8)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="a running dask-scheduler (tcp://host:8786)")
    where.add_argument("--local", type=int, default=0, metavar="WORKERS",
                       help="start a LocalCluster of this many worker processes (default: the cores)")
    parser.add_argument("--notera", default="notera", help="the notera binary (same path on every worker)")
    parser.add_argument("--retries", type=int, default=2, help="runs again of a failed task (default 2)")
    argv = sys.argv[1:] if argv is None else argv
    options = []
    if "--" in argv:
        options = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    args = parser.parse_args(argv)
    if args.shards < 1:
        parser.error("--shards must be at least 1")
    notera = args.notera
    if os.sep not in notera:
        import shutil
        notera = shutil.which(notera) or notera

    from distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.local or os.cpu_count() or 1, threads_per_worker=1,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        summary = run(client, notera, args.files, args.shards, args.output, args.report, options, args.retries)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(f"notera-dask: {summary['games']} games read in {summary['tasks']} tasks, "
          f"{summary['complete']} complete, {summary['incomplete']} incomplete, {summary['rejected']} rejected, "
          f"{summary['skipped']} skipped segments", file=sys.stderr)
    return summary["exit"]


if __name__ == "__main__":
    sys.exit(main())
