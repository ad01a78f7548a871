// One copy of a scoresheet as the page holds it, and its .sheet text
// (docs/scoresheet-format.md): what the person typed, box by box,
// with nothing interpreted. The page writes the text the CLI reads; the
// server reads it back (POST /api/read) when a saved sheet is opened, so
// the reading rules live in one place, the library.
//
// A row is one move number of the paper sheet: White's box, Black's box,
// the clock notes. A box holds the move as written and the text crossed
// out before it (~~text~~). Rows keep the numbers the paper has (a sheet
// with the row of move 16 missing keeps it missing): numbering is evidence.

export const headerKeys = ["event", "site", "date", "round", "board", "white", "black", "result"];

export function emptyBox() {
  return {text: "", crossed: []};
}

// `comment`: a "# ..." at the end of the row's line; `after`: comment
// lines between this row and the next (both kept where they were).
export function newRow(number) {
  return {number, white: emptyBox(), black: emptyBox(), whiteClock: "", blackClock: "", blackFirst: false, extra: "",
          comment: "", after: []};
}

export function newCopy({language = "", owner = "", rows = 40} = {}) {
  const copy = {
    headers: Object.fromEntries(headerKeys.map((k) => [k, ""])),
    language,
    owner,
    notes: "",
    extraHeaders: [],
    startFen: "",
    startNumber: 1,
    startSide: "white",
    rows: [],
  };
  for (let n = 1; n <= rows; ++n) copy.rows.push(newRow(n));
  return copy;
}

export function boxEmpty(box) {
  return box.text.trim() === "" && box.crossed.length === 0;
}

function rowEmpty(row) {
  return boxEmpty(row.white) && boxEmpty(row.black) && !row.whiteClock && !row.blackClock && !row.extra &&
         !row.comment && !row.after.length;
}

// The boxes in the order of the sheet: White's and Black's of each row.
export function boxesOf(copy) {
  const out = [];
  copy.rows.forEach((row, index) => {
    if (!row.blackFirst) out.push({row: index, side: "white"});
    out.push({row: index, side: "black"});
  });
  return out;
}

export function boxAt(copy, ref) {
  return copy.rows[ref.row][ref.side];
}

// The ply a box claims by its number and column (1 = the first move from
// the start position).
export function claimedPly(copy, ref) {
  const row = copy.rows[ref.row];
  return 2 * (row.number - copy.startNumber) + (ref.side === "black" ? 1 : 0) - (copy.startSide === "black" ? 1 : 0) + 1;
}

// Keeps a few empty rows after the last written one, to type on.
export function ensureSpareRows(copy, spare = 3) {
  let last = copy.rows.length - 1;
  while (last >= 0 && rowEmpty(copy.rows[last])) --last;
  const next = () => (copy.rows.length ? copy.rows[copy.rows.length - 1].number + 1 : copy.startNumber);
  while (copy.rows.length - 1 - last < spare) copy.rows.push(newRow(next()));
}

// Inserts an empty box at `ref`; the boxes from there on move one box later
// (White's moves that had slipped into Black's column go back).
export function insertBox(copy, ref) {
  const boxes = boxesOf(copy);
  const at = boxes.findIndex((b) => b.row === ref.row && b.side === ref.side);
  if (at < 0) return;
  let last = boxes.length - 1;
  while (last >= at && boxEmpty(boxAt(copy, boxes[last]))) --last;
  if (last === boxes.length - 1) {
    copy.rows.push(newRow(copy.rows[copy.rows.length - 1].number + 1));
    boxes.push({row: copy.rows.length - 1, side: "white"}, {row: copy.rows.length - 1, side: "black"});
  }
  for (let i = Math.max(last, at - 1) + 1; i > at; --i) {
    copy.rows[boxes[i].row][boxes[i].side] = boxAt(copy, boxes[i - 1]);
  }
  copy.rows[ref.row][ref.side] = emptyBox();
}

// Deletes the box at `ref`; the boxes after it move one box earlier.
export function deleteBox(copy, ref) {
  const boxes = boxesOf(copy);
  const at = boxes.findIndex((b) => b.row === ref.row && b.side === ref.side);
  if (at < 0) return;
  for (let i = at; i + 1 < boxes.length; ++i) copy.rows[boxes[i].row][boxes[i].side] = boxAt(copy, boxes[i + 1]);
  const lastRef = boxes[boxes.length - 1];
  copy.rows[lastRef.row][lastRef.side] = emptyBox();
}

// Crosses the box's move out (it stays on the sheet as evidence), or, when
// nothing is written after the crossed-out text, takes the last one back.
export function toggleCrossed(box) {
  if (box.text.trim()) {
    box.crossed.push(box.text.trim());
    box.text = "";
  } else if (box.crossed.length) {
    box.text = box.crossed.pop();
  }
}

// A person's reading of a box, "{=Txb7}" after what is written
// (docs/scoresheet-format.md, "Answers"): the reconstruction takes it as
// certain, and what was written stays on the sheet as evidence.
const answerMark = /\s*\{=([^}]*)\}\s*$/;
export function boxAnswer(text) {
  const m = answerMark.exec(text);
  return m ? m[1].trim() : "";
}
// The answer that a box is no move of the game (PGN's null move).
export const noMoveAnswer = "--";
export function withAnswer(text, answer) {
  return (text.replace(answerMark, "").trim() || "-") + " {=" + answer + "}";
}

// What a box may hold so that the .sheet file keeps it as it is
// (docs/scoresheet-format.md; grammars/notera/grammar/scoresheet.hpp).
// The format has no quoting: on a move row, blanks separate the boxes, `#`
// after a blank begins a comment, a time or a bare number of minutes is a
// clock note, digits with a dot are a move number, and `~~` crosses out.
// So a box holds one move (any run of non-blank characters, `-`, `a|b`),
// and after blanks only the marks the format reads as the same box's:
// `+`, `!`, `?` and the like, `(=)`, `e.p.`, `{note}` (an answer `{=Tc2}`).
// Anything else would be saved as something else: boxProblem() says what,
// and the page does not save the sheet while a box has one.
export const maxBoxLength = 40;  // characters: the longest move with its marks fits
const blankChar = /[ \t\u00a0\u2007\u202f]/;
const separatedMark = /^(?:e\.? ?p\.?|\(=\)|\+\+?|!!|\?\?|!\?|\?!|!|\?|\{[^}]*\})$/i;
const clockLike = /^(?:\d{1,2}:\d{2}(?::\d{2})?|(?!00+$)\d{1,3})$/;
const numberLike = /^\d+(?:\.{1,3}|\u2026)(?!\d)/;

// {key, args} of the page's texts ("keep.*"), or null when the box is kept.
export function boxProblem(text) {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if ([...trimmed].length > maxBoxLength) return {key: "keep.too_long", args: {limit: maxBoxLength}};
  if (trimmed.includes("~~")) return {key: "keep.tilde", args: {}};
  // The blank-separated tokens; a {note} is part of its token, blanks and all.
  const tokens = [];
  let token = "";
  for (let i = 0; i < trimmed.length; ++i) {
    const c = trimmed[i];
    if (c === "{") {
      const close = trimmed.indexOf("}", i);
      if (close < 0) return {key: "keep.brace", args: {}};
      token += trimmed.slice(i, close + 1);
      i = close;
    } else if (blankChar.test(c)) {
      if (token) tokens.push(token);
      token = "";
    } else {
      token += c;
    }
  }
  if (token) tokens.push(token);
  // "e. p." is one mark written with a blank.
  for (let i = 0; i + 1 < tokens.length; ++i)
    if (/^e\.$/i.test(tokens[i]) && /^p\.?$/i.test(tokens[i + 1])) tokens.splice(i, 2, tokens[i] + " " + tokens[i + 1]);
  const [move, ...marks] = tokens;
  if (move.startsWith("#")) return {key: "keep.hash", args: {}};
  if (clockLike.test(move)) return {key: "keep.clock", args: {text: move}};
  if (numberLike.test(move)) return {key: "keep.number", args: {text: move}};
  for (const mark of marks) {
    if (mark.startsWith("#")) return {key: "keep.hash", args: {}};
    if (!separatedMark.test(mark)) return {key: "keep.blank", args: {text: mark}};
  }
  return null;
}

function cellText(box, somethingFollows, unkept) {
  const crossed = box.crossed.map((c) => "~~" + c + "~~").join(" ");
  // A box the file would not keep, in a text to read rather than to save:
  // as if empty (its text would be read as other boxes).
  const text = unkept && boxProblem(box.text) ? "" : box.text.trim();
  if (text) return crossed ? crossed + " " + text : text;
  // Nothing legible in the box but more on the row: "-" keeps the columns
  // (an empty box and "-" both mean "not recorded").
  if (somethingFollows) return crossed ? crossed + " -" : "-";
  return crossed;
}

const chars = (s) => [...s].length;

// Every language's words for the header keys, from GET /api/languages.
export function headerWord(languages, code, key) {
  const entry = languages.find((l) => l.code === (code || "en")) || languages.find((l) => l.code === "en");
  return (entry && entry.header[key]) || key;
}

function copyWord(languages, code, owner) {
  const entry = languages.find((l) => l.code === (code || "en")) || languages.find((l) => l.code === "en");
  return (entry && entry.copy[owner]) || owner;
}

// The .sheet text of a copy, and where each box stands in it: layout maps a
// line number to the boxes on it ({ref, column, end}, 1-based characters),
// so that what the reconstruction says about "line 20, column 4" finds its
// box.
// `unkept`: a box the file would not keep as it is is written as empty
// (for the reconstruction while the page holds the save back).
export function sheetText(copy, languages, {unkept = false} = {}) {
  const lines = [];
  for (const note of copy.notes.split("\n")) if (note.trim()) lines.push("# " + note.trim());
  const word = (key) => headerWord(languages, copy.language, key);
  for (const key of headerKeys) {
    const value = copy.headers[key].trim();
    if (value) lines.push(word(key) + ": " + value);
  }
  if (copy.language) lines.push(word("notation") + ": " + copy.language);
  if (copy.owner) lines.push(word("sheet") + ": " + copyWord(languages, copy.language, copy.owner));
  for (const h of copy.extraHeaders) if (h.key.trim()) lines.push(h.key.trim() + ": " + h.value.trim());
  lines.push("");

  const layout = new Map();
  let lastRow = copy.rows.length - 1;
  while (lastRow >= 0 && rowEmpty(copy.rows[lastRow])) --lastRow;
  for (let r = 0; r <= lastRow; ++r) {
    const row = copy.rows[r];
    const lineNumber = lines.length + 1;
    const onLine = [];
    let line = String(row.number) + (row.blackFirst ? "..." : "");
    line = line.padEnd(Math.max(3, chars(line) + 1));
    const blackText = cellText(row.black, !!row.extra.trim(), unkept);
    const parts = [];
    if (!row.blackFirst) parts.push({side: "white", text: cellText(row.white, !!(blackText || row.extra.trim()), unkept)});
    parts.push({side: "black", text: blackText});
    for (const part of parts) {
      if (!part.text) {
        // An empty box after a written one: the reader has it as an empty
        // box right after that text (a move the reconstruction finds, a
        // question about it), which is this box, not the one before.
        const before = onLine[onLine.length - 1];
        if (before) onLine.push({ref: {row: r, side: part.side}, column: before.end, end: before.end});
        continue;
      }
      const column = chars(line) + 1;
      onLine.push({ref: {row: r, side: part.side}, column, end: column + chars(part.text)});
      line += part.text.padEnd(Math.max(12, chars(part.text) + 2));
    }
    if (row.extra.trim()) line += row.extra.trim() + "  ";
    if (row.whiteClock.trim()) line += row.whiteClock.trim().padEnd(6);
    if (row.blackClock.trim()) line += row.blackClock.trim();
    line = line.trimEnd();
    if (row.comment.trim()) line += "  # " + row.comment.trim();
    lines.push(line);
    layout.set(lineNumber, onLine);
    for (const text of row.after) lines.push("# " + text);
  }
  return {text: lines.join("\n") + "\n", layout};
}

// The box a place on the sheet belongs to ({sheet line, column} of the
// reconstruction's report), or null.
export function boxAtPlace(layout, line, column) {
  const onLine = layout.get(line);
  if (!onLine) return null;
  // The box that starts last at or before the column (a crossed-out part
  // or a mark inside a box points into it).
  let best = null;
  for (const b of onLine) if (b.column <= column) best = b;
  return best ? best.ref : null;
}

// A copy from a saved sheet as POST /api/read gives it.
export function copyFromRead(read) {
  const copy = newCopy({rows: 0});
  // Comments and notes before the moves are the sheet's notes; one on a
  // move row stays at the end of that row, and a line among the rows stays
  // after the row before it.
  const rowAt = new Map(read.rows.map((r, i) => [r.line, i]));
  const firstRowLine = read.rows.length ? read.rows[0].line : Infinity;
  const notes = [...read.comments, ...read.notes].sort((a, b) => a.line - b.line || a.column - b.column);
  const placed = [];  // {row, text, own line}
  copy.notes = notes
    .filter((n) => {
      if (n.line < firstRowLine) return true;
      let row = rowAt.get(n.line);
      const ownLine = row === undefined;
      if (ownLine) row = read.rows.reduce((at, r, i) => (r.line < n.line ? i : at), 0);
      placed.push({row, text: n.text.trim(), ownLine});
      return false;
    })
    .map((n) => n.text.trim())
    .join("\n");
  for (const h of read.headers) {
    if (headerKeys.includes(h.key)) copy.headers[h.key] = h.value;
    else if (h.key === "notation") copy.language = read.language || h.value;
    else if (h.key === "sheet") copy.owner = read.copy || "";
    else copy.extraHeaders.push({key: h.raw_key, value: h.value});
  }
  if (!copy.language && read.language) copy.language = read.language;
  copy.startFen = read.start_fen || "";
  copy.startNumber = read.start_number || 1;
  copy.startSide = read.start_side || "white";
  copy.rows = read.rows.map((r) => ({
    ...newRow(r.number),
    blackFirst: r.black_first,
    whiteClock: r.white_clock || "",
    blackClock: r.black_clock || "",
  }));
  for (const p of placed) {
    const row = copy.rows[p.row];
    if (!row || !p.text) continue;
    if (p.ownLine) row.after.push(p.text);
    else row.comment = row.comment ? row.comment + " " + p.text : p.text;
  }
  for (const cell of read.cells) {
    const row = copy.rows[cell.row];
    if (!row) continue;
    let text = cell.kind === "unrecorded" ? "-" : withoutCrossedOut(cell.text);
    const answer = boxAnswer(cell.text);
    if (answer && boxAnswer(text) !== answer) text = withAnswer(text, answer);
    row[cell.side] = {text, crossed: [...cell.crossed_out]};
  }
  for (const cell of read.surplus) {
    const row = copy.rows[cell.row];
    if (row) row.extra = (row.extra ? row.extra + " " : "") + cell.text;
  }
  if (!copy.rows.length) copy.rows.push(newRow(copy.startNumber));
  ensureSpareRows(copy);
  return copy;
}

function withoutCrossedOut(text) {
  return text.replace(/~~.*?~~/g, " ").replace(/\s+/g, " ").trim();
}
