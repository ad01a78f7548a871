// The transcription page: the sheet as on paper (one copy, or both side by
// side), what each box says in its position as it is typed, the board at
// the focused box, and the game the reconstruction makes of the sheets, with
// its questions. Everything goes through the JSON API (docs/serve.md); the
// sheets are saved as .sheet files in the server's workspace as they are
// typed.

import {api, ApiFailure, setApiLanguage, sheetPath} from "./api.js";
import {createBoard} from "./board.js";
import {boxesOfReport, boxKey, moveNumberOf, questionsOf, withoutPlace} from "./game.js";
import {currentLanguage, loadTexts, pageLanguages, t, translatePage} from "./i18n.js";
import {
  boxAnswer,
  boxAt,
  boxAtPlace,
  boxEmpty,
  boxesOf,
  boxProblem,
  claimedPly,
  copyFromRead,
  deleteBox,
  ensureSpareRows,
  headerKeys,
  insertBox,
  newCopy,
  newRow,
  noMoveAnswer,
  withAnswer,
  sheetText,
  toggleCrossed,
} from "./sheet.js";

const startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const $ = (id) => document.getElementById(id);

const state = {
  languages: [],
  games: [],
  // {name, copies: [copy], saved: Set(names on disk that are this game's),
  //  savedName: the name it was last saved under, dirty: changed since,
  //  etags: Map name -> ETag of the version this page read or saved}
  game: null,
  focus: null,  // {copy, ref: {row, side}}
  report: null,
  reportBoxes: [],  // per copy: Map boxKey -> what the reconstruction made of the box
  reportLayouts: [],  // per copy: the layout the report's lines and columns refer to
  line: [startFen],  // positions of the game: line[k] = after k plies
  lineWritten: [],  // the game's moves in the first copy's letters
  verdicts: [],  // per copy: Map boxKey -> {text, answer}
  positions: new Map(),  // fen + letters -> GET /api/position answer (promise)
  board: null,
  timers: {},
  sequence: {verdict: 0, reconstruct: 0},
  saving: Promise.resolve(),
  saveStatus: null,  // {what, detail}: the header's save status
  reconstructing: null,
};

// For the browser test: keystroke -> verdict on screen (ms), and whether
// anything is still on its way (a reconstruction, a save).
window.notera = {
  latencies: [],
  painted: [],
  state,
  busy: () =>
    !!(state.timers.reconstruct || state.timers.whole || state.reconstructing || state.reconstructAgain ||
       (state.game && state.game.dirty) || state.savingNow),
};

// ---------------------------------------------------------------- start

async function start() {
  const stored = localStorage.getItem("notera.language");
  const browser = (navigator.language || "en").slice(0, 2).replace("no", "nb");
  const wanted = pageLanguages.includes(stored) ? stored : pageLanguages.includes(browser) ? browser : "en";
  await setLanguage(wanted);
  state.languages = (await api("/api/languages")).languages;
  fillLanguageSelects();
  bindStatic();
  state.board = await createBoard($("board"), boardMove);
  if (!state.board) $("board-note").textContent = t("board.missing");
  await refreshGames();
  const first = new URLSearchParams(location.search).get("game");
  const game = state.games.find((g) => g.name === first);
  if (game) await openGame(game);
  else newGame();
}

async function setLanguage(code) {
  setApiLanguage(code);
  const language = await loadTexts(code);
  setApiLanguage(language);
  localStorage.setItem("notera.language", language);
  $("ui-language").value = language;
  translatePage();
  renderSaveStatus();
  state.positions.clear();
  // The verdicts' messages are in the old language: asked again.
  for (const verdicts of state.verdicts) verdicts.clear();
  if (state.game) {
    renderCopies();
    renderGames();
    scheduleReconstruct(0);
    if (state.focus) refreshFocus();
  }
}

function fillLanguageSelects() {
  const select = $("ui-language");
  select.replaceChildren(
    ...pageLanguages.map((code) => {
      const entry = state.languages.find((l) => l.code === code);
      return new Option(entry ? entry.name : code, code);
    }),
  );
  select.value = currentLanguage();
}

function bindStatic() {
  $("ui-language").addEventListener("change", (e) => setLanguage(e.target.value));
  $("new-game").addEventListener("click", () => newGame());
  $("export-round").addEventListener("click", () => exportPgn(state.games.map((g) => g.sheets), "round"));
  $("export-game").addEventListener("click", async () => {
    await saveNow();
    exportPgn([fileNames(state.game)], state.game.name);
  });
  $("delete-game").addEventListener("click", deleteGame);
  $("game-name").addEventListener("change", (e) => renameGame(e.target.value));
  $("game-name").addEventListener("input", checkNameField);
  $("two-copies").addEventListener("change", (e) => setTwoCopies(e.target.checked));
  $("insert-box").addEventListener("click", () => editFocusedBox("insert"));
  $("delete-box").addEventListener("click", () => editFocusedBox("delete"));
  $("cross-out").addEventListener("click", () => editFocusedBox("cross"));
  // Buttons must not take the focus away from the box they act on.
  for (const id of ["insert-box", "delete-box", "cross-out"])
    $(id).addEventListener("mousedown", (e) => e.preventDefault());
  // Another tab or the command line may have changed the workspace.
  window.addEventListener("focus", () => refreshGames());
  // Nothing typed is lost when the tab is hidden, closed or reloaded.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveNow();
  });
  window.addEventListener("pagehide", saveBeforeLeaving);
  // A box held back that this browser could not keep would be lost:
  // leaving asks first (the browser's own question).
  window.addEventListener("beforeunload", (e) => {
    if (state.game && state.game.heldKept === false && heldBox(state.game)) e.preventDefault();
  });
  document.addEventListener("click", (e) => {
    if (!e.target.closest(".suggestions") && !e.target.classList.contains("move")) closeSuggestions();
  });
}

// ---------------------------------------------------------------- games

// The files a game is saved as: <name>.sheet, or <name>-white.sheet and
// <name>-black.sheet for both copies.
function fileNamesFor(name, copies) {
  if (copies === 1) return [name + ".sheet"];
  return [name + "-white.sheet", name + "-black.sheet"];
}

function fileNames(game) {
  return fileNamesFor(game.name, game.copies.length);
}

// A game name as typed: the page adds ".sheet" itself, so a typed ending
// goes (else "x.sheet" would be saved as x.sheet.sheet).
function cleanName(typed) {
  let name = typed.trim();
  while (/\.sheet$/i.test(name)) name = name.slice(0, -".sheet".length).trim();
  return name;
}

// What is wrong with a game name ("" when nothing): the server's rules for
// sheet names (docs/serve.md), said at once in the field rather than when
// a save fails.
function nameProblem(name) {
  if (/[/\\]/.test(name)) return "separator";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "control";
  if (name.includes("..")) return "dot_dot";
  if (name.startsWith(".")) return "hidden";
  if (new TextEncoder().encode(fileNamesFor(name, 2)[0]).length > 120) return "too_long";
  return "";
}

// The files of the workspace that are not this game's own: saving over one
// of them would overwrite another game.
function othersFiles(game) {
  const files = new Set(state.games.flatMap((g) => g.sheets));
  for (const name of game.saved) files.delete(name);
  return files;
}

async function refreshGames() {
  try {
    const answer = await api("/api/sheets");
    state.games = answer.games;
    state.workspace = answer.workspace;
  } catch (e) {
    showError(e);
  }
  renderGames();
}

function gameTitle(tags, name) {
  if (tags.White || tags.Black) return (tags.White || "?") + " – " + (tags.Black || "?");
  return name;
}

function renderGames() {
  const list = $("game-list");
  list.replaceChildren();
  for (const g of state.games) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.className = "game-link";
    button.dataset.game = g.name;
    if (state.game && state.game.name === g.name) button.setAttribute("aria-current", "true");
    const title = document.createElement("span");
    title.className = "game-title";
    title.textContent = gameTitle(g.tags || {}, g.name);
    const detail = document.createElement("span");
    detail.className = "game-detail";
    const parts = title.textContent === g.name ? [] : [g.name];
    if (g.tags && g.tags.Round) parts.push(t("list.round", {round: g.tags.Round}));
    parts.push(g.sheets.length === 2 ? t("list.two_copies") : t("list.one_copy"));
    detail.textContent = parts.join(" · ");
    button.append(title, detail);
    button.addEventListener("click", () => openGame(g));
    li.append(button);
    list.append(li);
  }
  if (!state.games.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = t("list.empty");
    list.append(li);
  }
}

// A name no game has and no file of the workspace would clash with:
// game-1, game-2, … (or <base>-1, … when a name turns out to be taken).
function freeName(base = "game", copies = 1) {
  const taken = new Set(state.games.map((g) => g.name));
  const files = new Set(state.games.flatMap((g) => g.sheets));
  for (let n = 1; ; ++n) {
    const name = base + "-" + n;
    if (!taken.has(name) && !fileNamesFor(name, copies).some((f) => files.has(f))) return name;
  }
}

async function newGame() {
  // The game being typed is saved first (its last change may still be
  // waiting for its timer), as when another game is opened.
  await saveNow();
  const language = pageLanguages.includes(currentLanguage()) ? currentLanguage() : "";
  state.game = {name: freeName(), copies: [newCopy({language, owner: "white"})], saved: new Set(), savedName: "",
                dirty: false, etags: new Map()};
  afterGameChange();
  focusBox(0, {row: 0, side: "white"});
  const first = document.querySelector('.copy input[data-header="event"]');
  if (first) first.focus();
}

async function openGame(g) {
  await saveNow();
  try {
    const copies = [];
    const etags = new Map();  // name -> the ETag of the version read
    for (const name of g.sheets) {
      const response = await api(sheetPath(name), {raw: true});
      if (response.headers.get("ETag")) etags.set(name, response.headers.get("ETag"));
      const text = await response.text();
      copies.push(copyFromRead(await api("/api/read", {method: "POST", body: {text, name}})));
    }
    if (copies.length === 2) {
      copies[0].owner = "white";
      copies[1].owner = "black";
    }
    state.game = {name: g.name, copies, saved: new Set(g.sheets), savedName: g.name, dirty: false, etags};
    // Boxes this browser holds back for the game come back, held back still.
    const held = restoreHeld(state.game);
    afterGameChange();
    if (held.length) setSaveStatus("held", boxLabel(held[0].copy, held[0].ref));
    // The cursor goes where the typing goes on: the first empty box, in
    // view; or the first box held back, which says why.
    const at = held.length ? held[0] : {copy: 0, ref: firstEmptyBox(copies[0])};
    focusBox(at.copy, at.ref, true);
    const input = boxInput(at.copy, at.ref);
    if (input) input.scrollIntoView({block: "center"});
  } catch (e) {
    showError(e);
  }
}

function firstEmptyBox(copy) {
  const boxes = boxesOf(copy);
  let last = -1;
  boxes.forEach((b, i) => {
    if (!boxEmpty(boxAt(copy, b))) last = i;
  });
  return boxes[Math.min(last + 1, boxes.length - 1)];
}

function afterGameChange() {
  state.report = null;
  state.reportBoxes = state.game.copies.map(() => new Map());
  state.verdicts = state.game.copies.map(() => new Map());
  state.line = [state.game.copies[0].startFen || startFen];
  state.lineWritten = [];
  state.focus = null;
  $("game-name").value = state.game.name;
  checkNameField();
  updateAddress();
  $("two-copies").checked = state.game.copies.length === 2;
  renderCopies();
  renderGames();
  renderGame();
  scheduleReconstruct(0);
}

// Shows what is wrong with the name being typed, as it is typed.
function checkNameField() {
  const field = $("game-name");
  const problem = nameProblem(cleanName(field.value));
  field.setAttribute("aria-invalid", problem ? "true" : "false");
  $("game-name-problem").textContent = problem ? t("name." + problem) : "";
  return problem;
}

async function renameGame(typed) {
  const game = state.game;
  const field = $("game-name");
  const name = cleanName(typed);
  const refuse = (message) => {
    showError({message});
    field.value = game.name;
    checkNameField();
  };
  if (!name) return refuse(t("name.empty"));
  const problem = nameProblem(name);
  if (problem) return refuse(t("name." + problem));
  if (name === game.name) {
    field.value = name;
    return;
  }
  // Another game of that name, or a file the new name would be saved as
  // (lie-bakke-white is a file of the game lie-bakke): taken. The server
  // refuses to write a new name over a file too (If-None-Match).
  await refreshGames();
  if (state.games.some((g) => g.name === name && !g.sheets.some((s) => game.saved.has(s))))
    return refuse(t("error.name_taken", {name}));
  const others = othersFiles(game);
  const clash = fileNamesFor(name, game.copies.length).find((f) => others.has(f));
  if (clash) return refuse(t("error.file_taken", {file: clash}));
  const before = game.name;
  game.name = name;
  field.value = name;
  game.dirty = true;
  await saveNow();
  if (game.name === before) {
    field.value = before;
    checkNameField();
  }
}

async function setTwoCopies(two) {
  const game = state.game;
  if (two && game.copies.length === 1) {
    const first = game.copies[0];
    first.owner = "white";
    const second = newCopy({language: first.language, owner: "black"});
    second.headers = {...first.headers};
    second.startFen = first.startFen;
    game.copies.push(second);
  } else if (!two && game.copies.length === 2) {
    const second = game.copies[1];
    if (boxesOf(second).some((b) => !boxEmpty(boxAt(second, b))) && !confirm(t("confirm.drop_copy"))) {
      $("two-copies").checked = true;
      return;
    }
    game.copies.pop();
    // The focus was in the copy that is gone: the same box of the first.
    if (state.focus && state.focus.copy >= game.copies.length) {
      const ref = state.focus.ref;
      const rows = game.copies[0].rows;
      state.focus = null;
      focusBox(0, ref.row < rows.length && !(ref.side === "white" && rows[ref.row].blackFirst) ? ref
                                                                                              : firstEmptyBox(game.copies[0]));
    }
  }
  state.reportBoxes = game.copies.map(() => new Map());
  state.verdicts = game.copies.map(() => new Map());
  renderCopies();
  changed();
}

async function deleteGame() {
  const game = state.game;
  if (!confirm(t("confirm.delete", {name: game.name}))) return;
  clearTimeout(state.timers.save);
  for (const name of game.saved) {
    try {
      await api(sheetPath(name), {method: "DELETE"});
    } catch (e) {
      if (!(e instanceof ApiFailure && e.status === 404)) showError(e);
    }
  }
  game.saved.clear();
  game.dirty = false;
  forgetHeld(game);
  await refreshGames();
  newGame();
}

// ---------------------------------------------------------------- saving

// A change to the game: saved half a second after the last one. The game
// that changed is saved, whatever is open by then.
function changed() {
  const game = state.game;
  game.dirty = true;
  keepHeld(game);
  setSaveStatus("unsaved");
  clearTimeout(state.timers.save);
  state.timers.save = setTimeout(() => saveNow(game), 500);
  scheduleReconstruct();
}

// The save status in the header, kept so that it can be said again in
// another language.
function setSaveStatus(what, detail) {
  state.saveStatus = {what, detail};
  renderSaveStatus();
}

function renderSaveStatus() {
  const el = $("save-status");
  const {what, detail} = state.saveStatus || {what: "", detail: ""};
  el.dataset.state = what;
  el.textContent = what ? t("save." + what, {detail: detail || ""}) : "";
}

// The boxes of the game whose text the .sheet format would not keep as it
// is (a blank inside it, a comment sign, ...): they are held back, so that
// the file never means something else. The rest of the game is saved as
// typed, with those boxes as not recorded (as the reconstruction reads
// them), and what they hold is kept in this browser (localStorage, per
// workspace and game) until it is changed, so that a reload, a crash or
// opening the game again later brings them back, held back still.
function heldBoxes(game) {
  const out = [];
  for (let c = 0; c < game.copies.length; ++c)
    for (const ref of boxesOf(game.copies[c])) {
      const text = boxAt(game.copies[c], ref).text;
      const problem = boxProblem(text);
      if (problem) out.push({copy: c, ref, problem, text});
    }
  return out;
}

function heldBox(game) {
  return heldBoxes(game)[0] || null;
}

const heldKey = (name) => "notera.held\n" + (state.workspace || "") + "\n" + name;

// Stores the game's held boxes (or forgets them when there are none).
// `heldKept` false: this browser would not keep them (storage full or
// off), and leaving the page asks first.
function keepHeld(game) {
  const boxes = heldBoxes(game).map((h) => ({copy: h.copy, row: h.ref.row, side: h.ref.side,
                                             number: game.copies[h.copy].rows[h.ref.row].number, text: h.text}));
  const key = heldKey(game.name);
  try {
    if (game.heldKey && game.heldKey !== key) localStorage.removeItem(game.heldKey);  // renamed
    if (boxes.length) localStorage.setItem(key, JSON.stringify({boxes, at: Date.now()}));
    else localStorage.removeItem(key);
    game.heldKept = true;
  } catch {
    game.heldKept = boxes.length === 0;
  }
  game.heldKey = key;
}

function forgetHeld(game) {
  try {
    localStorage.removeItem(game.heldKey || heldKey(game.name));
  } catch {
    // nothing kept
  }
}

// Puts the held boxes this browser kept for the game back in the boxes
// they came from, which the file has as not recorded; the boxes put back.
// One the file has a move in by now (typed elsewhere since) is not
// overwritten, and the page says which text did not come back.
function restoreHeld(game) {
  let kept = null;
  game.heldKey = heldKey(game.name);
  try {
    kept = JSON.parse(localStorage.getItem(game.heldKey) || "null");
  } catch {
    kept = null;
  }
  const restored = [], lost = [];
  for (const b of (kept && Array.isArray(kept.boxes) && kept.boxes) || []) {
    const copy = game.copies[b.copy];
    if (!copy || typeof b.text !== "string" || !boxProblem(b.text)) continue;
    while (copy.rows[copy.rows.length - 1].number < b.number) copy.rows.push(newRow(copy.rows[copy.rows.length - 1].number + 1));
    const row = copy.rows[b.row] && copy.rows[b.row].number === b.number ? b.row
                                                                         : copy.rows.findIndex((r) => r.number === b.number);
    const box = row >= 0 && !(b.side === "white" && copy.rows[row].blackFirst) ? copy.rows[row][b.side] : null;
    if (!box || (box.text.trim() && box.text.trim() !== "-")) {
      lost.push(b.text);
      continue;
    }
    box.text = b.text;
    restored.push({copy: b.copy, ref: {row, side: b.side}});
  }
  if (lost.length) showError({message: t("held.not_restored", {texts: lost.map((x) => "“" + x + "”").join(", ")})});
  keepHeld(game);
  return restored;
}

// Writes a copy; a name the game has not saved under must be a new file:
// the server refuses (412) to write it over another game's sheet. A name
// it has read or saved must still be the version it read or saved
// (If-Match with the sheet's ETag): a stale copy, in a tab that did not
// see another tab's save, is refused (412) rather than overwriting it. The
// request outlives the page (keepalive), so a save under way when the page
// is closed or reloaded still reaches the server.
async function putSheet(game, name, index, {ownSaveUnderWay = false} = {}) {
  // A held box is written as not recorded (it stays on the page).
  const text = sheetText(game.copies[index], state.languages, {unkept: true}).text;
  const fresh = !game.saved.has(name);
  // While this page's own save is on its way, the version it will make is
  // not known yet: a save as the page closes then goes without If-Match.
  const check = game.etags.has(name) && !ownSaveUnderWay;
  const headers = fresh ? {"If-None-Match": "*"} : check ? {"If-Match": game.etags.get(name)} : {};
  try {
    const response = await api(sheetPath(name), {method: "PUT", text, keepalive: text.length < 60000, headers, raw: true});
    if (response.headers.get("ETag")) game.etags.set(name, response.headers.get("ETag"));
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 412) e.stale = !fresh;
    throw e;
  }
  game.saved.add(name);
}

// Writes the game's copies (and removes files it no longer uses, after a
// rename or when a copy was added or dropped). Saves run one after another.
function saveNow(game = state.game) {
  if (game === state.game) clearTimeout(state.timers.save);
  state.saving = state.saving.then(async () => {
    if (!game || !game.dirty) return;
    keepHeld(game);
    game.dirty = false;
    state.savingNow = true;
    setSaveStatus("saving");
    const names = fileNames(game);
    try {
      await Promise.all(names.map((name, i) => putSheet(game, name, i)));
      for (const old of [...game.saved]) {
        if (names.includes(old)) continue;
        await api(sheetPath(old), {method: "DELETE"}).catch(() => {});
        game.saved.delete(old);
      }
      game.savedName = game.name;
      if (game === state.game) {
        const held = heldBox(game);
        setSaveStatus(game.dirty ? "unsaved" : held ? "held" : "saved", held ? boxLabel(held.copy, held.ref) : "");
        updateAddress();
      }
      await refreshGames();
    } catch (e) {
      game.dirty = true;
      if (e.stale) {
        // Another tab (or the command line) saved this sheet since this
        // page read it: nothing is overwritten, and the page says so.
        showError(e);
        setSaveStatus("failed", e.message);
        return;
      }
      if (e instanceof ApiFailure && e.status === 412) {
        // The name is another game's (made meanwhile by another tab, or
        // the files of both copies clash): the game goes back to the name
        // it has on disk, else takes a free one, and is saved there.
        await refreshGames();
        game.name = game.savedName && game.savedName !== game.name ? game.savedName
                                                                   : freeName(game.name, game.copies.length);
        showError(e);
        if (game === state.game) {
          $("game-name").value = game.name;
          setSaveStatus("failed", e.message);
          clearTimeout(state.timers.save);
          state.timers.save = setTimeout(() => saveNow(game), 500);
        }
        return;
      }
      setSaveStatus("failed", e.message);
    } finally {
      state.savingNow = false;
    }
  });
  return state.saving;
}

// The page is going away (reload, tab closed, another address): what is
// not saved yet is sent at once, in requests that outlive the page, not
// queued behind a save under way.
function saveBeforeLeaving() {
  const game = state.game;
  if (!game || !game.dirty) return;
  keepHeld(game);
  clearTimeout(state.timers.save);
  game.dirty = false;
  const ownSaveUnderWay = !!state.savingNow;
  fileNames(game).forEach((name, i) => putSheet(game, name, i, {ownSaveUnderWay}).catch(() => (game.dirty = true)));
}

// The open game is in the page's address (?game=), so that a reload
// reopens it.
function updateAddress() {
  const params = new URLSearchParams(location.search);
  const name = state.game && state.game.savedName;
  if (name) params.set("game", name);
  else params.delete("game");
  const query = params.toString();
  const address = location.pathname + (query ? "?" + query : "") + location.hash;
  if (address !== location.pathname + location.search + location.hash) history.replaceState(null, "", address);
}

// The file name of a Content-Disposition: filename*=UTF-8''… (RFC 6266,
// percent-encoded UTF-8: Ærø-Groß.pgn), else the ASCII filename="…".
function downloadName(disposition) {
  const extended = disposition.match(/filename\*\s*=\s*UTF-8''([^;\s]+)/i);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // not percent-encoded UTF-8: the plain name
    }
  }
  const plain = disposition.match(/filename="([^"]+)"/);
  return plain ? plain[1] : "";
}

async function exportPgn(groups, name) {
  if (!groups.length) return;
  try {
    const response = await api("/api/export", {method: "POST", body: {names: groups, messages: currentLanguage()}, raw: true});
    const blob = await response.blob();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = downloadName(response.headers.get("Content-Disposition") || "") || name + ".pgn";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (e) {
    showError(e);
  }
}

function showError(e) {
  const el = $("errors");
  el.textContent = e.message || String(e);
  el.hidden = false;
  clearTimeout(state.timers.error);
  state.timers.error = setTimeout(() => (el.hidden = true), 8000);
}

// ---------------------------------------------------------------- the sheet

function languageName(code) {
  const entry = state.languages.find((l) => l.code === code);
  return entry ? entry.name + " (" + code + ")" : code;
}

function copyTitle(copy, index) {
  if (state.game.copies.length === 2) return t(index === 0 ? "copy.white_sheet" : "copy.black_sheet");
  return t("copy.sheet");
}

function renderCopies() {
  const container = $("copies");
  container.replaceChildren();
  inputs.clear();
  state.game.copies.forEach((copy, index) => {
    ensureSpareRows(copy);
    container.append(renderCopy(copy, index));
  });
  container.classList.toggle("two", state.game.copies.length === 2);
  document.querySelector("main").classList.toggle("two", state.game.copies.length === 2);
  document.body.classList.toggle("two-copies", state.game.copies.length === 2);
  if (state.focus) {
    const input = boxInput(state.focus.copy, state.focus.ref);
    if (input) input.classList.add("focused");
  }
  for (let c = 0; c < state.game.copies.length; ++c) updateAllBoxes(c);
}

function labelled(labelText, control, className = "field") {
  const label = document.createElement("label");
  label.className = className;
  const span = document.createElement("span");
  span.textContent = labelText;
  label.append(span, control);
  return label;
}

// A text field of the sheet's head: what is typed goes into the copy
// (`store`) and is saved with it.
function headField(tag, kind, value, store) {
  const control = document.createElement(tag);
  if (tag === "textarea") control.rows = 1;
  control.dataset.header = kind;
  control.value = value;
  control.addEventListener("input", () => {
    store(control.value);
    changed();
  });
  return control;
}

function renderCopy(copy, index) {
  const section = document.createElement("section");
  section.className = "copy";
  section.dataset.copy = index;
  const title = document.createElement("h2");
  title.textContent = copyTitle(copy, index);
  section.setAttribute("aria-label", title.textContent);
  section.append(title);

  const head = document.createElement("div");
  head.className = "sheet-head";
  for (const key of headerKeys) {
    const input = headField("input", key, copy.headers[key], (value) => (copy.headers[key] = value));
    input.autocomplete = "off";
    const field = labelled(t("header." + key), input, "field field-" + key);
    if (key === "date") {
      const hint = document.createElement("output");
      hint.className = "hint date-hint";
      hint.dataset.copy = index;
      field.append(hint);
    }
    head.append(field);
  }
  const notation = document.createElement("select");
  notation.dataset.header = "notation";
  notation.append(new Option(t("header.notation_auto"), ""));
  for (const l of state.languages) notation.append(new Option(languageName(l.code), l.code));
  notation.value = copy.language;
  notation.addEventListener("change", () => {
    copy.language = notation.value;
    state.positions.clear();
    changed();
    if (state.focus && state.focus.copy === index) refreshFocus();
  });
  head.append(labelled(t("header.notation"), notation, "field field-notation"));
  const owner = document.createElement("select");
  owner.dataset.header = "owner";
  owner.append(new Option(t("header.owner_unknown"), ""), new Option(t("header.owner_white"), "white"),
               new Option(t("header.owner_black"), "black"));
  owner.value = copy.owner;
  owner.disabled = state.game.copies.length === 2;
  owner.addEventListener("change", () => {
    copy.owner = owner.value;
    changed();
  });
  head.append(labelled(t("header.owner"), owner, "field field-owner"));
  const notes = headField("textarea", "notes", copy.notes, (value) => (copy.notes = value));
  head.append(labelled(t("header.notes"), notes, "field field-notes"));
  const extraText = copy.extraHeaders.map((h) => h.key + ": " + h.value).join("\n");
  const extra = headField("textarea", "extra", extraText, (value) => {
    copy.extraHeaders = value
      .split("\n")
      .map((line) => {
        const colon = line.indexOf(":");
        return colon > 0 ? {key: line.slice(0, colon), value: line.slice(colon + 1)} : null;
      })
      .filter(Boolean);
  });
  const extraField = labelled(t("header.extra"), extra, "field field-extra");
  head.append(extraField);
  section.append(head);

  const table = document.createElement("table");
  table.className = "moves";
  const caption = document.createElement("caption");
  caption.className = "visually-hidden";
  caption.textContent = t("grid.caption");
  table.append(caption);
  const thead = document.createElement("thead");
  const headRow = document.createElement("tr");
  for (const [key, cls] of [["grid.number", "num"], ["grid.white", "mv"], ["grid.black", "mv"],
                            ["grid.white_clock", "clk"], ["grid.black_clock", "clk"]]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.className = cls;
    th.textContent = t(key);
    headRow.append(th);
  }
  thead.append(headRow);
  const tbody = document.createElement("tbody");
  copy.rows.forEach((row, r) => tbody.append(renderRow(copy, index, row, r)));
  table.append(thead, tbody);
  section.append(table);
  const diagnostics = document.createElement("ul");
  diagnostics.className = "sheet-notes";
  diagnostics.dataset.copy = index;
  section.append(diagnostics);
  return section;
}

function renderRow(copy, index, row, r) {
  const tr = document.createElement("tr");
  const number = document.createElement("th");
  number.scope = "row";
  number.className = "num";
  number.textContent = row.number + (row.blackFirst ? "…" : "");
  tr.append(number);
  for (const side of ["white", "black"]) {
    const td = document.createElement("td");
    td.className = "box";
    if (side === "white" && row.blackFirst) {
      td.classList.add("absent");
      tr.append(td);
      continue;
    }
    td.append(renderBox(copy, index, {row: r, side}));
    tr.append(td);
  }
  for (const side of ["white", "black"]) {
    const td = document.createElement("td");
    td.className = "clock";
    const input = document.createElement("input");
    const key = side === "white" ? "whiteClock" : "blackClock";
    input.value = row[key];
    input.className = "clock-input";
    input.dataset.copy = index;
    input.dataset.row = r;
    input.dataset.side = side;
    input.autocomplete = "off";
    input.inputMode = "numeric";
    input.setAttribute("aria-label", t(side === "white" ? "grid.white_clock_of" : "grid.black_clock_of", {number: row.number}));
    input.addEventListener("input", () => {
      row[key] = input.value;
      changed();
    });
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        const next = copy.rows[r + 1];
        if (next) focusBox(index, {row: r + 1, side: next.blackFirst ? "black" : "white"}, true);
      }
    });
    td.append(input);
    tr.append(td);
  }
  return tr;
}

function renderBox(copy, index, ref) {
  const box = boxAt(copy, ref);
  const wrap = document.createElement("div");
  wrap.className = "box-inner";
  wrap.dataset.copy = index;
  wrap.dataset.row = ref.row;
  wrap.dataset.side = ref.side;
  for (const crossed of box.crossed) {
    const s = document.createElement("s");
    s.className = "crossed";
    s.textContent = crossed;
    s.setAttribute("aria-label", t("box.crossed_out", {text: crossed}));
    wrap.append(s);
  }
  const input = document.createElement("input");
  input.className = "move";
  input.value = box.text;
  input.dataset.copy = index;
  input.dataset.row = ref.row;
  input.dataset.side = ref.side;
  input.autocomplete = "off";
  input.spellcheck = false;
  input.setAttribute("autocapitalize", "off");
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", "suggestions");
  input.setAttribute("aria-describedby", "verdict");
  input.setAttribute("aria-label", t(ref.side === "white" ? "grid.white_move" : "grid.black_move",
                                     {number: copy.rows[ref.row].number}));
  inputs.set(inputKey(index, ref), input);
  input.addEventListener("focus", () => focusBox(index, ref));
  input.addEventListener("input", () => {
    const typed = performance.now();  // the keystroke
    box.text = input.value;
    state.verdicts[index].delete(boxKey(ref));
    changed();
    const row = copy.rows[ref.row];
    if (ref.row >= copy.rows.length - 3 && (row.white.text || row.black.text)) {
      const before = copy.rows.length;
      ensureSpareRows(copy);
      if (copy.rows.length !== before) appendRows(index, before);
    }
    requestVerdict(index, ref, {suggest: true, typed});
  });
  input.addEventListener("keydown", (e) => boxKeydown(e, index, ref));
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  wrap.append(input, mark);
  return wrap;
}

function appendRows(index, from) {
  const copy = state.game.copies[index];
  const tbody = document.querySelector(`.copy[data-copy="${index}"] tbody`);
  for (let r = from; r < copy.rows.length; ++r) tbody.append(renderRow(copy, index, copy.rows[r], r));
}

// The boxes' inputs by copy, row and side (looked up at every keystroke and
// for every box after each reconstruction).
const inputs = new Map();
const inputKey = (index, ref) => index + ":" + ref.row + ":" + ref.side;

function boxInput(index, ref) {
  const input = inputs.get(inputKey(index, ref));
  return input && input.isConnected ? input : null;
}

function boxKeydown(e, index, ref) {
  const copy = state.game.copies[index];
  const list = $("suggestions");
  const open = !list.hidden && list.dataset.copy == index && list.dataset.key === boxKey(ref);
  if (e.altKey && (e.key === "Insert" || e.key === "Delete" || e.key === "x" || e.key === "X")) {
    e.preventDefault();
    editFocusedBox(e.key === "Insert" ? "insert" : e.key === "Delete" ? "delete" : "cross");
    return;
  }
  if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
    e.preventDefault();
    moveSuggestion(e.key === "ArrowDown" ? 1 : -1);
    return;
  }
  if (e.key === "Escape" && open) {
    e.preventDefault();
    closeSuggestions();
    return;
  }
  if (e.key === "Enter") {
    e.preventDefault();
    if (open && list.querySelector('[aria-selected="true"]')) {
      acceptSuggestion(list.querySelector('[aria-selected="true"]').dataset.written);
      return;
    }
    closeSuggestions();
    stepBox(index, ref, e.shiftKey ? -1 : 1);
    return;
  }
  const input = e.target;
  if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    e.preventDefault();
    const row = ref.row + (e.key === "ArrowDown" ? 1 : -1);
    if (row >= 0 && row < copy.rows.length && !(ref.side === "white" && copy.rows[row].blackFirst))
      focusBox(index, {row, side: ref.side}, true);
  } else if (e.key === "ArrowLeft" && input.selectionStart === 0 && input.selectionEnd === 0) {
    e.preventDefault();
    if (ref.side === "black") focusBox(index, {row: ref.row, side: "white"}, true);
    else if (index > 0) focusBox(index - 1, {row: Math.min(ref.row, state.game.copies[index - 1].rows.length - 1), side: "black"}, true);
  } else if (e.key === "ArrowRight" && input.selectionStart === input.value.length) {
    e.preventDefault();
    if (ref.side === "white") focusBox(index, {row: ref.row, side: "black"}, true);
    else if (index + 1 < state.game.copies.length)
      focusBox(index + 1, {row: Math.min(ref.row, state.game.copies[index + 1].rows.length - 1), side: "white"}, true);
  }
}

// The next (or previous) box in the order of the sheet.
function stepBox(index, ref, step) {
  const copy = state.game.copies[index];
  const boxes = boxesOf(copy);
  const at = boxes.findIndex((b) => b.row === ref.row && b.side === ref.side);
  const next = boxes[at + step];
  if (next) focusBox(index, next, true);
}

function focusBox(index, ref, moveFocus = false) {
  const previous = state.focus;
  if (previous) {
    const old = boxInput(previous.copy, previous.ref);
    if (old) old.classList.remove("focused");
  }
  state.focus = {copy: index, ref};
  const input = boxInput(index, ref);
  if (input) {
    input.classList.add("focused");
    if (moveFocus && document.activeElement !== input) input.focus();
  }
  if (!previous || previous.copy !== index || boxKey(previous.ref) !== boxKey(ref)) {
    closeSuggestions();
    refreshFocus();
  }
}

// Insert a box, delete it, cross its move out: edits that move boxes.
function editFocusedBox(what) {
  if (!state.focus) return;
  const {copy: index, ref} = state.focus;
  const copy = state.game.copies[index];
  if (what === "insert") insertBox(copy, ref);
  else if (what === "delete") deleteBox(copy, ref);
  else toggleCrossed(boxAt(copy, ref));
  state.verdicts[index].clear();
  state.reportBoxes[index] = new Map();
  renderCopies();
  const input = boxInput(index, ref);
  if (input) input.focus();
  changed();
  refreshFocus();
  announce(t(what === "insert" ? "box.inserted" : what === "delete" ? "box.deleted" : "box.cross_toggled"));
}

// ---------------------------------------------------------------- verdicts

function copyLetters(index) {
  const copy = state.game.copies[index];
  if (copy.language) return copy.language;
  const decided = state.report && state.report.languages.find((l) => l.sheet === index + 1);
  return decided ? decided.language : "";
}

// The position before the move a box holds: the reconstructed game's, at
// the ply the reconstruction read the box as, else at the ply the box
// claims; null when the game does not reach it yet.
function fenForBox(index, ref) {
  const info = state.reportBoxes[index] && state.reportBoxes[index].get(boxKey(ref));
  if (info && info.ply) return state.line[info.ply - 1] || null;
  const ply = claimedPly(state.game.copies[index], ref);
  return ply >= 1 && ply - 1 < state.line.length ? state.line[ply - 1] : null;
}

function positionOf(fen, letters) {
  const key = fen + "|" + letters;
  if (!state.positions.has(key)) {
    const answer = api("/api/position", {method: "POST", body: {fen, lang: letters || "auto"}});
    answer.catch(() => state.positions.delete(key));
    state.positions.set(key, answer);
    if (state.positions.size > 400) state.positions.delete(state.positions.keys().next().value);
  }
  return state.positions.get(key);
}

// What an empty box after the end of the game says (the focus panel is not
// left blank). `complete` says only that every box was used or explained:
// while a sheet is typed, the game so far is complete after every box. The
// game is over when its last position ends it (mate, stalemate, a dead
// position, ...) or the sheet gives a decisive result (a resignation); a
// written draw says so without saying the game is over (more moves may be
// on their way), and no result ("*") says nothing.
function afterEnd(index, ref) {
  const report = state.report;
  if (!report || !report.complete || !report.moves.length) return "";
  const info = state.reportBoxes[index] && state.reportBoxes[index].get(boxKey(ref));
  if (info && info.ply) return "";
  if (claimedPly(state.game.copies[index], ref) <= report.moves.length) return "";
  const end = report.result.by_position;
  let result = report.result.written;
  // A sheet without a result that ends in mate: the mate's result.
  if (end && result === "*") {
    const whiteMovedLast = (report.moves.length % 2 === 1) === (state.game.copies[0].startSide === "white");
    result = end !== "checkmate" ? "1/2-1/2" : whiteMovedLast ? "1-0" : "0-1";
  }
  const args = {result, moves: Math.ceil(report.moves.length / 2)};
  if (end || result === "1-0" || result === "0-1") return t("verdict.after_end", args);
  if (result === "1/2-1/2") return t("verdict.after_draw", args);
  return "";
}

// A '-' box: the reconstruction will find its move; once it has read the
// box, the box's reading says which move and why, and the note would say
// it twice.
function unrecordedNote(index, ref) {
  const info = state.reportBoxes[index].get(boxKey(ref));
  return info && (info.ply || info.explanation) ? "" : t("verdict.unrecorded");
}

// What the box says in its position (POST /api/move), shown at once;
// `typed` is when the keystroke came, for the latency the test reports.
async function requestVerdict(index, ref, {suggest = false, typed = 0} = {}) {
  const copy = state.game.copies[index];
  const box = boxAt(copy, ref);
  const text = box.text.trim();
  const fen = fenForBox(index, ref);
  const focused = isFocused(index, ref);
  const sequence = ++state.sequence.verdict;
  const problem = boxProblem(text);
  if (problem) {
    // Not a move the file can keep: said at once, and the save waits.
    state.verdicts[index].delete(boxKey(ref));
    updateBoxView(index, ref);
    if (focused) renderVerdict(index, ref, null, t(problem.key, problem.args), "unkept");
    if (suggest) closeSuggestions();
    return;
  }
  if (!text || text === "-") {
    state.verdicts[index].delete(boxKey(ref));
    updateBoxView(index, ref);
    if (focused) renderVerdict(index, ref, null, text === "-" ? unrecordedNote(index, ref) : afterEnd(index, ref));
    if (suggest) closeSuggestions();
    return;
  }
  if (!fen) {
    if (focused) renderVerdict(index, ref, null, t("verdict.no_position"));
    return;
  }
  const letters = copyLetters(index);
  if (suggest) showSuggestions(index, ref, fen, letters, text);
  if (boxAnswer(text) === noMoveAnswer) {  // answered: no move of the game
    state.verdicts[index].delete(boxKey(ref));
    updateBoxView(index, ref);
    if (focused) renderVerdict(index, ref, null, t("verdict.no_move"));
    if (suggest) closeSuggestions();
    return;
  }
  try {
    // A box with a person's answer means the answer.
    const judged = boxAnswer(text) || text;
    const answer = await api("/api/move", {method: "POST", body: {fen, text: judged, lang: letters || "auto", messages: currentLanguage()}});
    if (box.text.trim() !== text) return;  // typed on since
    state.verdicts[index].set(boxKey(ref), {text, answer, fen});
    updateBoxView(index, ref);
    if (isFocused(index, ref) && sequence === state.sequence.verdict) {
      renderVerdict(index, ref, answer);
      if (typed) {
        window.notera.latencies.push(performance.now() - typed);
        // On screen: the frame that shows it (the second rAF runs after it is painted).
        requestAnimationFrame(() => requestAnimationFrame(() => window.notera.painted.push(performance.now() - typed)));
      }
    }
    if (answer.verdict === "legal") extendLine(index, ref, fen, answer.uci, letters);
  } catch (e) {
    if (isFocused(index, ref)) renderVerdict(index, ref, null, e.message);
  }
}

// A legal box at the end of the known game carries it one ply further, so
// that the next box has its position before the reconstruction has run.
async function extendLine(index, ref, fen, uci, letters) {
  const ply = (() => {
    const info = state.reportBoxes[index].get(boxKey(ref));
    return info && info.ply ? info.ply : claimedPly(state.game.copies[index], ref);
  })();
  if (state.line[ply - 1] !== fen) return;
  const position = await positionOf(fen, letters);
  const move = position.moves.find((m) => m.uci === uci);
  if (!move || state.line[ply - 1] !== fen) return;
  if (state.line[ply] === move.fen_after) return;
  state.line = state.line.slice(0, ply).concat([move.fen_after]);
  state.lineWritten = state.lineWritten.slice(0, ply - 1).concat([move.written]);
}

function isFocused(index, ref) {
  return state.focus && state.focus.copy === index && boxKey(state.focus.ref) === boxKey(ref);
}

function boxLabel(index, ref) {
  const copy = state.game.copies[index];
  const label = t(ref.side === "white" ? "grid.white_move" : "grid.black_move", {number: copy.rows[ref.row].number});
  return state.game.copies.length === 2 ? copyTitle(copy, index) + ": " + label : label;
}

// The focused box's verdict, and what the reconstruction made of the box.
function renderVerdict(index, ref, answer, note, kind = "") {
  const box = boxAt(state.game.copies[index], ref);
  const info = state.reportBoxes[index].get(boxKey(ref));
  const el = $("verdict");
  el.dataset.text = box.text.trim();
  el.dataset.verdict = answer ? answer.verdict : kind;
  el.className = "verdict" + (answer ? " v-" + answer.verdict : kind ? " v-" + kind : "");
  const lines = [];
  if (answer) lines.push(answer.message);
  else if (note) lines.push(note);
  el.textContent = lines.join(" ");
  renderBoxInfo(index, ref, info);
}

function renderBoxInfo(index, ref, info) {
  $("box-title").textContent = boxLabel(index, ref);
  const el = $("box-reading");
  el.replaceChildren();
  if (boxProblem(boxAt(state.game.copies[index], ref).text)) info = null;
  el.dataset.status = info ? info.status : "";
  if (!info) return;
  const p = document.createElement("p");
  if (info.ply) {
    p.textContent = t("box.game_move", {move: gameMoveText(info.move), ply: moveLabel(info.ply)});
    el.append(p);
  }
  // The title names the box: its messages say what it holds, not where.
  const where = (info.written || info.dropped || {}).where;
  const explanation = withoutPlace(info.explanation || (info.dropped && info.dropped.message), where);
  if (explanation) {
    const e = document.createElement("p");
    e.className = "explanation";
    e.textContent = explanation;
    el.append(e);
  }
  if (info.crossedOut) {
    const c = document.createElement("p");
    c.className = "explanation";
    c.textContent = withoutPlace(info.crossedOut.message, info.crossedOut.where);
    el.append(c);
  }
  for (const problem of info.problems || []) {
    const q = document.createElement("p");
    q.className = "explanation problem " + problem.severity;
    q.textContent = withoutPlace(problem.message, problem.where);
    el.append(q);
  }
}

// A move of the game as the page shows it: in the first sheet's letters
// (`spelt`: the reconstruction asked for "to": "sheet"), as its
// explanations name it.
function gameMoveText(move) {
  return move.spelt || state.lineWritten[move.ply - 1] || move.san;
}

function moveLabel(ply) {
  const copy = state.game.copies[0];
  const {number, side} = moveNumberOf(ply, copy.startSide, copy.startNumber);
  return number + (side === "white" ? "." : "...");
}

function announce(text) {
  $("announce").textContent = text;
}

// The box's look: the reconstruction's reading when there is one, else the
// verdict of what is typed.
function updateBoxView(index, ref) {
  const input = boxInput(index, ref);
  if (!input) return;
  const wrap = input.parentElement;
  const box = boxAt(state.game.copies[index], ref);
  // The game read a box the file would not keep as empty: its reading is
  // not shown on it.
  const info = boxProblem(box.text) ? null : state.reportBoxes[index] && state.reportBoxes[index].get(boxKey(ref));
  const verdict = state.verdicts[index] && state.verdicts[index].get(boxKey(ref));
  const mark = wrap.querySelector(".mark");
  wrap.className = "box-inner";
  mark.textContent = "";
  wrap.title = "";
  if (verdict && verdict.text === box.text.trim()) wrap.classList.add("v-" + verdict.answer.verdict);
  if (boxProblem(box.text)) wrap.classList.add("v-unkept");
  if (info && (info.ply || info.dropped)) {
    wrap.classList.add("r-" + info.status);
    if (info.ply) {
      if (info.status === "corrected" || info.status === "inserted") mark.textContent = gameMoveText(info.move);
      if (info.move.alternatives && info.move.alternatives.length) {
        wrap.classList.add("r-uncertain");
        mark.textContent = (mark.textContent ? mark.textContent + " " : "") + "?";
      }
    } else {
      mark.textContent = "×";
    }
    wrap.title = info.explanation || "";
  }
}

function updateAllBoxes(index) {
  for (const ref of boxesOf(state.game.copies[index])) updateBoxView(index, ref);
}

// ---------------------------------------------------------------- type-ahead

function normalise(text) {
  return text.replace(/[xX:×\-+#=!?\s()]/g, "").replace(/[oO]/g, "0");
}

async function showSuggestions(index, ref, fen, letters, text) {
  let position;
  try {
    position = await positionOf(fen, letters);
  } catch {
    return;
  }
  const box = boxAt(state.game.copies[index], ref);
  if (box.text.trim() !== text || !isFocused(index, ref)) return;
  const typed = normalise(text);
  const fits = position.moves.filter((m) => normalise(m.written).startsWith(typed) && m.written !== text);
  const list = $("suggestions");
  list.replaceChildren();
  if (!fits.length || !typed) {
    closeSuggestions();
    return;
  }
  for (const m of fits.slice(0, 8)) {
    const li = document.createElement("li");
    li.setAttribute("role", "option");
    li.id = "suggestion-" + m.uci;
    li.dataset.written = m.written;
    li.textContent = m.written;
    li.setAttribute("aria-selected", "false");
    li.addEventListener("mousedown", (e) => {
      e.preventDefault();
      acceptSuggestion(m.written);
    });
    list.append(li);
  }
  const input = boxInput(index, ref);
  const rect = input.getBoundingClientRect();
  list.style.left = rect.left + window.scrollX + "px";
  list.style.top = rect.bottom + window.scrollY + "px";
  list.style.minWidth = rect.width + "px";
  list.dataset.copy = index;
  list.dataset.key = boxKey(ref);
  list.hidden = false;
  input.setAttribute("aria-expanded", "true");
}

function moveSuggestion(step) {
  const items = [...$("suggestions").querySelectorAll("li")];
  if (!items.length) return;
  let at = items.findIndex((li) => li.getAttribute("aria-selected") === "true");
  if (at >= 0) items[at].setAttribute("aria-selected", "false");
  at = (at + step + items.length) % items.length;
  items[at].setAttribute("aria-selected", "true");
  const input = boxInput(state.focus.copy, state.focus.ref);
  if (input) input.setAttribute("aria-activedescendant", items[at].id);
}

function closeSuggestions() {
  const list = $("suggestions");
  list.hidden = true;
  list.replaceChildren();
  for (const input of document.querySelectorAll('input.move[aria-expanded="true"]')) {
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
  }
}

function acceptSuggestion(written) {
  if (!state.focus) return;
  setBoxText(state.focus.copy, state.focus.ref, written);
  closeSuggestions();
}

// Fills a box as if it had been typed.
function setBoxText(index, ref, text) {
  const input = boxInput(index, ref);
  boxAt(state.game.copies[index], ref).text = text;
  if (input) input.value = text;
  state.verdicts[index].delete(boxKey(ref));
  changed();
  return requestVerdict(index, ref);
}

// ---------------------------------------------------------------- the board

async function refreshFocus() {
  if (!state.focus) return;
  const {copy: index, ref} = state.focus;
  const fen = fenForBox(index, ref);
  const verdict = state.verdicts[index].get(boxKey(ref));
  const info = state.reportBoxes[index].get(boxKey(ref));
  const text = boxAt(state.game.copies[index], ref).text.trim();
  if (verdict && verdict.text === text && verdict.fen === fen) renderVerdict(index, ref, verdict.answer);
  else requestVerdict(index, ref);
  renderBoxInfo(index, ref, info);
  const ply = info && info.ply ? info.ply : claimedPly(state.game.copies[index], ref);
  $("board-title").textContent = fen ? t("board.before", {move: moveLabel(ply)}) : t("board.unknown");
  if (state.board && fen) {
    const written = verdict && verdict.answer.verdict === "legal" && verdict.fen === fen ? verdict.answer.uci : null;
    const played = info && info.ply ? info.move.uci : null;
    await state.board.show(fen, {written, played, input: true});
  } else if (state.board) {
    await state.board.clear();
  }
}

// A move made on the board: the focused box gets it in the sheet's letters.
async function boardMove(from, to) {
  if (!state.focus) return;
  const {copy: index, ref} = state.focus;
  const fen = fenForBox(index, ref);
  if (!fen) return;
  const position = await positionOf(fen, copyLetters(index));
  const moves = position.moves.filter((m) => m.uci.slice(0, 2) === from && m.uci.slice(2, 4) === to);
  if (!moves.length) {
    announce(t("board.illegal", {from, to}));
    return;
  }
  // A promotion: the queen (the box can be changed to another piece).
  const move = moves.find((m) => m.uci.length === 4 || m.uci.endsWith("q")) || moves[0];
  await setBoxText(index, ref, move.written);
  stepBox(index, ref, 1);
}

// ---------------------------------------------------------------- reconstruction

// The reconstruction runs when typing pauses, and at least every second
// while it goes on, so that the game follows the person. It is a first
// answer (the search at its first width only: tens of milliseconds even
// where the whole search takes seconds); when that says a wider search
// would have run, the whole search follows once the sheet has stayed as
// it is for a while, and its game replaces the first.
const wholeSearchAfter = 1200;  // ms of the sheet unchanged after a first answer

function scheduleReconstruct(delay = 400) {
  clearTimeout(state.timers.whole);
  state.timers.whole = null;
  clearTimeout(state.timers.reconstruct);
  const now = performance.now();
  if (!state.firstUnsent) state.firstUnsent = now;
  const wait = Math.max(0, Math.min(delay, state.firstUnsent + 1000 - now));
  state.timers.reconstruct = setTimeout(reconstructNow, wait);
}

async function reconstructNow(whole = false) {
  state.timers.reconstruct = null;
  clearTimeout(state.timers.whole);
  state.timers.whole = null;
  state.firstUnsent = 0;
  const game = state.game;
  if (!game) return;
  // One reconstruction of this page at a time: what changes meanwhile goes
  // with the next one, sent when this one is back (the server would finish
  // an abandoned one anyway, and a long sheet must not pile them up). A
  // whole search that the change makes stale is given up at once: only the
  // first answers follow the typing.
  if (state.reconstructing) {
    if (state.reconstructing.game === game && !state.reconstructing.whole) {
      state.reconstructAgain = true;
      return;
    }
    state.reconstructing.abort();
    state.reconstructing = null;
  }
  state.reconstructAgain = false;
  // A box the file would not keep as it is counts as not recorded here.
  const texts = game.copies.map((copy) => sheetText(copy, state.languages, {unkept: true}));
  const sequence = ++state.sequence.reconstruct;
  const controller = new AbortController();
  controller.game = game;
  controller.whole = whole;
  state.reconstructing = controller;
  if (!whole) $("game-status").dataset.state = "running";
  const reads = texts.map((s, i) =>
    api("/api/read", {method: "POST", body: {text: s.text, name: fileNames(game)[i]}, signal: controller.signal}));
  try {
    const report = await api("/api/reconstruct", {
      method: "POST",
      // The moves in its sentences, alternatives and questions spelt as
      // the page shows the game: in the first sheet's letters; its boxes
      // named by their moves, not by lines of a text the page never shows.
      body: {sheets: texts.map((s) => s.text), messages: currentLanguage(), quick: !whole, to: "sheet",
             places: "boxes"},
      signal: controller.signal,
    });
    const start = game.copies[0].startFen || startFen;
    const line = await api("/api/line", {
      method: "POST",
      body: {fen: start, moves: report.moves.map((m) => m.uci), lang: copyLettersFrom(report, 0) || "auto"},
      signal: controller.signal,
    });
    if (sequence !== state.sequence.reconstruct || game !== state.game) return;
    state.report = report;
    state.reportLayouts = texts.map((s) => s.layout);
    state.reportBoxes = boxesOfReport(report, state.reportLayouts);
    // Boxes typed while it ran carry the game on provisionally: keep that
    // tail when it starts from the same positions.
    const known = line.positions.length;
    const extends_ = state.line.length > known && line.positions.every((fen, k) => state.line[k] === fen);
    state.line = extends_ ? line.positions.concat(state.line.slice(known)) : line.positions;
    state.lineWritten = extends_ ? line.written.concat(state.lineWritten.slice(known - 1)) : line.written;
    for (let c = 0; c < game.copies.length; ++c) updateAllBoxes(c);
    renderGame();
    renderSheetNotes(await Promise.all(reads));
    refreshFocus();
    if (!whole && report.stats.wider_skipped && sequence === state.sequence.reconstruct)
      state.timers.whole = setTimeout(() => reconstructNow(true), wholeSearchAfter);
  } catch (e) {
    if (e.name === "AbortError") return;
    if (sequence === state.sequence.reconstruct) {
      $("game-status").dataset.state = "error";
      $("game-status").textContent = e.message;
    }
  } finally {
    if (state.reconstructing === controller) {
      state.reconstructing = null;
      if (state.reconstructAgain) reconstructNow();
    }
  }
}

function copyLettersFrom(report, index) {
  const copy = state.game.copies[index];
  if (copy.language) return copy.language;
  const decided = report.languages.find((l) => l.sheet === index + 1);
  return decided ? decided.language : "";
}

function renderSheetNotes(reads) {
  reads.forEach((read, index) => {
    const hint = document.querySelector(`.date-hint[data-copy="${index}"]`);
    const copy = state.game.copies[index];
    if (hint) {
      const date = read.tags.Date;
      hint.textContent = copy.headers.date.trim() ? (date ? "→ " + date : t("header.date_unread")) : "";
      hint.classList.toggle("bad", !!copy.headers.date.trim() && !date);
    }
    const list = document.querySelector(`.sheet-notes[data-copy="${index}"]`);
    if (!list) return;
    list.replaceChildren();
    for (const d of read.diagnostics) {
      const li = document.createElement("li");
      li.className = d.severity;
      li.textContent = t("sheet.diagnostic", {line: d.line, message: d.message});
      list.append(li);
    }
  });
}

function renderGame() {
  const report = state.report;
  const status = $("game-status");
  const moves = $("game-moves");
  const notes = $("game-notes");
  moves.replaceChildren();
  notes.replaceChildren();
  renderQuestions();
  if (!report) {
    status.dataset.state = "";
    status.textContent = t("game.waiting");
    return;
  }
  // Answers the reconstruction could not take (listed under the game) keep
  // the game from being called complete: the sheet says more than was read.
  const answerErrors = (report.problems || []).some((p) => p.severity === "error");
  status.dataset.state = report.moves.length === 0 ? "empty"
    : answerErrors ? "error" : report.complete ? "complete" : "incomplete";
  status.dataset.plies = report.moves.length;
  // A first answer that a wider search may still change says so.
  status.dataset.answer = report.stats.wider_skipped ? "first" : "whole";
  status.textContent = report.moves.length === 0 ? t("game.empty")
    : answerErrors ? t("game.answers_to_fix", {moves: Math.ceil(report.moves.length / 2)})
    : report.complete && report.result.written === "*" ? t("game.complete_open", {moves: Math.ceil(report.moves.length / 2)})
    : report.complete ? t("game.complete", {moves: Math.ceil(report.moves.length / 2), result: report.result.written})
    : t("game.incomplete", {moves: Math.ceil(report.moves.length / 2)});
  if (report.stats.wider_skipped) {
    const widening = document.createElement("span");
    widening.className = "widening";
    widening.textContent = " · " + t("game.widening");
    status.append(widening);
  }
  const copy = state.game.copies[0];
  // The plies the page asks about (the questions panel): doubtful.
  const asked = new Set(questionsOf(report).map((q) => q.ply));
  for (const m of report.moves) {
    const {number, side} = moveNumberOf(m.ply, copy.startSide, copy.startNumber);
    if (side === "white" || m.ply === 1) {
      const n = document.createElement("span");
      n.className = "move-number";
      n.textContent = number + (side === "white" ? "." : "...");
      moves.append(n);
    }
    const b = document.createElement("button");
    // How sure the game is of the move: the margin in nats to the nearest
    // game that plays another move here (none: no such game was found).
    const margin = typeof m.confidence === "number" ? m.confidence : null;
    const doubtful = asked.has(m.ply);
    b.className = "game-move s-" + m.status + (m.alternatives.length ? " s-uncertain" : "") +
                  (doubtful ? " s-doubtful" : "");
    b.dataset.ply = m.ply;
    if (margin !== null) b.dataset.margin = margin.toFixed(1);
    b.textContent = gameMoveText(m);
    const sureness = margin === null ? "" : marginText(margin);
    const explanation = [...m.explanation, sureness].filter((x) => x).join(" ");
    b.title = explanation;
    b.setAttribute("aria-label", b.textContent + (m.status !== "exact" ? " (" + t("status." + m.status) + ")" : "") +
                                 (explanation ? ": " + explanation : ""));
    b.addEventListener("click", () => focusPly(m.ply));
    moves.append(b, " ");
  }
  if (report.result.written !== "*" || report.result.by_position) {
    const r = document.createElement("span");
    r.className = "result";
    r.textContent = report.result.written;
    moves.append(r);
  }
  // Answers the reconstruction could not take as given (a box answered
  // with no move, twice, or with a move the game cannot keep) come first:
  // they are the volunteer's own entries to look at again.
  // A problem in a box the page shows takes the volunteer there on a click
  // (its message names the move, and the copy when there are two); one
  // elsewhere names its copy and line.
  for (const p of report.problems || []) {
    const li = document.createElement("li");
    li.className = "problem " + p.severity;
    const layout = state.reportLayouts && state.reportLayouts[p.sheet - 1];
    const ref = layout ? boxAtPlace(layout, p.line, p.column) : null;
    const twoCopies = state.game.copies.length > 1;
    li.textContent = (ref ? "" : t(twoCopies ? "game.problem_copy_line" : "game.problem_line",
                                   {sheet: p.sheet, line: p.line}) + ": ") + p.message;
    if (ref) {
      li.classList.add("goto");
      li.tabIndex = 0;
      li.dataset.box = boxKey(ref);
      const go = () => focusBox(p.sheet - 1, ref, true);
      li.addEventListener("click", go);
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") go(); });
    }
    notes.append(li);
  }
  for (const text of [...report.notes, ...report.disagreements.map((d) => t("game.disagreement", {tag: d.tag, values: d.values.join(" / ")}))]) {
    const li = document.createElement("li");
    li.textContent = text;
    notes.append(li);
  }
}

// How many times less likely the nearest other game is (e^margin), rounded
// as a person would say it: 1.3, 7.4, 20, 150, 8,100.
function oddsOf(nats) {
  const n = Math.exp(nats);
  if (n < 10) return n.toLocaleString(currentLanguage(), {maximumFractionDigits: 1});
  const step = Math.pow(10, Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / step) * step).toLocaleString(currentLanguage());
}

// The tooltip's sentence on a move's margin.
function marginText(nats) {
  // Past a million to one the figure says nothing more.
  if (nats > Math.log(1e6)) return t("game.margin_far", {nats: nats.toFixed(1)});
  return t("game.margin", {nats: nats.toFixed(1), odds: oddsOf(nats)});
}

// Focuses the box a ply of the game was read from (the first copy that has
// one).
function focusPly(ply) {
  for (let c = 0; c < state.reportBoxes.length; ++c) {
    for (const [key, info] of state.reportBoxes[c]) {
      if (info.ply !== ply) continue;
      const [row, side] = key.split(":");
      focusBox(c, {row: Number(row), side}, true);
      return;
    }
  }
}

function renderQuestions() {
  const list = $("questions");
  list.replaceChildren();
  const questions = state.report ? questionsOf(state.report) : [];
  $("questions-count").textContent = questions.length ? "(" + questions.length + ")" : "";
  if (!questions.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = state.report ? t("questions.none") : "";
    list.append(li);
    return;
  }
  for (const q of questions) {
    const li = document.createElement("li");
    li.className = "question";
    li.dataset.ply = q.ply;
    const p = document.createElement("p");
    const {number, side} = moveNumberOf(q.ply, state.game.copies[0].startSide, state.game.copies[0].startNumber);
    p.textContent = t("questions.which", {move: t(side === "white" ? "grid.white_move" : "grid.black_move", {number})});
    li.append(p);
    const group = document.createElement("div");
    group.className = "answers";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", p.textContent);
    const fen = state.line[q.ply - 1];
    for (const option of q.options) {
      const b = document.createElement("button");
      b.className = "answer" + (option.chosen ? " chosen" : "");
      b.addEventListener("click", () => answerQuestion(q, option));
      group.append(b);
      if (option.ends || option.none) {  // no move: the game was over before this box, or the box is none
        b.classList.add("ends");
        b.dataset.ends = "true";
        b.textContent = t(option.none ? "questions.not_a_move" : "questions.no_move");
        continue;
      }
      b.dataset.uci = option.uci;
      b.textContent = option.spelt || option.san;
      if (fen && !option.spelt) {
        positionOf(fen, copyLetters(0)).then((position) => {
          const m = position.moves.find((x) => x.uci === option.uci);
          if (m) b.textContent = m.written;
        }).catch(() => {});
      }
    }
    li.append(group);
    // The box to look at on the paper: the one the question names (a box
    // the game found passes over says so), else the box read as the ply.
    const target = questionBox(q);
    const written = target && boxAt(state.game.copies[target.copy], target.ref).text;
    if (written) {
      const look = document.createElement("button");
      look.className = "question-box";
      look.dataset.box = boxKey(target.ref);
      look.textContent = t(q.passedOver ? "questions.look_passed_over" : "questions.look", {written: q.written || written});
      look.addEventListener("click", () => focusBox(target.copy, target.ref, true));
      li.insertBefore(look, group);
    }
    list.append(li);
  }
}

// The box a question is about: the one it names, else the box the game
// reads as its ply; null when no box records it.
function questionBox(question) {
  const place = question.place;
  const layout = place && state.reportLayouts && state.reportLayouts[place.sheet - 1];
  const named = layout && boxAtPlace(layout, place.line, place.column);
  if (named) return {copy: place.sheet - 1, ref: named};
  for (let c = 0; c < state.reportBoxes.length; ++c)
    for (const [key, info] of state.reportBoxes[c])
      if (info.ply === question.ply) {
        const [row, side] = key.split(":");
        return {copy: c, ref: {row: Number(row), side}};
      }
  return null;
}

// An answer is an edit of the sheet: the box read as this ply gets the
// chosen move, written in its sheet's letters (a box the sheets lack is
// inserted where the move belongs). The reconstruction then runs again.
async function answerQuestion(question, option) {
  const fen = state.line[question.ply - 1];
  if (!fen) return;
  let target = questionBox(question);
  if (!target) {
    // Not on any sheet: a box is inserted before the box of the next ply,
    // or after the game found's end, before the first box it passes over
    // (which, answered "no move", is itself the box answered).
    for (const [key, info] of state.reportBoxes[0] || []) {
      const passed = Boolean(info.dropped) && info.dropped.after_ply === question.ply - 1;
      if (info.ply !== question.ply + 1 && !passed) continue;
      const [row, side] = key.split(":");
      target = {copy: 0, ref: {row: Number(row), side}};
      if (!(passed && (option.ends || option.none))) {
        insertBox(state.game.copies[0], target.ref);
        renderCopies();
      }
      break;
    }
  }
  if (!target) return;
  // The answer goes on the sheet as "{=MOVE}" after what is written, which
  // stays as evidence; the reconstruction takes it as certain. "{=--}": the
  // box is no move of the game.
  let answer = noMoveAnswer;
  if (!option.ends && !option.none) {
    const position = await positionOf(fen, copyLetters(target.copy));
    const move = position.moves.find((m) => m.uci === option.uci);
    if (!move) return;
    answer = move.written;
  }
  const written = boxAt(state.game.copies[target.copy], target.ref).text;
  focusBox(target.copy, target.ref, true);
  await setBoxText(target.copy, target.ref, withAnswer(written, answer));
  announce(option.none   ? t("questions.answered_not_a_move", {written})
           : option.ends ? t("questions.answered_no_move", {move: moveLabel(question.ply)})
                         : t("questions.answered", {move: moveLabel(question.ply), answer}));
  scheduleReconstruct(0);
}

start().catch((e) => showError(e));
