// The board beside the sheet: cm-chessboard (MIT, SVG, no dependencies),
// installed by npm at build time and served from the page's own folder
// (vendor/cm-chessboard). It shows the position at the focused box; a move
// made on it is handed to `onMove(from, to)`. Without the package (npm was
// missing at build time) the page works without a board.

const base = new URL("../vendor/cm-chessboard/", import.meta.url).href;

export async function createBoard(element, onMove) {
  let module, markers;
  try {
    module = await import(base + "src/Chessboard.js");
    markers = await import(base + "src/extensions/markers/Markers.js");
  } catch {
    return null;
  }
  const {Chessboard, COLOR, INPUT_EVENT_TYPE, FEN} = module;
  const {Markers, MARKER_TYPE} = markers;
  const board = new Chessboard(element, {
    position: FEN.start,
    assetsUrl: base + "assets/",
    style: {cssClass: "default", showCoordinates: true, animationDuration: 120},
    extensions: [{class: Markers, props: {autoMarkers: MARKER_TYPE.frame}}],
  });
  let inputColor = null;
  const handler = (event) => {
    if (event.type === INPUT_EVENT_TYPE.moveInputStarted) return true;
    if (event.type === INPUT_EVENT_TYPE.validateMoveInput) {
      onMove(event.squareFrom, event.squareTo);
      return false;  // the sheet decides what the position shows next
    }
    return true;
  };
  return {
    // No position (the moves before the focused box are not known): an
    // empty board, not the last one shown or the start.
    async clear() {
      await board.setPosition(FEN.empty, false);
      board.removeMarkers();
      board.disableMoveInput();
      inputColor = null;
    },
    async show(fen, {played, written, input} = {}) {
      const placement = fen.split(" ")[0];
      await board.setPosition(placement, false);
      board.removeMarkers();
      if (written) {
        board.addMarker(MARKER_TYPE.frame, written.slice(0, 2));
        board.addMarker(MARKER_TYPE.frame, written.slice(2, 4));
      }
      if (played && played !== written) {
        board.addMarker(MARKER_TYPE.square, played.slice(0, 2));
        board.addMarker(MARKER_TYPE.square, played.slice(2, 4));
      }
      const color = input ? (fen.split(" ")[1] === "b" ? COLOR.black : COLOR.white) : null;
      if (color !== inputColor) {
        board.disableMoveInput();
        if (color) board.enableMoveInput(handler, color);
        inputColor = color;
      }
    },
  };
}
