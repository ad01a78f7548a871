// Load on one `notera serve`: 200 clients, each on its own connection,
// posting reconstructions (60-move sheets with 5 slips) one after another
// for 30 seconds, while one more client does what the page does at every
// keystroke (POST /api/move, ten a second) to see that it is not starved.
// Prints requests, errors (by status or network error), the server's
// memory (peak and at the end, sampled from /proc), latency percentiles,
// and whether the server is still up and stops cleanly.
//
//   node bench/serve_load.mjs [--binary build/cli/notera] [--clients 200] [--seconds 30]
//
// A benchmark, not a timed test: it asserts nothing.

import {client, longGames, memory, option, percentile, random, sheetWithSlips, startServer, summary} from "./serve_common.mjs";

const clients = Number(option("--clients", "200"));
const seconds = Number(option("--seconds", "30"));

const server = await startServer();
const setup = client(server);
const {games, from} = await longGames(setup, 20);
const rng = random(2026);
const sheets = [];
for (const moves of games) sheets.push(await sheetWithSlips(setup, moves, 5, rng));
console.log(`${clients} clients for ${seconds} s, posting reconstructions of ${sheets.length} sheets (60+ moves, 5 slips; ${from})`);
const before = memory(server.child.pid);

const deadline = Date.now() + seconds * 1000;
const latencies = [], errors = new Map();
let peak = before.rss, threads = before.threads;
const sampler = setInterval(() => {
  const m = memory(server.child.pid);
  peak = Math.max(peak, m.rss);
  threads = Math.max(threads, m.threads);
}, 250);

async function reconstructLoop(id) {
  const request = client(server);
  let k = id;
  while (Date.now() < deadline) {
    const r = await request("POST", "/api/reconstruct", {sheets: [sheets[k++ % sheets.length]]});
    if (r.status === 200) latencies.push(r.ms);
    else {
      const kind = r.status ? "HTTP " + r.status : r.error;
      errors.set(kind, (errors.get(kind) || 0) + 1);
    }
  }
}

const keystrokes = [];
async function pageLoop() {
  const request = client(server);
  const line = JSON.parse((await request("POST", "/api/line", {moves: games[0], lang: "nb"})).body);
  let k = 0;
  while (Date.now() < deadline) {
    const r = await request("POST", "/api/move", {fen: line.positions[k], text: line.written[k], lang: "nb"});
    if (r.status === 200) keystrokes.push(r.ms);
    else errors.set("page: " + (r.status || r.error), (errors.get("page: " + (r.status || r.error)) || 0) + 1);
    k = (k + 1) % games[0].length;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const started = Date.now();
await Promise.all([...Array.from({length: clients}, (_, i) => reconstructLoop(i)), pageLoop()]);
const elapsed = (Date.now() - started) / 1000;
clearInterval(sampler);
const after = memory(server.child.pid);
const alive = (await client(server)("GET", "/api/version")).status === 200;

console.log(`reconstructions: ${latencies.length} answered in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(1)}/s)`);
console.log(`errors: ${errors.size ? [...errors].map(([k, n]) => `${k} x${n}`).join(", ") : "none"}`);
console.log(`latency of a reconstruction under load: p50 ${percentile(latencies, 50).toFixed(0)} ms  p90 ${percentile(latencies, 90).toFixed(0)} ms  p99 ${percentile(latencies, 99).toFixed(0)} ms  max ${Math.max(...latencies).toFixed(0)} ms`);
console.log(`POST /api/move beside them (the page): ${keystrokes.length} requests  ${summary(keystrokes)}`);
console.log(`server memory: ${before.rss.toFixed(1)} MiB before, peak ${Math.max(peak, after.peak).toFixed(1)} MiB (VmHWM), ${after.rss.toFixed(1)} MiB after; ${threads} threads at most`);
console.log(`server after the load: ${alive ? "answering" : "NOT ANSWERING"}`);
const code = await server.stop();
console.log(`server stopped: exit ${code}${code === 0 ? "" : " (a crash or an unclean stop)"}`);
