// The transcription page in Debian's Chromium (headless), driven by
// playwright-core as a person would use it: typing a sample scoresheet box
// by box, an illegal box, a move made on the board, both copies of a game,
// inserting and deleting a box, answering a question (a move, or no move at
// all), the moves in sentences in the sheet's letters, a box held back
// across a reload, and a restart of the server. A screenshot of every step
// goes to <build>/tests/web-page/screenshots/. Keystroke-to-verdict latency
// is measured and printed, not asserted.
//
//   node tests/web/page.test.mjs build/cli/notera      (ctest: "serve: page")

import assert from "node:assert/strict";
import {readFileSync, rmSync, writeFileSync} from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";

import {
  englishMove,
  launchChromium,
  loadPlaywright,
  percentile,
  removeWorkspace,
  samples,
  screenshotsDir,
  startServer,
  stopServer,
  tempWorkspace,
  unquoted,
} from "./harness.mjs";

const playwright = loadPlaywright();
const sample = (name) => readFileSync(path.join(samples, name), "utf8");
const shots = screenshotsDir();

let server, workspace, browser, page;
const latencies = [], painted = [];

async function api(route, body, method = body === undefined ? "GET" : "POST") {
  const init = {method};
  if (typeof body === "string") init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = {"Content-Type": "application/json"};
  }
  const r = await fetch(server.base + route, init);
  const text = await r.text();
  assert.ok(r.ok, `${method} ${route}: ${r.status} ${text}`);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function shot(name) {
  await page.screenshot({path: path.join(shots, name + ".png")});
}

async function open(url = server.url) {
  await page.goto(url);
  await page.waitForFunction(() => window.notera && document.querySelector("#game-list li"));
}

// Nothing on its way: no reconstruction scheduled or running, nothing unsaved.
async function settled() {
  await page.waitForFunction(() => !window.notera.busy(), null, {timeout: 30000});
  await page.waitForTimeout(50);
  await page.waitForFunction(() => !window.notera.busy(), null, {timeout: 30000});
}

const box = (copy, row, side) => `input.move[data-copy="${copy}"][data-row="${row}"][data-side="${side}"]`;

// The verdict shown for the focused box once it is about `text` (read in
// the same moment it is seen).
async function verdictFor(text) {
  const handle = await page.waitForFunction(
    (t) => {
      const v = document.getElementById("verdict");
      // A '-' box has no verdict, and once read, no note either.
      const ready = v.dataset.text === t && (t === "-" || v.dataset.verdict);
      return ready ? {verdict: v.dataset.verdict, text: v.textContent} : false;
    },
    text,
    {timeout: 30000},
  );
  return handle.jsonValue();
}

async function openGame(name) {
  await page.click(`button[data-game="${name}"]`);
  await page.waitForFunction((n) => document.getElementById("game-name").value === n, name);
  await settled();
}

async function exportGame() {
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-game")]);
  return readFileSync(await download.path(), "utf8");
}

before(async () => {
  workspace = tempWorkspace();
  server = await startServer({workspace});
  browser = await launchChromium(playwright);
  page = await browser.newPage();
  page.on("pageerror", (e) => console.log("page error:", e.message));
  await open();
  // A Norwegian club secretary: the page in bokmål.
  await page.selectOption("#ui-language", "nb");
  await page.waitForFunction(() => document.getElementById("new-game").textContent === "Nytt parti");
});

after(async () => {
  // Typing the sample: from the keystroke to the verdict in the page, and
  // to the frame that shows it.
  const report = (what, values) =>
    console.log(`keystroke to verdict ${what}: ${values.length} keystrokes, p50 ${percentile(values, 50).toFixed(1)} ms, ` +
                `p95 ${percentile(values, 95).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`);
  if (latencies.length) report("in the page", latencies);
  if (painted.length) report("painted", painted);
  console.log("screenshots: " + shots);
  if (browser) {
    await browser.close();
    rmSync(browser.profile, {recursive: true, force: true});
  }
  if (server) await stopServer(server);
  removeWorkspace(workspace);
});

test("typing samples/nb/solberg-haugen.sheet box by box gives the sample's PGN", async () => {
  const text = sample("nb/solberg-haugen.sheet");
  const read = await api("/api/read", {text});
  await page.click("#new-game");
  await page.fill("#game-name", "solberg-haugen");
  await page.press("#game-name", "Tab");
  // The sheet's own note, then the header as on the paper.
  await page.click('textarea[data-header="notes"]');
  await page.keyboard.type(read.comments[0].text.trim());
  for (const h of read.headers) {
    if (["notation", "sheet"].includes(h.key)) continue;
    await page.click(`input[data-header="${h.key}"]`);
    await page.keyboard.type(h.value);
  }
  await page.selectOption('select[data-header="notation"]', "nb");
  await page.selectOption('select[data-header="owner"]', "white");
  await page.waitForFunction(() => document.querySelector(".date-hint").textContent.includes("2026.11.21"));
  await shot("01-header");

  // The moves: a box, Enter, the next box; the clocks with Tab.
  await page.click(box(0, 0, "white"));
  for (const cell of read.cells) {
    const written = cell.kind === "unrecorded" ? "-" : cell.text;
    await page.keyboard.type(written);
    const v = await verdictFor(written);
    if (written !== "-") assert.ok(["legal", "ambiguous", "illegal", "unclear"].includes(v.verdict));
    const row = read.rows[cell.row];
    if (cell.side === "black" && (row.white_clock || row.black_clock)) {
      await page.keyboard.press("Tab");
      await page.keyboard.type(row.white_clock);
      await page.keyboard.press("Tab");
      await page.keyboard.type(row.black_clock);
    }
    if (cell.number === 9 && cell.side === "white") await shot("02-typing-illegal-Tc1");
    await page.keyboard.press("Enter");
  }
  const measured = await page.evaluate(() => ({dom: window.notera.latencies, painted: window.notera.painted}));
  latencies.push(...measured.dom);
  painted.push(...measured.painted);
  await settled();
  const status = await page.$eval("#game-status", (el) => ({state: el.dataset.state, plies: el.dataset.plies}));
  assert.deepEqual(status, {state: "complete", plies: "83"});
  // What is saved is the sample itself, line for line.
  assert.equal(await api("/api/sheets/solberg-haugen.sheet"), text);
  // The corrections are marked on the sheet: move 9 (Tc1 is Re1), move 14 (Lg3 is Bg5).
  await page.click(box(0, 8, "white"));
  await page.waitForFunction(() => document.getElementById("box-reading").dataset.status === "corrected");
  assert.match(await page.textContent("#box-reading"), /Te1/);
  assert.match(await page.$eval(box(0, 13, "white"), (el) => el.parentElement.className), /r-corrected/);
  await shot("03-typed-corrections");
  const pgn = await exportGame();
  assert.equal(pgn, sample("nb/solberg-haugen.pgn"));
});

test("an illegal box says why", async () => {
  await page.click("#new-game");
  await page.click(box(0, 0, "white"));
  await page.keyboard.type("Sf6");
  const v = await verdictFor("Sf6");
  assert.equal(v.verdict, "illegal");
  const expected = await api("/api/move", {text: "Sf6", lang: "nb", messages: "nb"});
  assert.equal(v.text, expected.message);
  assert.ok(expected.reason);
  assert.match(await page.$eval(box(0, 0, "white"), (el) => el.parentElement.className), /v-illegal/);
  // The verdict is in a live region, for screen readers.
  assert.equal(await page.getAttribute("#verdict", "aria-live"), "polite");
  await shot("04-illegal-box");
  // Type-ahead: the legal moves that fit what is typed, in the sheet's
  // letters; the arrow keys choose, Enter takes it.
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("S");
  await page.waitForSelector("#suggestions:not([hidden]) li");
  const offered = await page.$$eval("#suggestions li", (li) => li.map((x) => x.textContent).sort());
  assert.deepEqual(offered, ["Sa3", "Sc3", "Sf3", "Sh3"]);
  await page.keyboard.press("ArrowDown");
  const chosen = await page.$eval('#suggestions li[aria-selected="true"]', (li) => li.textContent);
  await shot("04b-type-ahead");
  await page.keyboard.press("Enter");
  await page.waitForFunction(([s, c]) => document.querySelector(s).value === c, [box(0, 0, "white"), chosen]);
  assert.equal((await verdictFor(chosen)).verdict, "legal");
});

test("a move made on the board fills the focused box in the sheet's letters", async () => {
  await page.click(box(0, 0, "white"));
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await page.waitForSelector('#board [data-square="e2"]');
  await page.click('#board [data-square="e2"]');
  await page.click('#board [data-square="e4"]');
  await page.waitForFunction((s) => document.querySelector(s).value === "e4", box(0, 0, "white"));
  // The focus went on to Black's box: the knight is S on a Norwegian sheet.
  await page.waitForFunction((s) => document.activeElement === document.querySelector(s), box(0, 0, "black"));
  await page.waitForFunction(() => document.getElementById("board-title").textContent.includes("1..."));
  await page.click('#board [data-square="g8"]');
  await page.click('#board [data-square="f6"]');
  await page.waitForFunction((s) => document.querySelector(s).value === "Sf6", box(0, 0, "black"));
  await page.waitForFunction((s) => document.querySelector(s).parentElement.classList.contains("v-legal"), box(0, 0, "black"));
  await page.waitForFunction(() => document.getElementById("board-title").textContent.includes("2."));
  await page.click('#board [data-square="g1"]');
  await page.click('#board [data-square="f3"]');
  await page.waitForFunction((s) => document.querySelector(s).value === "Sf3", box(0, 1, "white"));
  await settled();
  await shot("05-board-move");
  // A move crossed out on the paper: Alt+X strikes it through, and the
  // move written beside it is typed after it.
  await page.waitForFunction((s) => document.activeElement === document.querySelector(s), box(0, 1, "black"));
  await page.keyboard.type("e5");
  await page.keyboard.press("Alt+X");
  await page.waitForFunction((s) => {
    const input = document.querySelector(s);
    return input && input.value === "" && input.parentElement.querySelector("s.crossed")?.textContent === "e5";
  }, box(0, 1, "black"));
  await page.keyboard.type("e6");
  await settled();
  const name = await page.$eval("#game-name", (el) => el.value);
  assert.match(await api(`/api/sheets/${name}.sheet`), /^2 +Sf3 +~~e5~~ e6$/m);
  await shot("05b-crossed-out");
});

test("both copies of lie-bakke give one game", async () => {
  await api("/api/sheets/lie-bakke-white.sheet", sample("nb/lie-bakke-white.sheet"), "PUT");
  await api("/api/sheets/lie-bakke-black.sheet", sample("nb/lie-bakke-black.sheet"), "PUT");
  await open();
  await openGame("lie-bakke");
  assert.equal(await page.$$eval("section.copy", (s) => s.length), 2);
  assert.equal(await page.isChecked("#two-copies"), true);
  const expected = await api("/api/reconstruct", {
    sheets: [sample("nb/lie-bakke-white.sheet"), sample("nb/lie-bakke-black.sheet")],
  });
  const status = await page.$eval("#game-status", (el) => ({state: el.dataset.state, plies: Number(el.dataset.plies)}));
  assert.deepEqual(status, {state: "complete", plies: expected.moves.length});
  assert.equal(await page.$$eval("#game-moves .game-move", (m) => m.length), expected.moves.length);
  // Black's copy stops recording at move 38: those boxes are "not recorded".
  await page.click(box(1, 37, "white"));
  await page.waitForFunction(() => document.getElementById("box-reading").dataset.status === "inserted");
  // The panel's title names the box as the page shows it, by copy and
  // move; what the reconstruction says of it does not name it again (nor
  // by a line of the .sheet text the volunteer never sees).
  assert.equal(await page.textContent("#box-title"), "Svarts skjema: Trekk 38, hvit");
  const said = await page.$eval("#box-reading .explanation", (e) => e.textContent);
  assert.match(said, /^Ikke notert; Sf5 er trekket som passer/);
  assert.doesNotMatch(said, /linje|kolonne|skjema|trekk 38/);
  // The reading says it: the typing verdict ("Ikke notert: gjenskapingen
  // finner trekket ...") does not say it again above.
  await page.waitForFunction(() => document.getElementById("verdict").dataset.text === "-");
  assert.equal(await page.textContent("#verdict"), "");
  await shot("06-two-copies");
  assert.equal(await exportGame(), sample("nb/lie-bakke.pgn"));
});

test("a sheet that needs a wider search: the first answer at once, the whole search after it", async () => {
  // holm-kjaer's first search is short of room near the best: the page
  // shows its game flagged as a first answer, then the whole search's.
  await api("/api/sheets/holm-kjaer.sheet", sample("da/holm-kjaer.sheet"), "PUT");
  await open();
  const clicked = Date.now();
  await page.click(`button[data-game="holm-kjaer"]`);
  await page.waitForFunction(() => document.getElementById("game-status").dataset.answer === "first", null,
                             {timeout: 30000});
  const firstAfter = Date.now() - clicked;
  const first = await page.$eval("#game-status", (el) => el.textContent);
  assert.match(first, /første svar/);
  await shot("06b-first-answer");
  await page.waitForFunction(() => document.getElementById("game-status").dataset.answer === "whole", null,
                             {timeout: 30000});
  const wholeAfter = Date.now() - clicked;
  await settled();
  const whole = await api("/api/reconstruct", {sheets: [sample("da/holm-kjaer.sheet")]});
  const status = await page.$eval("#game-status", (el) => ({state: el.dataset.state, plies: Number(el.dataset.plies),
                                                             text: el.textContent}));
  assert.equal(status.state, "complete");
  assert.equal(status.plies, whole.moves.length);
  assert.doesNotMatch(status.text, /første svar/);
  const shown = await page.$$eval("#game-moves .game-move", (m) => m.map((b) => Number(b.dataset.ply)));
  assert.equal(shown.length, whole.moves.length);
  console.log(`holm-kjaer: first answer on screen after ${firstAfter} ms, the whole search's after ${wholeAfter} ms`);
  await shot("06c-whole-answer");
});

test("insert a box to re-sync a column, and delete it again", async () => {
  await openGame("solberg-haugen");
  const before = await api("/api/sheets/solberg-haugen.sheet");
  const value = (row, side) => page.$eval(box(0, row, side), (el) => el.value);
  await page.click(box(0, 19, "white"));
  assert.equal(await value(19, "white"), "Ne5");
  await page.keyboard.press("Alt+Insert");
  assert.equal(await value(19, "white"), "");
  assert.equal(await value(19, "black"), "Ne5");
  assert.equal(await value(20, "white"), "Dd8");
  await settled();
  assert.notEqual(await api("/api/sheets/solberg-haugen.sheet"), before);
  await shot("07-box-inserted");
  await page.keyboard.press("Alt+Delete");
  assert.equal(await value(19, "white"), "Ne5");
  assert.equal(await value(19, "black"), "Dd8");
  await settled();
  assert.equal(await api("/api/sheets/solberg-haugen.sheet"), before);
  assert.equal(await page.$eval("#game-status", (el) => el.dataset.state), "complete");
  await shot("08-box-deleted");
});

test("a question, answered with one click", async () => {
  // White's copy of lie-bakke alone leaves move 37 open: Te2 or Tc2.
  await api("/api/sheets/sporsmal.sheet", sample("nb/lie-bakke-white.sheet"), "PUT");
  await open();
  await openGame("sporsmal");
  const question = '#questions li[data-ply="73"]';
  await page.waitForSelector(question);
  // The page opens on the first empty box, after the end of the game: the
  // focus panel says the game is over, it is not left blank.
  await page.waitForFunction(() => /1\/2-1\/2.*43|43.*1\/2-1\/2/.test(document.querySelector("#verdict").textContent));
  const options = await page.$$eval(question + " button.answer", (b) =>
    b.map((x) => ({uci: x.dataset.uci, chosen: x.classList.contains("chosen"), text: x.textContent})));
  assert.ok(options.length >= 2);
  const other = options.find((o) => !o.chosen);
  assert.equal(other.text, "Tc2");
  assert.equal(await page.$eval(question + " button.question-box", (b) => b.textContent),
               "Se på «Te2» på noteringsskjemaet");
  // The move in the game says how sure it is: doubtful (dotted), and its
  // margin in the tooltip, in the page's language; a move the sheet
  // decides says so too.
  const asked = await page.$eval('#game-moves .game-move[data-ply="73"]',
    (b) => ({doubtful: b.classList.contains("s-doubtful"), margin: Number(b.dataset.margin), title: b.title}));
  assert.ok(asked.doubtful, "the asked move is marked doubtful");
  assert.ok(asked.margin >= 0 && asked.margin <= 3, "margin " + asked.margin);
  assert.match(asked.title, /Margin \d+[.,]\d nat: nærmeste parti med et annet trekk her er [\d.,\s]+ ganger mindre sannsynlig/);
  const sure = await page.$$eval("#game-moves .game-move:not(.s-doubtful)", (bs) => bs.map((b) => b.title));
  assert.ok(sure.length > 40);
  assert.ok(sure.some((title) => /Margin \d+[.,]\d nat/.test(title)), "sure moves carry their margin");
  await page.locator(question).scrollIntoViewIfNeeded();
  await shot("09-question");
  await page.click(`${question} button.answer[data-uci="${other.uci}"]`);
  // The answer is written after the box ("{=Tc2}"), which keeps what the
  // writer wrote as evidence.
  await page.waitForFunction((s) => document.querySelector(s).value === "Te2 {=Tc2}", box(0, 36, "white"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="73"]', (b) => b.textContent), "Tc2");
  assert.match(await api("/api/sheets/sporsmal.sheet"), /^37 Te2 \{=Tc2\} /m);
  await shot("10-question-answered");
});

test("answers the reconstruction cannot take are listed with their box, in the page's language", async () => {
  // A volunteer typed answers by hand: one no move reads, one no game can
  // keep. Both are named under the game, as errors, with the box to fix.
  await api("/api/sheets/svar.sheet", "Notasjon: nb\n\n1 e4 e5\n2 Sf3 Sc6 {=e8D}\n3 Lb5 a6 {=xyzzy}\n4 La4 Sf6\n", "PUT");
  await open();
  await openGame("svar");
  await page.waitForSelector("#game-notes li.problem.error");
  const problems = await page.$$eval("#game-notes li.problem", (lis) => lis.map((li) => li.textContent));
  assert.equal(problems.length, 2, problems.join(" | "));
  assert.ok(problems.some((p) => p.startsWith("trekk 3...: svaret «xyzzy» kan ikke leses som et trekk")), problems.join(" | "));
  // Both name the box by its move, as the page shows it: no line or
  // column of the .sheet text.
  assert.ok(problems.every((p) => !/linje|kolonne/.test(p)), problems.join(" | "));
  assert.ok(problems.some((p) => p.startsWith("trekk 2...: svaret «e8D» kan ikke stå sammen") &&
                                 p.includes("lagt til side og ruten lest slik den er skrevet: partiet som ble funnet, spiller Sc6 for den")),
            problems.join(" | "));
  // The answer no game keeps is set aside: the box is read as written.
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="4"]', (b) => b.textContent), "Sc6");
  // A problem takes the volunteer to its box.
  assert.deepEqual(await page.$$eval("#game-notes li.problem.goto", (lis) => lis.map((li) => li.dataset.box).sort()),
                   ["1:black", "2:black"]);
  await page.click('#game-notes li.problem.goto[data-box="2:black"]');
  await page.waitForFunction(() => document.activeElement && document.activeElement.value === "a6 {=xyzzy}");
  // The box panel, titled by the box, says what is wrong with its answer.
  await page.waitForSelector("#box-reading .problem.error");
  assert.equal(await page.textContent("#box-title"), "Trekk 3, svart");
  assert.match(await page.textContent("#box-reading .problem"), /^Svaret «xyzzy» kan ikke leses som et trekk/);
  await page.click('#game-notes li.problem.goto[data-box="1:black"]');
  await page.waitForFunction(() => document.activeElement && document.activeElement.value === "Sc6 {=e8D}");
  await page.waitForFunction(() => /^Svaret «e8D» kan ikke stå sammen/.test(
    (document.querySelector("#box-reading .problem") || {}).textContent || ""));
  // The game is not called complete while answers wait to be fixed.
  assert.equal(await page.$eval("#game-status", (el) => el.dataset.state), "error");
  assert.match(await page.$eval("#game-status", (el) => el.textContent), /^Til og med trekk 4, med svar partiet ikke kan ta/);
  await page.locator("#game-notes").scrollIntoViewIfNeeded();
  await shot("11b-answer-problems");
});

test("a box that may be no move at all: answered with one click", async () => {
  // The last box reads as Te1 with a slip, or the game was over before it
  // (a move written ahead and never played): the question offers both.
  const sheet = "Notasjon: nb\n\n1  e4   e5\n2  Sf3  Sc6\n3  Lb5  a6\n4  La4  Sf6\n5  0-0  Le7\n6  Td1\n";
  await api("/api/sheets/skrevet-forut.sheet", sheet, "PUT");
  await open();
  await openGame("skrevet-forut");
  const question = '#questions li[data-ply="11"]';
  await page.waitForSelector(question);
  const options = await page.$$eval(question + " button.answer", (b) =>
    b.map((x) => ({ends: x.dataset.ends === "true", chosen: x.classList.contains("chosen"), text: x.textContent})));
  assert.deepEqual(options.map((o) => o.text), ["Te1", "Ikke noe trekk: partiet var slutt"]);
  assert.ok(options[0].chosen && options[1].ends);
  await page.locator(question).scrollIntoViewIfNeeded();
  await shot("10b-question-no-move");
  await page.click(`${question} button.answer[data-ends="true"]`);
  await page.waitForFunction((s) => document.querySelector(s).value === "Td1 {=--}", box(0, 5, "white"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$('#game-moves .game-move[data-ply="11"]'), null, "the game ends before the box");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="10"]', (b) => b.textContent), "Le7");
  assert.equal(await page.$eval("#game-status", (el) => el.dataset.state), "complete");
  assert.match(await api("/api/sheets/skrevet-forut.sheet"), /^6\s+Td1 \{=--\}/m);
  // The box says what the answer means.
  await page.click(box(0, 5, "white"));
  await page.waitForFunction(() => /Besvart: ikke et trekk i partiet/.test(document.getElementById("verdict").textContent));
  await shot("10c-question-no-move-answered");
});

test("a box the game found passes over is asked in that box, with no move as an answer", async () => {
  // The opera game with 7...De7 and 8.Sc3 illegible: the game found passes
  // over '?' and plays 8.Sc3 unwritten, the next game reads '?' as 8.Sa3.
  // The question names '?', and every answer goes in that box.
  const sheet = "Notasjon: nb\nResultat: 1-0\n\n1  e4  e5\n2  Sf3  d6\n3  d4  Lg4\n4  dxe5  Lxf3\n5  Dxf3  dxe5\n" +
    "6  Lc4  Sf6\n7  Db3  D?7\n8  ?  c6\n9  Lg5  b5\n10  Sxb5  cxb5\n11  Lxb5+  Sbd7\n12  0-0-0  Td8\n" +
    "13  Txd7  Txd7\n14  Td1  De6\n15  Lxd7+  Sxd7\n16  Db8+  Sxb8\n17  Td8#\n";
  await api("/api/sheets/operaen.sheet", sheet, "PUT");
  await open();
  await openGame("operaen");
  const question = '#questions li[data-ply="15"]';
  await page.waitForSelector(question);
  const options = await page.$$eval(question + " button.answer", (b) =>
    b.map((x) => ({ends: x.dataset.ends === "true", chosen: x.classList.contains("chosen"), text: x.textContent})));
  assert.deepEqual(options.map((o) => o.text), ["Sc3", "Sa3", "Ikke et trekk i partiet"]);
  assert.ok(options[0].chosen && !options[1].chosen && options[2].ends);
  // The question says which box to look at, and why; a click goes there.
  assert.equal(await page.$eval(question + " button.question-box", (b) => b.textContent),
               "Se på «?»: partiet som ble funnet, hopper over den");
  await page.locator(question).scrollIntoViewIfNeeded();
  await shot("10d-question-passed-over");
  await page.click(question + " button.question-box");
  assert.ok(await page.$eval(box(0, 7, "white"), (el) => el === document.activeElement && el.classList.contains("focused")));
  // The move chosen is answered in '?', the box asked about.
  await page.click(`${question} button.answer.chosen`);
  await page.waitForFunction((s) => document.querySelector(s).value === "? {=Sc3}", box(0, 7, "white"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="15"]', (b) => b.textContent), "Sc3");
  assert.match(await api("/api/sheets/operaen.sheet"), /^8\s+\? \{=Sc3\}\s+c6/m);
  // "Not a move": the box is answered as none, and the move stays unwritten.
  await page.fill(box(0, 7, "white"), "?");
  await settled();
  await page.waitForSelector(question);
  await page.click(`${question} button.answer[data-ends="true"]`);
  await page.waitForFunction((s) => document.querySelector(s).value === "? {=--}", box(0, 7, "white"));
  assert.equal(await page.$eval("#announce", (el) => el.textContent), "«?» er nå ikke et trekk i partiet");
  await settled();
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="16"]', (b) => b.textContent), "c6");
});

test("a box after the end of the game found is asked, its reading (no move) chosen", async () => {
  // 15. De2 written 'De3', which no queen reaches: the game found ends
  // before it, a game a nat behind reads it as a move.
  const sheet = "Notasjon: nb\n\n1  e4  e5\n2  Sf3  Sc6\n3  Lc4  Lc5\n4  c3  Sf6\n5  d3  d6\n6  0-0  0-0\n" +
    "7  h3  a6\n8  a4  h6\n9  Te1  Te8\n10  Sbd2  Le6\n11  Lxe6  Txe6\n12  Sf1  d5\n13  exd5  Dxd5\n" +
    "14  Sg3  Td8\n15  De3\n";
  await api("/api/sheets/etter-slutt.sheet", sheet, "PUT");
  await open();
  await openGame("etter-slutt");
  const question = '#questions li[data-ply="29"]';
  await page.waitForSelector(question);
  const options = await page.$$eval(question + " button.answer", (b) =>
    b.map((x) => ({ends: x.dataset.ends === "true", chosen: x.classList.contains("chosen"), text: x.textContent})));
  assert.deepEqual(options.map((o) => o.text), ["De2", "Le3", "Ikke et trekk i partiet"]);
  assert.ok(options[2].chosen && options[2].ends && !options[0].chosen && !options[1].chosen);
  assert.equal(await page.$eval(question + " button.question-box", (b) => b.textContent),
               "Se på «De3»: partiet som ble funnet, hopper over den");
  await page.locator(question).scrollIntoViewIfNeeded();
  await shot("10e-question-after-end");
  await page.click(`${question} button.answer:not([data-ends])`);
  await page.waitForFunction((s) => document.querySelector(s).value === "De3 {=De2}", box(0, 14, "white"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="29"]', (b) => b.textContent), "De2");
});

test("a move forgotten after the end of the game found is asked, the end chosen, an answer put in its own box", async () => {
  // 19. Dxe6+ Tf7 20. Sxe5 written "19 Dxe6+ Sxe5": Black's answer to the
  // check forgotten. The game found ends at the check and passes 'Sxe5'
  // over; move 19... has no box, and is asked.
  const sheet = "Notasjon: nb\n\n1  e4  c5\n2  Sc3  d6\n3  Sf3  Sf6\n4  d4  cxd4\n5  Sxd4  a6\n6  Le3  e5\n" +
    "7  Sf3  Le7\n8  Lc4  0-0\n9  0-0  Sbd7\n10  a4  Sg4\n11  Lc1  Sgf6\n12  De2  Dc7\n13  Td1  Sc5\n" +
    "14  Lg5  Le6\n15  Lxe6  fxe6\n16  -  Dc6\n17  b4  b5\n18  Da2  Scxe4\n19  Dxe6+  Sxe5\n";
  await api("/api/sheets/glemt.sheet", sheet, "PUT");
  await open();
  await openGame("glemt");
  const question = '#questions li[data-ply="38"]';
  await page.waitForSelector(question);
  const options = await page.$$eval(question + " button.answer", (b) =>
    b.map((x) => ({ends: x.dataset.ends === "true", chosen: x.classList.contains("chosen"), text: x.textContent})));
  assert.deepEqual(options.map((o) => o.text), ["Tf7", "Kh8", "Ikke noe trekk: partiet var slutt"]);
  assert.ok(options[2].chosen && options[2].ends && !options[0].chosen && !options[1].chosen);
  // Move 20's box, after the box passed over: its position is not known,
  // and the board shows none (not the start, nor the last one shown).
  await page.click(box(0, 19, "white"));
  await page.waitForFunction(() => /^Stillingen er ikke kjent/.test(document.getElementById("board-title").textContent));
  await page.waitForFunction(() => document.querySelectorAll("#board .piece").length === 0);
  await page.locator(question).scrollIntoViewIfNeeded();
  await shot("10f-question-forgotten-after-end");
  // The end: 'Sxe5' is no move of the game.
  await page.click(`${question} button.answer[data-ends="true"]`);
  await page.waitForFunction((s) => document.querySelector(s).value === "Sxe5 {=--}", box(0, 18, "black"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$('#game-moves .game-move[data-ply="38"]'), null, "the game ends at the check");
  // Tf7: a box is put in before 'Sxe5', which moves one box on.
  await page.fill(box(0, 18, "black"), "Sxe5");
  await settled();
  await page.waitForSelector(question);
  await page.click(`${question} button.answer:not([data-ends])`);
  await page.waitForFunction((s) => document.querySelector(s).value === "- {=Tf7}", box(0, 18, "black"));
  await settled();
  assert.equal(await page.$(question), null, "the question is answered");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="38"]', (b) => b.textContent), "Tf7");
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="39"]', (b) => b.textContent), "Sxe5");
  const saved = await api("/api/sheets/glemt.sheet");
  assert.match(saved, /^19\s+Dxe6\+\s+- \{=Tf7\}/m);
  assert.match(saved, /^20\s+Sxe5/m);
});

// Every sentence the page shows about the game and its boxes: the focused
// box's verdict and reading, the game's moves (their tooltips and labels),
// the boxes' marks and tooltips, the questions and the notes.
function sentences() {
  return page.evaluate(() => [
    document.getElementById("verdict").textContent,
    document.getElementById("box-reading").textContent,
    ...[...document.querySelectorAll("#game-moves .game-move")].flatMap((b) => [b.textContent, b.title, b.getAttribute("aria-label")]),
    ...[...document.querySelectorAll(".box-inner")].flatMap((w) => [w.title, w.querySelector(".mark").textContent]),
    ...[...document.querySelectorAll("#questions li, #game-notes li")].map((li) => li.textContent),
  ].filter(Boolean));
}

async function pageLanguage(code, newGameText) {
  await page.selectOption("#ui-language", code);
  await page.waitForFunction((t) => document.getElementById("new-game").textContent === t, newGameText);
}

// What the page says of a corrected box (row, side of the first copy) of a
// game, opened with the page in a language.
async function correctedBox(game, [code, newGameText], row, side) {
  await open();
  await pageLanguage(code, newGameText);
  await openGame(game);
  await page.click(box(0, row, side));
  await page.waitForFunction(() => document.getElementById("box-reading").dataset.status === "corrected");
  return page.textContent("#box-reading");
}

test("moves in sentences are spelt as the game is shown, in the sheet's letters", async () => {
  // Bokmål: move 9 is Te1 on the board, in the game and in why "Tc1" is it.
  const reading = await correctedBox("solberg-haugen", ["nb", "Nytt parti"], 8, "white");
  assert.match(reading, /I partiet: 9\. Te1/);
  assert.match(reading, /«Tc1» er Te1: linjen e skrevet som c/);
  // The question of move 35: "Dc3" is Dc3 or Da3.
  const options = await page.$$eval('#questions li[data-ply="69"] button.answer', (b) => b.map((x) => x.textContent));
  assert.deepEqual(options, ["Dc3", "Da3"]);
  let said = await sentences();
  assert.ok(said.length > 80, said.length + " sentences");
  for (const text of said) assert.doesNotMatch(unquoted(text), englishMove, text);
  await page.locator("#box-reading").scrollIntoViewIfNeeded();
  await shot("18-moves-in-bokmal");

  // Swedish, on a Swedish sheet.
  await api("/api/sheets/lind-ek.sheet", sample("sv/lind-ek.sheet"), "PUT");
  assert.match(await correctedBox("lind-ek", ["sv", "Nytt parti"], 6, "white"), /”Lb5” är Lb3: raden 3 skriven som 5/);
  said = await sentences();
  for (const text of said) assert.doesNotMatch(unquoted(text), englishMove, text);
  const rook = await page.$$eval('#questions li[data-ply="53"] button.answer', (b) => b.map((x) => x.textContent));
  assert.deepEqual(rook.slice(0, 2), ["Te1", "Tc1"]);
  await shot("19-moves-in-swedish");

  // English sheets, an English page: PGN SAN as before.
  await api("/api/sheets/adams-dickenson-white.sheet", sample("en/adams-dickenson-white.sheet"), "PUT");
  await api("/api/sheets/adams-dickenson-black.sheet", sample("en/adams-dickenson-black.sheet"), "PUT");
  const english = await correctedBox("adams-dickenson", ["en", "New game"], 16, "white");
  assert.match(english, /In the game: 17\. Rfe1/);
  assert.match(english, /'Kfe1' is Rfe1: the piece letter R written as K/);
  assert.equal(await page.$eval('#game-moves .game-move[data-ply="3"]', (b) => b.textContent), "Nf3");
  await shot("20-moves-in-english");
  await pageLanguage("nb", "Nytt parti");
});

// The files of the workspace, as the server lists them.
async function files() {
  return (await api("/api/sheets")).sheets.map((s) => s.name).sort();
}

test("renaming a game never overwrites or deletes another game's sheet", async () => {
  const white = await api("/api/sheets/lie-bakke-white.sheet");
  await open();
  await page.click("#new-game");
  const first = await page.$eval("#game-name", (el) => el.value);
  await page.click(box(0, 0, "white"));
  await page.keyboard.type("d4");
  await settled();
  assert.ok((await files()).includes(first + ".sheet"));
  // The name of a file of the two-copy game lie-bakke: refused, nothing written.
  await page.fill("#game-name", "lie-bakke-white");
  await page.press("#game-name", "Enter");
  await page.waitForSelector("#errors:not([hidden])");
  assert.match(await page.textContent("#errors"), /lie-bakke-white\.sheet/);
  assert.equal(await page.$eval("#game-name", (el) => el.value), first);
  await settled();
  assert.equal(await api("/api/sheets/lie-bakke-white.sheet"), white);
  await shot("12-rename-refused");
  // A typed ".sheet" ending is the page's own: the game is x.sheet, not x.sheet.sheet.
  await page.fill("#game-name", "x.sheet");
  await page.press("#game-name", "Enter");
  await page.waitForFunction(() => document.getElementById("game-name").value === "x");
  await settled();
  const now = await files();
  assert.ok(now.includes("x.sheet") && !now.includes("x.sheet.sheet") && !now.includes(first + ".sheet"), now.join(" "));
  assert.ok(now.includes("lie-bakke-white.sheet") && now.includes("lie-bakke-black.sheet"));
  assert.equal(await api("/api/sheets/lie-bakke-white.sheet"), white);
  assert.match(await api("/api/sheets/x.sheet"), /^1 +d4$/m);
  // A name the server would refuse is said at once, while typing.
  await page.fill("#game-name", "a/b");
  assert.equal(await page.getAttribute("#game-name", "aria-invalid"), "true");
  assert.match(await page.textContent("#game-name-problem"), /\//);
  await shot("12b-name-with-slash");
  await page.press("#game-name", "Enter");
  await page.waitForFunction(() => document.getElementById("game-name").value === "x");
  assert.equal(await page.getAttribute("#game-name", "aria-invalid"), "false");
  await settled();
  assert.ok((await files()).includes("x.sheet"));
});

test("a new game whose name another tab took meanwhile is saved under another name", async () => {
  await page.click("#new-game");
  const name = await page.$eval("#game-name", (el) => el.value);
  // Another tab (or the command line) makes a sheet of that name before
  // this one saves: the server refuses to write over it (If-None-Match).
  const theirs = "1 c4 e5\n";
  const made = await fetch(server.base + `/api/sheets/${name}.sheet`, {method: "PUT", body: theirs});
  assert.equal(made.status, 201);
  await page.click(box(0, 0, "white"));
  await page.keyboard.type("e4");
  await page.waitForFunction((n) => document.getElementById("game-name").value !== n, name);
  await settled();
  assert.equal(await api(`/api/sheets/${name}.sheet`), theirs);
  const mine = await page.$eval("#game-name", (el) => el.value);
  assert.match(await api(`/api/sheets/${mine}.sheet`), /^1 +e4$/m);
  assert.equal(await page.$eval("#save-status", (el) => el.dataset.state), "saved");
});

// The game x as the tests below start from it (made by the test before
// them, and written again here so that each test stands on its own).
async function gameX(moves) {
  await api("/api/sheets/x.sheet", "Notasjon: nb\nSkjema: hvit\n\n" + moves, "PUT");
  await open();
  await openGame("x");
}

test("New game right after typing keeps the last box and saves no empty game", async () => {
  await gameX("1  d4\n");
  const before = await files();
  await page.click(box(0, 0, "black"));
  await page.keyboard.type("d5");
  // Within the half second the save waits for.
  await page.click("#new-game");
  await page.waitForFunction(() => document.getElementById("game-name").value !== "x");
  await settled();
  assert.match(await api("/api/sheets/x.sheet"), /^1 +d4 +d5$/m);
  assert.deepEqual(await files(), before, "no empty sheet for the new game");
  // The new game is saved once something is typed in it.
  const name = await page.$eval("#game-name", (el) => el.value);
  await page.click(box(0, 0, "white"));
  await page.keyboard.type("c4");
  await settled();
  assert.match(await api(`/api/sheets/${name}.sheet`), /^1 +c4$/m);
  assert.match(await api("/api/sheets/x.sheet"), /^1 +d4 +d5$/m);
});

test("a reload in the middle of typing keeps the last box and reopens the game", async () => {
  await gameX("1  d4          d5\n");
  assert.equal(new URL(page.url()).searchParams.get("game"), "x");
  await page.click(box(0, 1, "white"));
  await page.keyboard.type("c4");
  await page.reload();
  await page.waitForFunction(() => document.getElementById("game-name").value === "x");
  await page.waitForFunction((s) => document.querySelector(s)?.value === "c4", box(0, 1, "white"));
  await settled();
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4$/m);
  // The cursor is in the first empty box, ready to type on.
  await page.waitForFunction((s) => document.activeElement === document.querySelector(s), box(0, 1, "black"));
  await shot("13-after-reload");
});

test("a box holds what the sheet file keeps: other text is flagged and held back", async () => {
  await gameX("1  d4          d5\n2  c4\n");
  const saved = await api("/api/sheets/x.sheet");
  const verdictOf = async (text) => {
    await page.fill(box(0, 1, "black"), text);
    const v = await page.waitForFunction((t) => {
      const el = document.getElementById("verdict");
      return el.dataset.text === t && el.dataset.verdict === "unkept" ? el.textContent : false;
    }, text.trim());
    await page.waitForFunction(() => document.getElementById("save-status").dataset.state === "held");
    assert.match(await page.$eval(box(0, 1, "black"), (el) => el.parentElement.className), /v-unkept/);
    return v.jsonValue();
  };
  await page.click(box(0, 1, "black"));
  assert.match(await verdictOf("e4 e5"), /e5/);
  await shot("14-box-with-blank");
  assert.match(await verdictOf("e4 # unclear"), /#/);
  assert.match(await verdictOf("0:05"), /0:05/);
  assert.match(await verdictOf("3.e5"), /3\.e5/);
  // A long paste is not read as hundreds of moves.
  await verdictOf("e4 e5 ".repeat(500));
  await page.waitForFunction(() => document.getElementById("game-status").dataset.state !== "running");
  await settled();
  assert.ok(Number(await page.$eval("#game-status", (el) => el.dataset.plies)) <= 4);
  assert.equal(await api("/api/sheets/x.sheet"), saved, "the box is not saved (the rest of the sheet is as it was)");
  await shot("14b-box-too-long");
  // What the format reads as marks of the same box is fine.
  await page.fill(box(0, 1, "black"), "e5 (=)");
  await settled();
  assert.equal(await page.$eval("#save-status", (el) => el.dataset.state), "saved");
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4 +e5 \(=\)$/m);
  const read = await api("/api/read", {text: await api("/api/sheets/x.sheet")});
  assert.deepEqual(read.cells.map((c) => c.text), ["d4", "d5", "c4", "e5 (=)"]);
});

test("a box held back comes back after a reload, held back still, and the rest of the sheet is saved", async () => {
  await gameX("1  d4          d5\n2  c4\n");
  // Two moves typed in one box: held back.
  await page.click(box(0, 1, "black"));
  await page.keyboard.type("e5 Sf3");
  await page.waitForFunction(() => document.getElementById("save-status").dataset.state === "held");
  // The typing goes on: the next row is saved, the held box as not recorded.
  await page.click(box(0, 2, "white"));
  await page.keyboard.type("Sc3");
  await settled();
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4\n3 +Sc3$/m);
  assert.equal(await page.$eval("#save-status", (el) => el.dataset.state), "held");
  assert.match(await page.textContent("#save-status"), /Trekk 2, svart holdes tilbake/);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("game-name").value === "x");
  await page.waitForFunction((s) => document.querySelector(s)?.value === "e5 Sf3", box(0, 1, "black"));
  await settled();
  // Held back still: marked, said in the header, and its verdict shown
  // with the focus on it.
  assert.equal(await page.$eval(box(0, 2, "white"), (el) => el.value), "Sc3");
  assert.match(await page.$eval(box(0, 1, "black"), (el) => el.parentElement.className), /v-unkept/);
  // The move the game finds for it is not put on White's box beside it.
  assert.equal(await page.$eval(box(0, 1, "white"), (el) => el.parentElement.querySelector(".mark").textContent), "");
  await page.waitForFunction(() => document.getElementById("save-status").dataset.state === "held");
  await page.waitForFunction((s) => document.activeElement === document.querySelector(s), box(0, 1, "black"));
  const verdict = await page.waitForFunction(() => {
    const el = document.getElementById("verdict");
    return el.dataset.text === "e5 Sf3" && el.dataset.verdict === "unkept" ? el.textContent : false;
  });
  assert.match(await verdict.jsonValue(), /«Sf3»/);
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4\n3 +Sc3$/m, "the reload saved nothing over it");
  await shot("14c-held-box-after-reload");
  // Once it holds a move, it is saved, and nothing comes back any more.
  await page.fill(box(0, 1, "black"), "e5");
  await settled();
  assert.equal(await page.$eval("#save-status", (el) => el.dataset.state), "saved");
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4 +e5\n3 +Sc3$/m);
  await page.reload();
  await page.waitForFunction((s) => document.querySelector(s)?.value === "e5", box(0, 1, "black"));
  await settled();
  assert.notEqual(await page.$eval("#save-status", (el) => el.dataset.state), "held");
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("notera.held")).length), 0);
});

test("dropping the second copy with the focus in it", async () => {
  const errors = [];
  const listen = (e) => errors.push(e.message);
  page.on("pageerror", listen);
  await gameX("1  d4          d5\n2  c4          e5 (=)\n");
  await page.check("#two-copies");
  await page.click(box(1, 2, "white"));
  await page.uncheck("#two-copies");
  await settled();
  page.off("pageerror", listen);
  assert.deepEqual(errors, []);
  assert.equal(await page.$$eval("section.copy", (s) => s.length), 1);
  assert.equal(await page.textContent("#box-title"), await page.getAttribute(box(0, 2, "white"), "aria-label"));
  assert.deepEqual((await files()).filter((f) => f.startsWith("x")), ["x.sheet"]);
});

test("the game is over only where it is: no result or a draw leave the next box open", async () => {
  await gameX("1  d4          d5\n2  c4          e5 (=)\n");
  await page.click(box(0, 2, "white"));
  // No result ("*"): nothing said at the next empty box.
  await page.waitForFunction(() => document.getElementById("box-title").textContent.includes("3"));
  await page.waitForTimeout(300);
  assert.doesNotMatch(await page.textContent("#verdict"), /slutt/);
  // A mate on the board ends it.
  await api("/api/sheets/matt.sheet", "Notasjon: nb\n\n1  f3   e5\n2  g4   Dh4#\n", "PUT");
  await open();
  await openGame("matt");
  await page.click(box(0, 2, "white"));
  await page.waitForFunction(() => /Partiet er slutt: 0-1/.test(document.getElementById("verdict").textContent));
});

test("another page language: the focused box's verdict and the save status follow", async () => {
  await gameX("1  d4          d5\n2  c4          e5 (=)\n");
  await page.click(box(0, 2, "white"));
  // Text that is no move anywhere: its verdict does not wait for the game.
  await page.keyboard.type("Zz9");
  const nb = await verdictFor("Zz9");
  assert.equal(nb.text, (await api("/api/move", {text: "Zz9", lang: "nb", messages: "nb"})).message);
  await settled();
  assert.equal(await page.textContent("#save-status"), "Lagret");
  await page.selectOption("#ui-language", "de");
  await page.waitForFunction(() => document.getElementById("new-game").textContent === "Neue Partie");
  const expected = await api("/api/move", {text: "Zz9", lang: "nb", messages: "de"});
  assert.notEqual(expected.message, nb.text);
  await page.waitForFunction((m) => document.getElementById("verdict").textContent === m, expected.message);
  assert.equal(await page.textContent("#save-status"), "Gespeichert");
  await shot("15-language-de");
  await page.selectOption("#ui-language", "nb");
  await page.waitForFunction(() => document.getElementById("new-game").textContent === "Nytt parti");
  await page.fill(box(0, 2, "white"), "");
  await settled();
});

test("a Latin-1 sheet keeps its letters when it is edited, and is saved as UTF-8", async () => {
  const text = "Turnering: Ærø Open\nHvit: Grøndahl, Åse\nSvart: Groß, Jürgen\nNotasjon: nb\n\n1  e4          e5\n";
  writeFileSync(path.join(workspace, "latin1.sheet"), Buffer.from(text, "latin1"));
  await open();
  await openGame("latin1");
  assert.equal(await page.$eval('input[data-header="white"]', (el) => el.value), "Grøndahl, Åse");
  await page.fill('input[data-header="round"]', "2");
  await settled();
  const bytes = readFileSync(path.join(workspace, "latin1.sheet"));
  assert.equal(bytes.toString("utf8"), text.replace("Hvit:", "Runde: 2\nHvit:"));
});

test("an exported game's file name keeps its letters", async () => {
  await page.fill("#game-name", "Ærø-Groß");
  await page.press("#game-name", "Enter");
  await settled();
  assert.ok((await files()).includes("Ærø-Groß.sheet"));
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-game")]);
  assert.equal(download.suggestedFilename(), "Ærø-Groß.pgn");
});

test("narrow windows: nothing overlaps, every box can be clicked", async () => {
  // Where every part is, in the page's coordinates.
  const geometry = () => page.evaluate(() => {
    const rect = (el) => {
      const r = el.getBoundingClientRect();
      return {left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX, bottom: r.bottom + scrollY};
    };
    return {
      width: innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      copies: [...document.querySelectorAll("section.copy")].map((c) => ({
        rect: rect(c),
        fields: [...c.querySelectorAll("[data-header]")].map(rect),
      })),
      side: rect(document.querySelector(".side")),
    };
  });
  const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (const [language, title] of [["en", "New game"], ["de", "Neue Partie"]]) {
    await page.selectOption("#ui-language", language);
    await page.waitForFunction((t) => document.getElementById("new-game").textContent === t, title);
    for (const game of ["solberg-haugen", "lie-bakke"]) {
      await openGame(game);
      for (const [width, height] of [[400, 800], [800, 900], [1280, 900], [1920, 1080]]) {
        await page.setViewportSize({width, height});
        await page.evaluate(() => scrollTo(0, 0));
        const g = await geometry();
        const where = `${game} ${language} ${width}px`;
        assert.ok(g.scrollWidth <= g.width, `${where}: no sideways scrolling (${g.scrollWidth})`);
        for (const [i, c] of g.copies.entries()) {
          for (const f of c.fields)
            assert.ok(f.left >= c.rect.left - 1 && f.right <= c.rect.right + 1, `${where}: copy ${i}'s header fields stay in it`);
          assert.ok(!overlap(c.rect, g.side), `${where}: copy ${i} and the panels do not overlap`);
        }
        await page.screenshot({path: path.join(shots, `16-${width}-${game}-${language}.png`)});
        // A box far down the sheet takes a click (nothing lies over it).
        await page.click(box(g.copies.length - 1, 20, "black"));
        await page.waitForFunction((s) => document.activeElement === document.querySelector(s), box(g.copies.length - 1, 20, "black"));
      }
      await page.setViewportSize({width: 1600, height: 1000});
    }
  }
  await page.selectOption("#ui-language", "nb");
  await page.waitForFunction(() => document.getElementById("new-game").textContent === "Nytt parti");
});

test("two tabs on one game: a save from the stale one is refused, not written over the other's", async () => {
  await gameX("1  d4          d5\n");
  const other = await browser.newPage();
  await other.goto(server.url + "?game=x");
  await other.waitForFunction(() => document.getElementById("game-name").value === "x");
  await other.click(box(0, 1, "white"));
  await other.keyboard.type("c4");
  await other.waitForFunction(() => !window.notera.busy(), null, {timeout: 30000});
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4$/m);
  // This tab never saw c4: its save is refused and it says so.
  await page.click(box(0, 1, "white"));
  await page.keyboard.type("Sf3");
  await page.waitForFunction(() => document.getElementById("save-status").dataset.state === "failed");
  assert.match(await page.textContent("#errors"), /x\.sheet/);
  assert.match(await api("/api/sheets/x.sheet"), /^2 +c4$/m);
  await shot("17-stale-tab");
  await other.close();
  // Opened again, it has the other tab's move.
  await open();
  await openGame("x");
  assert.equal(await page.$eval(box(0, 1, "white"), (el) => el.value), "c4");
});

test("comments among the moves stay on their rows when the sheet is saved", async () => {
  const sheet = "# Parti fra klubbkvelden\nNotasjon: nb\n\n1  e4          e5  # kjent\n# her ble klokka stilt\n" +
                "2  Sf3         Sc6\n";
  await api("/api/sheets/kommentarer.sheet", sheet, "PUT");
  await open();
  await openGame("kommentarer");
  await page.click(box(0, 2, "white"));
  await page.keyboard.type("Lb5");
  await settled();
  const saved = await api("/api/sheets/kommentarer.sheet");
  assert.match(saved, /^# Parti fra klubbkvelden$/m);
  assert.match(saved, /^1 +e4 +e5 +# kjent\n# her ble klokka stilt\n2 +Sf3 +Sc6\n3 +Lb5\n$/m);
});

test("stop and restart the server: the workspace still holds the sheets", async () => {
  const saved = await api("/api/sheets/solberg-haugen.sheet");
  assert.equal(await stopServer(server), 0);
  server = await startServer({workspace});
  await open();
  // A new port is another origin for the browser: the page's language is
  // chosen again.
  await page.selectOption("#ui-language", "nb");
  await page.waitForFunction(() => document.getElementById("new-game").textContent === "Nytt parti");
  await openGame("solberg-haugen");
  assert.equal(await page.$eval(box(0, 8, "white"), (el) => el.value), "Tc1");
  assert.equal(await api("/api/sheets/solberg-haugen.sheet"), saved);
  assert.equal(await page.$eval("#game-status", (el) => el.dataset.state), "complete");
  const names = await page.$$eval("#game-list button.game-link", (b) => b.map((x) => x.dataset.game));
  for (const name of ["solberg-haugen", "lie-bakke", "sporsmal"]) assert.ok(names.includes(name), name);
  await shot("11-after-restart");
  // The whole round as one PGN file.
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#export-round")]);
  const round = readFileSync(await download.path(), "utf8");
  assert.equal((round.match(/^\[Event /gm) || []).length, names.length);
  assert.ok(round.includes(sample("nb/solberg-haugen.pgn")));
  assert.ok(round.includes(sample("nb/lie-bakke.pgn")));
});
