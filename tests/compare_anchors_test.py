#!/usr/bin/env python3
"""bench/compare-anchors end to end on the samples' games: the harness runs
pgn-extract, notera with one and two jobs, and two one-job runs at once
(the machine's ceiling for two jobs), prints its table and the targets, and
finds every notera output byte-identical; each round writes a new file
unless --replace-output says otherwise.

    compare_anchors_test.py NOTERA SOURCE_DIR

Exit 77 (skipped) without /usr/games/pgn-extract (make deps installs it).
"""

import os
import subprocess
import sys
import tempfile


def main():
    notera, source = sys.argv[1], sys.argv[2]
    if not os.access("/usr/games/pgn-extract", os.X_OK):
        print("pgn-extract is not installed: skipped")
        return 77
    samples = os.path.join(source, "samples")
    games = []
    for root, _, files in sorted(os.walk(samples)):
        for name in sorted(files):
            if name.endswith(".pgn"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    games.append(f.read().strip() + "\n\n")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write("".join(games) * 20)
        harness = os.path.join(source, "bench", "compare-anchors")
        for extra, says in (([], "a new file each round"), (["--replace-output"], "replacing the round before's")):
            argv = [sys.executable, harness, "--rounds", "2", "--no-anchor", "--jobs", "2", "--notera", notera,
                    path] + extra
            env = dict(os.environ, TMPDIR=tmp)
            done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600)
            out = done.stdout
            print(out)
            checks = [
                (done.returncode == 0, "exit 0 (stderr: %s)" % done.stderr.strip()[-500:]),
                (says in out, "says where the output goes: " + says),
                ("%d games" % (20 * len(games)) in out, "counts the games"),
                (any(line.startswith("pgn-extract ") for line in out.splitlines()), "a row for pgn-extract"),
                (any(line.startswith("notera -j1 ") for line in out.splitlines()), "a row for notera -j1"),
                (any(line.startswith("notera -j2 ") for line in out.splitlines()), "a row for notera -j2"),
                ("target: notera -j1 >= 12x pgn-extract" in out, "the targets"),
                (any(line.startswith("2 x notera -j1 ") for line in out.splitlines()),
                 "a row for two one-job runs at once"),
                ("2 x notera -j1 at once:" in out and "notera -j2 gets" in out, "the machine's ceiling for -j2"),
                ("output of notera -j1, notera -j2, 2 x notera -j1: byte-identical" in out, "outputs identical"),
            ]
            failed = [what for ok, what in checks if not ok]
            if failed:
                print("FAILED (%s): %s" % (" ".join(extra) or "default", "; ".join(failed)))
                return 1
            left = [n for n in os.listdir(tmp) if n.startswith("notera-bench-")]
            if left:
                print("FAILED: the harness left %s behind" % left)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
