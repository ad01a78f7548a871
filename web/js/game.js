// What the reconstruction says (POST /api/reconstruct: the object of
// `notera reconstruct --json`), turned around to what the page shows: for
// every box, the ply it was read as and how (exact, normalised, corrected,
// inserted, uncertain) with its explanation, or why it was left out; and the
// questions, the plies the sheets leave open.

import {boxAtPlace} from "./sheet.js";

export const boxKey = (ref) => ref.row + ":" + ref.side;

// Per copy: a Map from boxKey to {ply, move, written, explanation} or
// {dropped}, with `problems` when the box's answer could not be taken as
// given. `layouts` are the copies' layouts from sheetText().
export function boxesOfReport(report, layouts) {
  const perCopy = layouts.map(() => new Map());
  for (const move of report.moves) {
    // One explanation per sheet whose evidence is not exact, in sheet
    // order; a sheet without a written entry did not record the move.
    const explanations = [...move.explanation];
    for (let sheet = 1; sheet <= layouts.length; ++sheet) {
      const written = move.written.find((w) => w.sheet === sheet);
      const status = written ? written.status : "inserted";
      const explanation = status !== "exact" ? explanations.shift() || "" : "";
      if (!written) continue;
      const ref = boxAtPlace(layouts[sheet - 1], written.line, written.column);
      if (!ref) continue;
      const key = boxKey(ref);
      const entry = perCopy[sheet - 1].get(key);
      // A box with crossed-out text may stand for two things: keep the move.
      if (entry && entry.ply && written.status === "exact") continue;
      perCopy[sheet - 1].set(key, {ply: move.ply, move, written, status: written.status, explanation});
    }
  }
  for (const dropped of report.dropped) {
    const layout = layouts[dropped.sheet - 1];
    if (!layout) continue;
    const ref = boxAtPlace(layout, dropped.line, dropped.column);
    if (!ref) continue;
    const key = boxKey(ref);
    const entry = perCopy[dropped.sheet - 1].get(key);
    if (entry && entry.ply) {
      entry.crossedOut = dropped;  // "~~Dd7~~ Dc7": the struck text, the move beside it
    } else {
      perCopy[dropped.sheet - 1].set(key, {dropped, status: "dropped", explanation: dropped.message});
    }
  }
  // Answers the reconstruction could not take as given, at their boxes.
  for (const problem of report.problems || []) {
    const layout = layouts[problem.sheet - 1];
    const ref = layout ? boxAtPlace(layout, problem.line, problem.column) : null;
    if (!ref) continue;
    const key = boxKey(ref);
    const entry = perCopy[problem.sheet - 1].get(key) || {status: ""};
    entry.problems = [...(entry.problems || []), problem];
    perCopy[problem.sheet - 1].set(key, entry);
  }
  return perCopy;
}

// A message about a box without the place it starts with ("sheet 2,
// move 38: not recorded; ..." is "not recorded; ..."), for the panel whose
// title names the box already; as it is when it does not start there.
export function withoutPlace(message, where) {
  if (!message || !where || !message.startsWith(where)) return message || "";
  // "move 3" is not the start of "move 38: ...": the place ends at its colon.
  const after = message.slice(where.length).match(/^\s*:\s*(.+)$/s);
  if (!after) return message;
  const rest = after[1];
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
}

// The questions: the reconstruction's own `ask` list when it gives one, else
// the near-ties, plies where another move fits almost as well. Each is
// {ply, options: [{san, spelt, uci, chosen}]} (`spelt`: the move in the
// sheet's letters), and `place` ({sheet, line, column}) when the question
// is about a written box: the box to answer in, which
// need not be the box the game reads as that ply (a box passed over, a
// move the sheet lacks). A written box may also be no move at all (the
// game over before it): the option {ends: true}, answered "{=--}"; or,
// a box the game found passes over (`passed_over`) that another game
// reads as the ply, no move of the game: the option {none: true}, also
// answered "{=--}" (every move offered is answered in that box). A ply
// after the game found's end that no box has offers the end, chosen: its
// answer makes the first box passed over after the end no move.
export function questionsOf(report) {
  const movesByPly = new Map(report.moves.map((m) => [m.ply, m]));
  const optionsAt = (ply, given) => {
    const move = movesByPly.get(ply);
    const options = [];
    const add = (o, chosen) => {
      if (o && o.uci && !options.some((x) => x.uci === o.uci)) options.push({san: o.san, spelt: o.spelt, uci: o.uci, chosen});
    };
    if (move) add(move, true);
    for (const o of given || (move ? move.alternatives : [])) add(o, false);
    return options;
  };
  if (Array.isArray(report.ask)) {
    const out = [];
    for (const item of report.ask) {
      const ply = typeof item === "number" ? item : item && (item.ply ?? (item.move && item.move.ply));
      if (!ply) continue;
      const given = item && (item.candidates || item.alternatives || item.options);
      const options = optionsAt(ply, Array.isArray(given) ? given : null);
      const box = item && item.box;
      const place = box && item.sheet && box.line ? {sheet: item.sheet, line: box.line, column: box.column} : null;
      // A box after the game found's end: its reading, no move, is chosen.
      if (place && item.passed_over) options.push({none: true, chosen: !movesByPly.has(ply)});
      else if (place && Array.isArray(given) && given.some((c) => c && c.ends)) options.push({ends: true, chosen: false});
      // A ply after the game found's end that no box has (a move played
      // and not written, then a box it passes over): the end is chosen.
      else if (!movesByPly.has(ply) && Array.isArray(given) && given.some((c) => c && c.ends))
        options.push({ends: true, chosen: true});
      const written = typeof item.written === "string" ? item.written : null;
      if (options.length > 1) out.push({ply, options, place, written, passedOver: Boolean(item.passed_over)});
    }
    return out;
  }
  return report.moves
    .filter((m) => m.alternatives && m.alternatives.length)
    .map((m) => ({ply: m.ply, options: optionsAt(m.ply, null)}))
    .filter((q) => q.options.length > 1);
}

export function moveNumberOf(ply, startSide = "white", startNumber = 1) {
  const index = ply - 1 + (startSide === "black" ? 1 : 0);
  return {number: startNumber + Math.floor(index / 2), side: index % 2 === 0 ? "white" : "black"};
}
