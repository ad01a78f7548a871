"""What the Python benchmarks share (bench/compare-anchors,
bench/compressed-input): the corpus, its first games, and a child process
timed by wait4."""

import hashlib
import lzma
import os
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_corpus():
    for path in (os.environ.get("NOTERA_CORPUS", ""),
                 os.path.join(ROOT, "..", "shared", "corpus", "big.pgn.xz"),
                 "/work/shared/corpus/big.pgn.xz"):
        if path and os.path.exists(path):
            return os.path.abspath(path)
    return None


def first_games(source, games):
    """The first `games` games of an .xz (or plain) PGN file, cached in $TMPDIR."""
    st = os.stat(source)
    cache = os.path.join(tempfile.gettempdir(),
                         "notera-bench-%d-%d-%d.pgn" % (games, st.st_size, int(st.st_mtime)))
    if os.path.exists(cache):
        return cache
    opener = lzma.open if source.endswith(".xz") else open
    seen = 0
    partial = cache + ".part"
    with opener(source, "rb") as src, open(partial, "wb") as out:
        for line in src:
            if line.startswith(b"[Event "):
                seen += 1
                if seen > games:
                    break
            out.write(line)
    os.replace(partial, cache)
    return cache


def count_games(path):
    n = 0
    with open(path, "rb") as f:
        for line in f:
            if line.startswith(b"[Event "):
                n += 1
    return n


def run(argv, stdout=subprocess.DEVNULL):
    """Runs argv; returns (wall seconds, cpu seconds, peak RSS in KiB, exit code)."""
    return run_together([argv], stdout)


def run_together(argvs, stdout=subprocess.DEVNULL):
    """Runs every argv of argvs at once; returns (wall seconds until the last
    one ends, their cpu seconds added up, the largest peak RSS of one in KiB,
    the first nonzero exit code or 0)."""
    start = time.perf_counter()
    pids = []
    for argv in argvs:
        pid = os.fork()
        if pid == 0:  # the child: quiet, then exec
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 2)
                if stdout == subprocess.DEVNULL:
                    os.dup2(devnull, 1)
                os.execvp(argv[0], argv)
            finally:
                os._exit(127)
        pids.append(pid)
    cpu, rss, code = 0.0, 0, 0
    for pid in pids:
        _, status, usage = os.wait4(pid, 0)
        cpu += usage.ru_utime + usage.ru_stime
        rss = max(rss, usage.ru_maxrss)
        code = code or os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, cpu, rss, code


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
