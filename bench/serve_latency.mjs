// How long the page waits for `notera serve`, one request at a time over a
// kept-alive connection (loopback, the client's own time included):
//   POST /api/move         a written move judged in its position (target 5 ms)
//   POST /api/position     the legal moves for the type-ahead and the board
//   POST /api/reconstruct  a 60-move sheet with 5 slips (target 100 ms)
//
//   node bench/serve_latency.mjs [--binary build/cli/notera] [--games 20] [--moves 2000]
//
// Prints the figures; asserts nothing (not a timed test).

import {client, longGames, option, random, sheetWithSlips, startServer, summary} from "./serve_common.mjs";

const gameCount = Number(option("--games", "20"));
const moveCount = Number(option("--moves", "2000"));

const server = await startServer();
const request = client(server);
const {games, from} = await longGames(request, gameCount);
console.log(`games: ${games.length} of 60 moves or more, ${from}`);

// POST /api/move: every position of the games, each box as written in
// Norwegian letters (what the page sends at every keystroke).
const boxes = [];
for (const moves of games) {
  const line = JSON.parse((await request("POST", "/api/line", {moves, lang: "nb"})).body);
  for (let k = 0; k < moves.length; ++k) boxes.push({fen: line.positions[k], text: line.written[k], lang: "nb"});
}
for (let i = 0; i < 200; ++i) await request("POST", "/api/move", boxes[i % boxes.length]);  // warm up
const move = [], position = [];
for (let i = 0; i < moveCount; ++i) {
  const r = await request("POST", "/api/move", boxes[i % boxes.length]);
  if (r.status !== 200) throw new Error("POST /api/move: " + r.status + " " + r.body);
  move.push(r.ms);
}
for (let i = 0; i < Math.min(moveCount, 1000); ++i) {
  const r = await request("POST", "/api/position", {fen: boxes[i % boxes.length].fen, lang: "nb"});
  if (r.status !== 200) throw new Error("POST /api/position: " + r.status);
  position.push(r.ms);
}
console.log(`POST /api/move        ${String(move.length).padStart(5)} requests  ${summary(move)}`);
console.log(`POST /api/position    ${String(position.length).padStart(5)} requests  ${summary(position)}`);

// POST /api/reconstruct: one sheet of each game with 5 slips, three rounds.
const rng = random(2026);
const sheets = [];
for (const moves of games) sheets.push({text: await sheetWithSlips(request, moves, 5, rng), moves});
await request("POST", "/api/reconstruct", {sheets: [sheets[0].text]});  // warm up
const reconstruct = [], inServer = [];
let exact = 0;
for (let round = 0; round < 3; ++round) {
  for (const sheet of sheets) {
    const r = await request("POST", "/api/reconstruct", {sheets: [sheet.text]});
    if (r.status !== 200) throw new Error("POST /api/reconstruct: " + r.status + " " + r.body);
    const report = JSON.parse(r.body);
    reconstruct.push(r.ms);
    inServer.push(report.stats.milliseconds);
    if (round === 0 && report.moves.map((m) => m.uci).join(" ") === sheet.moves.join(" ")) ++exact;
  }
}
console.log(`POST /api/reconstruct ${String(reconstruct.length).padStart(5)} requests  ${summary(reconstruct)}  (60+ moves, 5 slips; game exact ${exact}/${sheets.length})`);
console.log(`  of which the search ${summary(inServer)}`);
const code = await server.stop();
console.log(`server stopped: exit ${code}`);
