// The JSON API of `notera serve` against the real binary: every endpoint,
// every error code, the same objects as the command line (`notera move
// --json`, `notera reconstruct --json`), atomic saves, the safety checks
// (Host, Origin, token), and that bad requests never crash or hang it.
//
//   node tests/web/api.test.mjs build/cli/notera      (ctest: "serve: API")

import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {readdirSync, readFileSync, writeFileSync} from "node:fs";
import path from "node:path";
import {after, before, describe, test} from "node:test";

import {
  binary,
  englishMove,
  rawRequest,
  removeWorkspace,
  samples,
  startServer,
  stopServer,
  tempWorkspace,
  unquoted,
} from "./harness.mjs";

const solberg = readFileSync(path.join(samples, "nb/solberg-haugen.sheet"), "utf8");
const lieWhite = readFileSync(path.join(samples, "nb/lie-bakke-white.sheet"), "utf8");
const lieBlack = readFileSync(path.join(samples, "nb/lie-bakke-black.sheet"), "utf8");
const holmKjaer = readFileSync(path.join(samples, "da/holm-kjaer.sheet"), "utf8");

let server, workspace, base;

async function call(method, route, {json, text, headers = {}} = {}) {
  const init = {method, headers: {...headers}};
  if (json !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = typeof json === "string" ? json : JSON.stringify(json);
  } else if (text !== undefined) {
    init.headers["Content-Type"] = "text/plain; charset=utf-8";
    init.body = text;
  }
  const response = await fetch(base + route, init);
  const body = await response.text();
  let parsed = null;
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON (a sheet, a PGN)
  }
  return {status: response.status, headers: response.headers, body, json: parsed};
}

function cli(args) {
  try {
    return execFileSync(binary, args, {encoding: "utf8", env: {...process.env, LANG: "C"}});
  } catch (e) {
    return e.stdout;  // exit 1: the input had problems, the output is still the answer
  }
}

function assertError(answer, status) {
  assert.equal(answer.status, status, answer.body);
  assert.equal(typeof answer.json?.error, "string", answer.body);
  assert.ok(answer.json.error.length > 0);
}

before(async () => {
  workspace = tempWorkspace();
  server = await startServer({workspace});
  base = server.base;
});

after(async () => {
  const code = await stopServer(server);
  assert.equal(code, 0, "notera serve exits 0 on SIGTERM");
  removeWorkspace(workspace);
});

describe("GET /api/version, /api/messages, /api/languages", () => {
  test("version", async () => {
    const r = await call("GET", "/api/version");
    assert.equal(r.status, 200);
    assert.equal(r.json.name, "notera");
    assert.match(r.json.version, /^\d+\.\d+\.\d+$/);
    assert.equal(r.json.api, 1);
  });

  test("the page's texts come from the bundles, in every language of the page", async () => {
    const english = (await call("GET", "/api/messages?lang=en")).json;
    assert.equal(english.language, "en");
    const keys = Object.keys(english.messages).sort();
    assert.ok(keys.length > 50, "web.* texts");
    const names = (s) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join(",");
    for (const code of ["nb", "nn", "sv", "da", "de"]) {
      const answer = (await call("GET", "/api/messages?lang=" + code)).json;
      assert.equal(answer.language, code);
      assert.deepEqual(Object.keys(answer.messages).sort(), keys, code + " has every text");
      let translated = 0;
      for (const key of keys) {
        assert.equal(names(answer.messages[key]), names(english.messages[key]), `${code} ${key}: the same arguments`);
        if (answer.messages[key] !== english.messages[key]) ++translated;
      }
      assert.ok(translated > 0.9 * keys.length, `${code}: ${translated} of ${keys.length} texts translated`);
    }
    // A language without the page's texts falls back to English key by key.
    const french = (await call("GET", "/api/messages?lang=fr")).json;
    assert.equal(french.messages["web.new_game"], english.messages["web.new_game"]);
    // Without ?lang, the browser's language.
    const german = await call("GET", "/api/messages", {headers: {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}});
    assert.equal(german.json.language, "de");
  });

  test("languages: letters and sheet words", async () => {
    const {languages} = (await call("GET", "/api/languages")).json;
    const nb = languages.find((l) => l.code === "nb");
    assert.equal(nb.pieces.knight, "S");
    assert.equal(nb.header.event, "Turnering");
    assert.equal(nb.copy.white, "hvit");
    assert.equal(languages.find((l) => l.code === "en").header.white, "White");
  });
});

describe("POST /api/move", () => {
  const cases = [
    {fen: "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30", text: "Sf3", lang: "nb"},
    {fen: "4k3/pp3ppp/8/8/8/8/PP3PPP/1K2N1N1 w - - 0 30", text: "Sgf3", lang: "nb"},
    {fen: "3r2k1/pp3pp1/8/7p/3N4/8/PP3P1N/3K4 w - - 0 30", text: "Se6", lang: "nb"},
    {text: "e2–e4"},
    {text: "Zz9"},
    {text: "Nf3+", lang: "en"},
  ];
  for (const c of cases) {
    test(`the object of notera move --json: ${c.text}`, async () => {
      const r = await call("POST", "/api/move", {json: c});
      assert.equal(r.status, 200, r.body);
      const args = ["move", "--json"];
      if (c.fen) args.push("--fen", c.fen);
      if (c.lang) args.push("--lang", c.lang);
      args.push(c.text);
      assert.deepEqual(r.json, JSON.parse(cli(args)));
    });
  }

  test("messages in the language asked for", async () => {
    const r = await call("POST", "/api/move",
                         {json: {fen: cases[2].fen, text: "Se6", lang: "nb", messages: "nb"}});
    assert.match(r.json.message, /ulovlig/);
    // A legal move is named in the letters it was read in; `san` stays SAN.
    const legal = await call("POST", "/api/move", {json: {fen: cases[0].fen, text: "Sgf3", lang: "nb", messages: "nb"}});
    assert.equal(legal.json.message, "Sgf3: lovlig, Sgf3 (g1f3)");
    assert.equal(legal.json.san, "Ngf3");
    assert.deepEqual(r.json, JSON.parse(cli(["move", "--json", "--messages", "nb", "--fen", cases[2].fen, "--lang", "nb", "Se6"])));
  });

  test("400: missing field, wrong type, bad FEN, unknown language, text too long", async () => {
    assertError(await call("POST", "/api/move", {json: {}}), 400);
    assertError(await call("POST", "/api/move", {json: {text: 5}}), 400);
    assertError(await call("POST", "/api/move", {json: {text: "e4", fen: "not a fen"}}), 400);
    assertError(await call("POST", "/api/move", {json: {text: "e4", lang: "xx"}}), 400);
    assertError(await call("POST", "/api/move", {json: {text: "e4", laws: "1850"}}), 400);
    assertError(await call("POST", "/api/move", {json: {text: "e".repeat(2000)}}), 400);
  });

  test("400: not JSON, not an object, nested too deep", async () => {
    assertError(await call("POST", "/api/move", {json: "{"}), 400);
    assertError(await call("POST", "/api/move", {json: "[1, 2]"}), 400);
    assertError(await call("POST", "/api/move", {json: ""}), 400);
    assertError(await call("POST", "/api/move", {json: "[".repeat(100000)}), 400);
    // NUL characters and bytes that are not UTF-8 are text like any other: no verdict, no crash.
    const nul = await call("POST", "/api/move", {json: '{"text": "' + "\\u0000".repeat(10) + '"}'});
    assert.equal(nul.status, 200);
    assert.equal(nul.json.verdict, "unclear");
    const latin1 = await fetch(base + "/api/move", {method: "POST", body: Buffer.from('{"text": "S\xe6f3"}', "latin1")});
    assert.ok([200, 400].includes(latin1.status));
  });
});

describe("POST /api/position and /api/line", () => {
  test("the legal moves, in the sheet's letters", async () => {
    const r = await call("POST", "/api/position", {json: {lang: "nb"}});
    assert.equal(r.status, 200);
    assert.equal(r.json.moves.length, 20);
    assert.equal(r.json.turn, "white");
    const knight = r.json.moves.find((m) => m.uci === "g1f3");
    assert.equal(knight.written, "Sf3");
    assert.equal(knight.san, "Nf3");
    assert.match(knight.fen_after, /^rnbqkbnr\/pppppppp\/8\/8\/8\/5N2\/PPPPPPPP\/RNBQKB1R b KQkq - 1 1$/);
  });

  test("a line of moves: the positions and the moves as written", async () => {
    const r = await call("POST", "/api/line", {json: {moves: ["e2e4", "e7e5", "g1f3"], lang: "de"}});
    assert.equal(r.status, 200);
    assert.equal(r.json.positions.length, 4);
    assert.deepEqual(r.json.written, ["e4", "e5", "Sf3"]);
    assertError(await call("POST", "/api/line", {json: {moves: ["e2e5"]}}), 400);
    assertError(await call("POST", "/api/line", {json: {}}), 400);
    assertError(await call("POST", "/api/line", {json: {moves: "e2e4"}}), 400);
  });
});

describe("POST /api/read", () => {
  test("a sheet as the library reads it: headers, the date, boxes, clocks", async () => {
    const r = await call("POST", "/api/read", {json: {text: solberg}});
    assert.equal(r.status, 200);
    assert.equal(r.json.tags.Date, "2026.11.21");
    assert.equal(r.json.language, "nb");
    assert.equal(r.json.copy, "white");
    assert.equal(r.json.cells.length, 83);
    assert.equal(r.json.rows[9].white_clock, "0:21");
    assert.equal(r.json.cells[16].text, "Tc1");
    assert.equal(r.json.cells[16].line, 20);
  });
});

describe("POST /api/reconstruct", () => {
  const same = (a, b) => {
    // Everything but the search's own figures: how long it took, and so how
    // many wider searches it had time for, depend on the machine's load.
    assert.deepEqual(Object.keys(a.stats).sort(), Object.keys(b.stats).sort());
    delete a.stats;
    delete b.stats;
    assert.deepEqual(a, b);
  };

  test("one sheet: the object of notera reconstruct --json", async () => {
    const r = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb"}});
    assert.equal(r.status, 200, r.body);
    const file = path.join(samples, "nb/solberg-haugen.sheet");
    same(r.json, JSON.parse(cli(["reconstruct", "--json", "--messages", "nb", file])));
    assert.equal(r.json.pgn, readFileSync(path.join(samples, "nb/solberg-haugen.pgn"), "utf8"));
  });

  test("both copies: one game, as notera reconstruct gives it", async () => {
    const r = await call("POST", "/api/reconstruct", {json: {sheets: [lieWhite, lieBlack], messages: "nb"}});
    assert.equal(r.status, 200, r.body);
    const files = ["white", "black"].map((c) => path.join(samples, `nb/lie-bakke-${c}.sheet`));
    same(r.json, JSON.parse(cli(["reconstruct", "--json", "--messages", "nb", ...files])));
    assert.equal(r.json.pgn, readFileSync(path.join(samples, "nb/lie-bakke.pgn"), "utf8"));
  });

  test("quick: the first answer, flagged where a wider search would run, as notera reconstruct --quick", async () => {
    // holm-kjaer's first search is short of room near the best: the whole
    // search widens it; the first answer does not, and says so.
    const quick = await call("POST", "/api/reconstruct", {json: {sheets: [holmKjaer], quick: true}});
    assert.equal(quick.status, 200, quick.body);
    assert.equal(quick.json.stats.wider_skipped, true);
    assert.equal(quick.json.complete, true);
    assert.ok(quick.json.notes.some((n) => n.startsWith("a first answer")), quick.json.notes.join("\n"));
    const file = path.join(samples, "da/holm-kjaer.sheet");
    same({...quick.json}, JSON.parse(cli(["reconstruct", "--json", "--quick", file])));
    const whole = await call("POST", "/api/reconstruct", {json: {sheets: [holmKjaer], quick: false}});
    assert.equal(whole.status, 200, whole.body);
    assert.equal(whole.json.stats.wider_skipped, false);
    assert.ok(quick.json.stats.work < whole.json.stats.work);
    // A sheet that needs no wider search: the first answer is the whole one.
    const lindEk = readFileSync(path.join(samples, "sv/lind-ek.sheet"), "utf8");
    const plain = await call("POST", "/api/reconstruct", {json: {sheets: [lindEk], messages: "sv", quick: true}});
    assert.equal(plain.json.stats.wider_skipped, false);
    assert.equal(plain.json.pgn, readFileSync(path.join(samples, "sv/lind-ek.pgn"), "utf8"));
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: [solberg], quick: "yes"}}), 400);
  });

  test("to: every move its sentences, alternatives and questions name in the sheet's letters, as notera reconstruct --to", async () => {
    const file = path.join(samples, "nb/solberg-haugen.sheet");
    const r = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb", to: "sheet"}});
    assert.equal(r.status, 200, r.body);
    same(r.json, JSON.parse(cli(["reconstruct", "--json", "--to", "nb", "--messages", "nb", file])));
    assert.equal(r.json.pgn, cli(["reconstruct", "--to", "nb", "--messages", "nb", file]));
    // The move is Re1 in PGN SAN, Te1 in the sheet's letters, and its
    // explanation says Te1.
    const rook = r.json.moves[16];
    assert.deepEqual([rook.san, rook.spelt], ["Re1", "Te1"]);
    assert.equal(rook.explanation[0], "linje 20, kolonne 4 (trekk 9): «Tc1» er Te1: linjen e skrevet som c");
    for (const m of r.json.moves) {
      assert.equal(typeof m.spelt, "string");
      for (const e of m.explanation) assert.doesNotMatch(unquoted(e), englishMove, e);
      for (const a of m.alternatives) assert.doesNotMatch(a.spelt, englishMove);
    }
    assert.ok(r.json.ask.length > 0);
    for (const q of r.json.ask)
      for (const c of q.candidates) if (!c.ends) assert.doesNotMatch(c.spelt, englishMove, c.san);
    assert.ok(r.json.ask.some((q) => q.candidates.some((c) => c.san === "Qa3" && c.spelt === "Da3")));
    // A language code spells the same; SAN (the default) has no `spelt`.
    same({...(await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb", to: "nb"}})).json},
         JSON.parse(r.body));
    const plain = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb"}});
    assert.equal(plain.json.moves[16].spelt, undefined);
    assert.equal(plain.json.moves[16].explanation[0], "linje 20, kolonne 4 (trekk 9): «Tc1» er Re1: linjen e skrevet som c");
  });

  test("to: sheet in Swedish, and English sheets keep English SAN", async () => {
    const lindEk = readFileSync(path.join(samples, "sv/lind-ek.sheet"), "utf8");
    const sv = (await call("POST", "/api/reconstruct", {json: {sheets: [lindEk], messages: "sv", to: "sheet"}})).json;
    assert.equal(sv.moves[12].explanation[0], "rad 11, kolumn 66 (drag 7): ”Lb5” är Lb3: raden 3 skriven som 5");
    for (const m of sv.moves) for (const e of m.explanation) assert.doesNotMatch(unquoted(e), englishMove, e);
    assert.match(sv.pgn, /är\s+”Te1”\s+Te1\s+eller\s+ett\s+av\s+Tc1,\s+Td1,\s+Tf1\?/);
    const white = readFileSync(path.join(samples, "en/adams-dickenson-white.sheet"), "utf8");
    const black = readFileSync(path.join(samples, "en/adams-dickenson-black.sheet"), "utf8");
    const en = (await call("POST", "/api/reconstruct", {json: {sheets: [white, black], messages: "en", to: "sheet"}})).json;
    for (const m of en.moves) assert.equal(m.spelt, m.san);
    assert.ok(en.moves.some((m) => m.explanation.includes("sheet 1, line 28, column 4 (move 17): 'Kfe1' is Rfe1: the piece letter R written as K")));
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: [solberg], to: "uci"}}), 400);
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: [solberg], to: 5}}), 400);
  });

  test("places: boxes names each box by its move, as the page shows it; the rest is as notera reconstruct gives it", async () => {
    const file = path.join(samples, "nb/solberg-haugen.sheet");
    const r = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb", places: "boxes"}});
    assert.equal(r.status, 200, r.body);
    assert.equal(r.json.moves[16].explanation[0], "trekk 9: «Tc1» er Re1: linjen e skrevet som c");
    const said = (x) => [...x.moves.flatMap((m) => m.explanation), ...x.problems.map((p) => p.message), x.pgn];
    for (const e of said(r.json)) assert.doesNotMatch(e, /linje\s+\d+,\s+kolonne/, e);
    assert.match(r.json.pgn, /\{sjekk\s+trekk\s+14\s+mot\s+papiret:\s+er\s+«Lg3»\s+Bg5\s+eller\s+Be3\?\}/);
    // Only the sentences' places differ; every figure is the CLI's.
    const lines = JSON.parse(cli(["reconstruct", "--json", "--messages", "nb", file]));
    const unplaced = (w) => ({...w, where: "", message: w.message === undefined ? undefined : ""});
    const strip = (x) => ({...x, pgn: "", moves: x.moves.map((m) => ({...m, explanation: m.explanation.length,
                                                                     written: m.written.map(unplaced)})),
                           dropped: x.dropped.map(unplaced), problems: x.problems.map((p) => ({...p, message: ""}))});
    same(strip(r.json), strip(lines));
    // Two copies name the copy too; "lines" is the default, said as it is.
    const both = await call("POST", "/api/reconstruct", {json: {sheets: [lieWhite, lieBlack], messages: "nb", places: "boxes"}});
    assert.ok(both.json.moves.some((m) => m.explanation.some((e) => /^skjema 2, trekk 38: ikke notert/.test(e))),
              said(both.json).join("\n"));
    const byLine = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb", places: "lines"}});
    assert.equal(byLine.json.moves[16].explanation[0], "linje 20, kolonne 4 (trekk 9): «Tc1» er Re1: linjen e skrevet som c");
    // Each box says its place as its sentences start with it.
    assert.equal(r.json.moves[16].written[0].where, "trekk 9");
    assert.equal(byLine.json.moves[16].written[0].where, "linje 20, kolonne 4 (trekk 9)");
    for (const x of [r.json, byLine.json, both.json]) {
      for (const m of x.moves) {
        const unexact = m.written.filter((w) => w.status !== "exact");
        for (const w of unexact) assert.ok(m.explanation.some((e) => e.startsWith(w.where + ": ")), w.where);
      }
      for (const d of x.dropped) assert.ok(d.message.startsWith(d.where), d.message);
    }
    const bad = await call("POST", "/api/reconstruct", {json: {sheets: [solberg], messages: "nb", places: "cells"}});
    assertError(bad, 400);
    assert.match(bad.json.error, /«places» må være en av "lines", "boxes"/);
  });

  test("400: no sheets, three sheets, not texts", async () => {
    assertError(await call("POST", "/api/reconstruct", {json: {}}), 400);
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: []}}), 400);
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: [solberg, solberg, solberg]}}), 400);
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: [1]}}), 400);
    assertError(await call("POST", "/api/reconstruct", {json: {sheets: "1. e4"}}), 400);
  });
});

describe("the sheets of the workspace", () => {
  test("PUT creates (201) and replaces (200), GET gives the bytes back, DELETE removes", async () => {
    let r = await call("PUT", "/api/sheets/solberg-haugen.sheet", {text: solberg});
    assert.equal(r.status, 201, r.body);
    r = await call("PUT", "/api/sheets/solberg-haugen.sheet", {text: solberg});
    assert.equal(r.status, 200);
    r = await call("GET", "/api/sheets/solberg-haugen.sheet");
    assert.equal(r.status, 200);
    assert.equal(r.body, solberg);
    assert.equal(readFileSync(path.join(workspace, "solberg-haugen.sheet"), "utf8"), solberg);
    await call("PUT", "/api/sheets/gone.sheet", {text: "1 e4 e5\n"});
    assert.equal((await call("DELETE", "/api/sheets/gone.sheet")).status, 200);
    assertError(await call("GET", "/api/sheets/gone.sheet"), 404);
    assertError(await call("DELETE", "/api/sheets/gone.sheet"), 404);
  });

  test("a Latin-1 sheet is served as UTF-8 text, its letters intact", async () => {
    const text = "Turnering: Ærø Open\nHvit: Grøndahl, Åse\nSvart: Groß, Jürgen\nNotasjon: nb\n\n1 e4 e5\n";
    writeFileSync(path.join(workspace, "latin1.sheet"), Buffer.from(text, "latin1"));
    const r = await call("GET", "/api/sheets/latin1.sheet");
    assert.equal(r.status, 200);
    assert.match(r.headers.get("Content-Type"), /charset=utf-8/);
    assert.equal(r.body, text);
    assert.equal(r.headers.get("X-Notera-Encoding"), "windows-1252");
    // A UTF-8 sheet says nothing of its encoding.
    await call("PUT", "/api/sheets/latin1.sheet", {text});
    const again = await call("GET", "/api/sheets/latin1.sheet");
    assert.equal(again.body, text);
    assert.equal(again.headers.get("X-Notera-Encoding"), null);
    assert.equal(readFileSync(path.join(workspace, "latin1.sheet"), "utf8"), text);
    await call("DELETE", "/api/sheets/latin1.sheet");
  });

  test("the list groups the two copies of a game", async () => {
    await call("PUT", "/api/sheets/lie-bakke-white.sheet", {text: lieWhite});
    await call("PUT", "/api/sheets/lie-bakke-black.sheet", {text: lieBlack});
    const r = await call("GET", "/api/sheets");
    assert.equal(r.status, 200);
    const game = r.json.games.find((g) => g.name === "lie-bakke");
    assert.deepEqual(game.sheets, ["lie-bakke-white.sheet", "lie-bakke-black.sheet"]);
    assert.equal(game.tags.White, "Lie, Ingrid");
    assert.ok(r.json.sheets.some((s) => s.name === "solberg-haugen.sheet" && s.copy === "white"));
  });

  test("If-None-Match: * writes only a new sheet: 412 over one that is there, which stays as it was", async () => {
    const create = {"If-None-Match": "*"};
    await call("PUT", "/api/sheets/taken.sheet", {text: lieWhite});
    const r = await call("PUT", "/api/sheets/taken.sheet", {text: "1 d4\n", headers: create});
    assertError(r, 412);
    assert.match(r.json.error, /taken\.sheet/);
    assert.equal(readFileSync(path.join(workspace, "taken.sheet"), "utf8"), lieWhite);
    // Ten clients creating one name at once: one of them makes it.
    const versions = Array.from({length: 10}, (_, i) => `1 e4 e5\n2 Sf3 ${i}\n`);
    const answers = await Promise.all(versions.map((v) => call("PUT", "/api/sheets/fresh.sheet", {text: v, headers: create})));
    assert.deepEqual(answers.map((a) => a.status).sort(), [201, ...Array(9).fill(412)]);
    const made = versions[answers.findIndex((a) => a.status === 201)];
    assert.equal((await call("GET", "/api/sheets/fresh.sheet")).body, made);
    assert.deepEqual(readdirSync(workspace).filter((f) => !f.endsWith(".sheet")), [], "no temporary files left");
    for (const name of ["taken.sheet", "fresh.sheet"]) await call("DELETE", "/api/sheets/" + name);
  });

  test("If-Match: a save from a stale copy is refused (412), the newer sheet stays", async () => {
    await call("PUT", "/api/sheets/tabs.sheet", {text: "1 e4 e5\n"});
    const read = await call("GET", "/api/sheets/tabs.sheet");
    const etag = read.headers.get("ETag");
    assert.match(etag, /^"[0-9a-f]{16}"$/);
    // One tab saves on the version it read, and gets the new version's tag.
    const first = await call("PUT", "/api/sheets/tabs.sheet", {text: "1 e4 e5\n2 Sf3\n", headers: {"If-Match": etag}});
    assert.equal(first.status, 200, first.body);
    assert.notEqual(first.headers.get("ETag"), etag);
    assert.equal(first.headers.get("ETag"), (await call("GET", "/api/sheets/tabs.sheet")).headers.get("ETag"));
    // The other tab still has the old version: refused.
    const second = await call("PUT", "/api/sheets/tabs.sheet", {text: "1 e4 c5\n", headers: {"If-Match": etag}});
    assertError(second, 412);
    assert.match(second.json.error, /tabs\.sheet/);
    assert.equal((await call("GET", "/api/sheets/tabs.sheet")).body, "1 e4 e5\n2 Sf3\n");
    assertError(await call("PUT", "/api/sheets/nothing.sheet", {text: "1 d4\n", headers: {"If-Match": etag}}), 412);
    await call("DELETE", "/api/sheets/tabs.sheet");
  });

  test("If-Match: of saves over one version at the same moment, one is written and the others get 412", async () => {
    // The version is compared and the sheet renamed in one step: two tabs
    // that read the same version cannot both pass the check.
    for (let round = 0; round < 5; ++round) {
      await call("PUT", "/api/sheets/same-moment.sheet", {text: "1 e4 e5\n"});
      const etag = (await call("GET", "/api/sheets/same-moment.sheet")).headers.get("ETag");
      const versions = Array.from({length: 16}, (_, i) => solberg.replace("Runde: 4", `Runde: ${round}.${i}`));
      const answers = await Promise.all(versions.map((v) =>
        call("PUT", "/api/sheets/same-moment.sheet", {text: v, headers: {"If-Match": etag}})));
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, ...Array(15).fill(412)], `round ${round}`);
      const won = answers.findIndex((a) => a.status === 200);
      const now = await call("GET", "/api/sheets/same-moment.sheet");
      assert.equal(now.body, versions[won]);
      assert.equal(answers[won].headers.get("ETag"), now.headers.get("ETag"));
      for (const a of answers) if (a.status === 412) assert.match(a.json.error, /same-moment\.sheet/);
    }
    assert.deepEqual(readdirSync(workspace).filter((f) => !f.endsWith(".sheet")), [], "no temporary files left");
    await call("DELETE", "/api/sheets/same-moment.sheet");
  });

  test("writes are atomic: concurrent saves leave one whole sheet and no temporary files", async () => {
    const versions = Array.from({length: 20}, (_, i) => solberg.replace("Runde: 4", "Runde: " + i).repeat(1 + (i % 5)));
    await Promise.all(versions.map((v) => call("PUT", "/api/sheets/race.sheet", {text: v})));
    const final = (await call("GET", "/api/sheets/race.sheet")).body;
    assert.ok(versions.includes(final), "one of the versions, whole");
    assert.deepEqual(readdirSync(workspace).filter((f) => !f.endsWith(".sheet")), []);
    await call("DELETE", "/api/sheets/race.sheet");
  });

  test("400: names that could leave the workspace or hide in it", async () => {
    for (const name of ["..%2Fescape.sheet", "%2Fetc%2Fpasswd", "a%2Fb.sheet", "a%5Cb.sheet", "a%00b.sheet",
                        ".hidden.sheet", "..sheet", "notes.txt", "x".repeat(200) + ".sheet", "bad%0Aname.sheet",
                        "%FF%FE.sheet"]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const r = await call(method, "/api/sheets/" + name, method === "PUT" ? {text: "1 e4\n"} : {});
        assertError(r, 400);
      }
    }
    assert.deepEqual(readdirSync(path.dirname(workspace)).filter((f) => f === "escape.sheet"), []);
  });
});

describe("POST /api/export", () => {
  test("one game: the PGN of notera reconstruct", async () => {
    const r = await call("POST", "/api/export", {json: {names: ["solberg-haugen.sheet"], messages: "nb"}});
    assert.equal(r.status, 200, r.body);
    assert.match(r.headers.get("content-type"), /application\/x-chess-pgn/);
    assert.match(r.headers.get("content-disposition"), /filename="solberg-haugen.pgn"/);
    assert.equal(r.body, readFileSync(path.join(samples, "nb/solberg-haugen.pgn"), "utf8"));
  });

  test("a name with letters beyond ASCII: an ASCII filename= and the name itself in filename*=", async () => {
    const name = "Ærø-Groß «1»";
    await call("PUT", "/api/sheets/" + encodeURIComponent(name + ".sheet"), {text: "1 e4 e5\n"});
    const r = await call("POST", "/api/export", {json: {names: [name + ".sheet"]}});
    assert.equal(r.status, 200, r.body);
    const disposition = r.headers.get("content-disposition");
    assert.match(disposition, /^attachment; filename="_r_-Gro_ _1_\.pgn"; filename\*=UTF-8''[^\s;"]+$/);
    assert.equal(decodeURIComponent(disposition.split("UTF-8''")[1]), name + ".pgn");
    await call("DELETE", "/api/sheets/" + encodeURIComponent(name + ".sheet"));
  });

  test("the round: several games, two copies as one", async () => {
    const r = await call("POST", "/api/export",
                         {json: {names: ["solberg-haugen.sheet", ["lie-bakke-white.sheet", "lie-bakke-black.sheet"]], messages: "nb"}});
    assert.equal(r.status, 200, r.body);
    assert.equal(r.headers.get("x-notera-games"), "2");
    assert.equal(r.body, readFileSync(path.join(samples, "nb/solberg-haugen.pgn"), "utf8") + "\n" +
                         readFileSync(path.join(samples, "nb/lie-bakke.pgn"), "utf8"));
  });

  test("400 and 404", async () => {
    assertError(await call("POST", "/api/export", {json: {}}), 400);
    assertError(await call("POST", "/api/export", {json: {names: []}}), 400);
    assertError(await call("POST", "/api/export", {json: {names: [["a.sheet", "b.sheet", "c.sheet"]]}}), 400);
    assertError(await call("POST", "/api/export", {json: {names: ["../x.sheet"]}}), 400);
    assertError(await call("POST", "/api/export", {json: {names: ["nobody.sheet"]}}), 404);
  });
});

describe("HTTP errors", () => {
  test("404: no such path", async () => {
    assertError(await call("GET", "/api/nothing"), 404);
    assertError(await call("GET", "/nothing.html"), 404);
    assertError(await call("GET", "/js/../../etc/passwd"), 404);
  });

  test("405: a method the path does not allow, with Allow", async () => {
    for (const [method, route, allowed] of [["DELETE", "/api/version", "GET"], ["GET", "/api/move", "POST"],
                                            ["PUT", "/api/reconstruct", "POST"], ["POST", "/api/sheets", "GET"],
                                            ["PATCH", "/api/sheets/x.sheet", "GET, PUT, DELETE"], ["POST", "/", "GET"]]) {
      const r = await call(method, route, method === "GET" ? {} : {json: {}});
      assertError(r, 405);
      assert.equal(r.headers.get("allow"), allowed);
    }
  });

  test("413: a body over 1 MiB", async () => {
    const big = JSON.stringify({text: "x".repeat(1100000)});
    assertError(await call("POST", "/api/move", {json: big}), 413);
    assertError(await call("PUT", "/api/sheets/big.sheet", {text: "x".repeat(1100000)}), 413);
    assertError(await call("GET", "/api/sheets/big.sheet"), 404);
  });

  test("the page's own files", async () => {
    const r = await fetch(base + "/");
    assert.equal(r.status, 200);
    assert.match(r.headers.get("content-type"), /text\/html/);
    assert.match(r.headers.get("content-security-policy"), /default-src 'self'/);
    assert.match(await r.text(), /js\/app\.js/);
    assert.equal((await fetch(base + "/js/app.js")).status, 200);
  });
});

describe("safety", () => {
  const port = () => new URL(base).port;

  test("403: a Host that is not the server's own (DNS rebinding)", async () => {
    const refused = await rawRequest(base, `GET /api/version HTTP/1.1\r\nHost: evil.example:${port()}\r\nConnection: close\r\n\r\n`);
    assert.match(refused, /^HTTP\/1\.1 403/);
    assert.match(refused, /"error"/);
    const missing = await rawRequest(base, "GET /api/version HTTP/1.0\r\n\r\n");
    assert.match(missing, /^HTTP\/1\.[01] 403/);
    const local = await rawRequest(base, `GET /api/version HTTP/1.1\r\nHost: localhost:${port()}\r\nConnection: close\r\n\r\n`);
    assert.match(local, /^HTTP\/1\.1 200/);
  });

  test("403: another site's page (Origin, Sec-Fetch-Site)", async () => {
    assertError(await call("POST", "/api/move", {json: {text: "e4"}, headers: {Origin: "http://evil.example"}}), 403);
    assertError(await call("PUT", "/api/sheets/x.sheet", {text: "1 e4\n", headers: {Origin: "null"}}), 403);
    assertError(await call("POST", "/api/move", {json: {text: "e4"}, headers: {"Sec-Fetch-Site": "cross-site"}}), 403);
    const own = await call("POST", "/api/move", {json: {text: "e4"}, headers: {Origin: base}});
    assert.equal(own.status, 200);
  });

  test("401: a non-loopback address needs the token printed at start", async () => {
    const dir = tempWorkspace();
    const open = await startServer({workspace: dir, args: ["--host", "0.0.0.0"]});
    try {
      assert.match(open.token, /^[0-9a-f]{32}$/);
      const at = `http://127.0.0.1:${new URL(open.base).port}`;
      assert.equal((await fetch(at + "/api/version")).status, 401);
      assert.equal((await fetch(at + "/api/version", {headers: {"X-Notera-Token": "0".repeat(32)}})).status, 401);
      assert.equal((await fetch(at + "/api/version", {headers: {"X-Notera-Token": open.token}})).status, 200);
      assert.equal((await fetch(at + "/api/version?token=" + open.token)).status, 200);
      assert.equal((await fetch(at + "/")).status, 200, "the page itself needs no token");
    } finally {
      assert.equal(await stopServer(open), 0);
      removeWorkspace(dir);
    }
  });

  test("a bad request, a client that stalls, a long reconstruction: the others are still served", async () => {
    const garbage = await rawRequest(base, "\x00\x01 GARBAGE /// HTTP/9\r\n\r\n");
    assert.match(garbage, /^HTTP\/1\.1 400/);
    // Half a request, then silence: one thread waits (5 s read timeout), the rest serve.
    const {connect} = await import("node:net");
    const u = new URL(base);
    const stalled = connect(Number(u.port), u.hostname, () => stalled.write("POST /api/move HTTP/1.1\r\nHost: x"));
    stalled.on("error", () => {});
    const started = Date.now();
    const r = await call("POST", "/api/move", {json: {text: "e4"}});
    assert.equal(r.status, 200);
    assert.ok(Date.now() - started < 2000);
    stalled.destroy();
  });

  test("a reconstruction is cut by its time budget", async () => {
    const dir = tempWorkspace();
    const quick = await startServer({workspace: dir, args: ["--time-limit", "300"]});
    try {
      // 150 rows with nothing recorded: any move fits every box.
      let sheet = "Notation: en\n\n";
      for (let n = 1; n <= 150; ++n) sheet += `${n} - -\n`;
      const started = Date.now();
      const r = await fetch(quick.base + "/api/reconstruct", {method: "POST", body: JSON.stringify({sheets: [sheet]})});
      const answer = await r.json();
      const took = Date.now() - started;
      assert.equal(r.status, 200);
      assert.equal(answer.complete, false);
      assert.ok(took < 3000, `answered in ${took} ms`);
    } finally {
      assert.equal(await stopServer(quick), 0);
      removeWorkspace(dir);
    }
  });

  test("a second server on the same port does not start (exit 2)", async () => {
    const dir = tempWorkspace();
    try {
      await assert.rejects(startServer({workspace: dir, args: ["--port", new URL(base).port]}), /exited \(2\)/);
    } finally {
      removeWorkspace(dir);
    }
  });

  test("the server is still up", async () => {
    assert.equal((await call("GET", "/api/version")).status, 200);
    assert.equal(server.exitCode, null);
  });
});
