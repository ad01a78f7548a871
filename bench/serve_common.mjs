// What the benchmarks of `notera serve` share: the server (the real binary,
// started on a free port with a workspace of its own), a keep-alive HTTP
// client, and scoresheets of 60 moves or more with 5 slips each, made as
// bench/reconstruct.cpp makes them: the first long games of
// ../shared/corpus/big.pgn.xz (seeded random games without the corpus),
// written in Norwegian letters, 5 boxes changed by a look-alike file or rank.

import {execSync, spawn} from "node:child_process";
import {existsSync, mkdtempSync, readFileSync, rmSync} from "node:fs";
import http from "node:http";
import {tmpdir} from "node:os";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
export const root = path.resolve(here, "..");

export function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

export const binary = option("--binary", path.join(root, "build/cli/notera"));

export async function startServer(args = []) {
  if (!existsSync(binary)) throw new Error(`no binary at ${binary} (build it, or give --binary)`);
  const workspace = mkdtempSync(path.join(tmpdir(), "notera-bench-"));
  const child = spawn(binary, ["serve", "--port", "0", "--workspace", workspace, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {...process.env, LANG: "C"},
  });
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const m = out.match(/http:\/\/(\S+?)\//);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error("notera serve exited " + code)));
  });
  const [host, port] = [url.slice(0, url.lastIndexOf(":")), Number(url.slice(url.lastIndexOf(":") + 1))];
  return {
    child,
    host,
    port,
    workspace,
    async stop() {
      const code = await new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once("exit", (c, s) => resolve(c ?? s));
        child.kill("SIGTERM");
      });
      rmSync(workspace, {recursive: true, force: true});
      return code;
    },
  };
}

// Resident memory of a process, in MiB (VmRSS now, VmHWM the peak).
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number((status.match(new RegExp(key + ":\\s+(\\d+)")) || [0, 0])[1]);
    return {rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024, threads: kb("Threads")};
  } catch {
    return {rss: NaN, peak: NaN, threads: NaN};
  }
}

// One client: one keep-alive connection, requests one after another.
export function client(server) {
  const agent = new http.Agent({keepAlive: true, maxSockets: 1});
  return function request(method, route, body) {
    return new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const started = process.hrtime.bigint();
      const req = http.request(
        {
          host: server.host,
          port: server.port,
          method,
          path: route,
          agent,
          headers: payload ? {"Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload)} : {},
        },
        (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode,
              body: Buffer.concat(chunks).toString("utf8"),
              ms: Number(process.hrtime.bigint() - started) / 1e6,
            }));
        },
      );
      req.on("error", (error) => resolve({status: 0, error: error.code || error.message, ms: Number(process.hrtime.bigint() - started) / 1e6}));
      if (payload) req.write(payload);
      req.end();
    });
  };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

export function summary(values) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return `mean ${mean.toFixed(2)} ms  p50 ${percentile(values, 50).toFixed(2)} ms  p99 ${percentile(values, 99).toFixed(2)} ms  max ${Math.max(...values).toFixed(2)} ms`;
}

// A seeded generator (mulberry32), so runs make the same sheets.
export function random(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Games of at least `plies` plies, as UCI moves: from the corpus when it is
// there, else random legal games (through the server's /api/position).
export async function longGames(request, count, plies = 120) {
  const corpus = path.resolve(root, "../shared/corpus/big.pgn.xz");
  const games = [];
  if (existsSync(corpus)) {
    const uci = execSync(`xz -dc '${corpus}' | head -n 40000 | '${binary}' convert -q --to uci`, {
      encoding: "utf8",
      maxBuffer: 1 << 28,
      stdio: ["ignore", "pipe", "ignore"],
    });
    for (const line of uci.split("\n")) {
      const moves = line.trim().split(/\s+/).filter(Boolean);
      if (moves.length >= plies) games.push(moves);
      if (games.length === count) break;
    }
  }
  const from = games.length ? "../shared/corpus/big.pgn.xz" : "random (no corpus)";
  const rng = random(2026);
  while (games.length < count) {
    let fen, moves = [];
    for (;;) {
      const position = JSON.parse((await request("POST", "/api/position", fen ? {fen} : {})).body);
      if (!position.moves.length) break;
      const m = position.moves[Math.floor(rng() * position.moves.length)];
      moves.push(m.uci);
      fen = m.fen_after;
      if (moves.length === plies) break;
    }
    if (moves.length === plies) games.push(moves);
  }
  return {games, from};
}

const filePairs = ["ce", "de", "bh", "ag", "fg"];
const rankPairs = ["35", "27", "18", "45", "67"];

// The game written in Norwegian letters with `slips` boxes changed (the
// destination's file or rank, by a look-alike), as a .sheet text.
export async function sheetWithSlips(request, moves, slips, rng) {
  const written = JSON.parse((await request("POST", "/api/line", {moves, lang: "nb"})).body).written;
  let made = 0;
  while (made < slips) {
    const k = Math.floor(rng() * written.length);
    const t = [...written[k]];
    const rank = rng() < 0.5;
    for (let i = t.length - 1; i >= 0; --i) {
      const pairs = rank ? rankPairs : filePairs;
      const pair = pairs.find((p) => p.includes(t[i]));
      if (pair) {
        t[i] = pair[0] === t[i] ? pair[1] : pair[0];
        written[k] = t.join("");
        ++made;
        break;
      }
      if ((rank && t[i] >= "1" && t[i] <= "8") || (!rank && t[i] >= "a" && t[i] <= "h")) break;
    }
  }
  let text = "Notasjon: nb\n\n";
  for (let k = 0; k < written.length; k += 2)
    text += `${k / 2 + 1} ${written[k]} ${written[k + 1] || ""}`.trimEnd() + "\n";
  return text;
}
