// The legend of the board's marks against the marks themselves, for the
// end-to-end tests of every host of the shared view (the page's
// web/test/e2e.mjs, VS Code's editors/vscode/e2e/board.mjs): each legend
// entry must draw the shape and the colour its marks have on the board.

/**
 * legendReport runs in the view's document (page.evaluate, or a
 * webview's frame.evaluate): for each entry of the legend, its swatch's
 * computed border and the computed stroke of the first mark of its kind
 * on the board (null when the board has none).
 */
export function legendReport() {
  const svg = document.querySelector("svg.gamels-board");
  const marks = {
    best: "rect.slot.best, rect.cell.best",
    wins: "rect.slot.wins, rect.cell.wins",
    last: "rect.cell.last",
    run: "rect.cell.pushed:not(.last)",
  };
  const out = {};
  for (const [kind, sel] of Object.entries(marks)) {
    const sw = document.querySelector(`#legend .swatch.${kind}`);
    const mark = svg?.querySelector(sel);
    const s = sw && getComputedStyle(sw);
    const m = mark && getComputedStyle(mark);
    out[kind] = {
      swatch: s && { style: s.borderTopStyle, width: s.borderTopWidth, colour: s.borderTopColor, radius: s.borderTopLeftRadius },
      text: sw?.parentElement?.textContent ?? "",
      mark: m && { dash: m.strokeDasharray, rx: m.rx, stroke: m.stroke, fill: m.fill, classes: mark.getAttribute("class") },
    };
  }
  return out;
}

const dash = (d) => (d ?? "").replace(/px/g, "").replace(/[ ,]+/g, " ").trim();
const round = (r) => r !== undefined && !/^(0(px|%)?|auto|)$/.test(r);

/** legendProblems checks a legendReport; it returns what is wrong, [] when nothing is. */
export function legendProblems(r) {
  const problems = [];
  const want = {
    // kind: the swatch's border style, round or not, and the mark's dash
    // (undefined: any, for a slot that is two kinds at once).
    best: { style: "solid", round: true, dash: undefined, words: /best move.*ring/ },
    wins: { style: "dotted", round: false, dash: "1 2", words: /wins at once.*dotted/ },
    last: { style: "solid", round: false, dash: "none", words: /last move.*solid/ },
    run: { style: "dashed", round: false, dash: "4 2", words: /run a push moves.*dashed/ },
  };
  const shapes = new Set();
  for (const [kind, w] of Object.entries(want)) {
    const { swatch, mark, text } = r[kind] ?? {};
    if (!swatch) {
      problems.push(`${kind}: no swatch in the legend`);
      continue;
    }
    if (!w.words.test(text)) problems.push(`${kind}: the legend says ${JSON.stringify(text)}`);
    shapes.add(`${swatch.style} ${round(swatch.radius)} ${swatch.width}`);
    if (swatch.style !== w.style || round(swatch.radius) !== w.round) {
      problems.push(`${kind}: the swatch is ${swatch.style}${round(swatch.radius) ? ", round" : ""}; want ${w.style}${w.round ? ", round" : ""}`);
    }
    if (!mark) {
      problems.push(`${kind}: no mark of the kind on the board`);
      continue;
    }
    if (w.dash !== undefined && dash(mark.dash) !== w.dash) problems.push(`${kind}: the mark (${mark.classes}) is dashed ${JSON.stringify(mark.dash)}; want ${w.dash}`);
    if (w.round && !round(mark.rx)) problems.push(`${kind}: the mark (${mark.classes}) has square corners (rx ${mark.rx})`);
    if (swatch.colour !== mark.stroke && swatch.colour !== mark.fill) {
      problems.push(`${kind}: the swatch is ${swatch.colour}, the mark (${mark.classes}) stroke ${mark.stroke} fill ${mark.fill}`);
    }
  }
  if (shapes.size !== 4) problems.push(`two swatches have the same shape: ${[...shapes].join("; ")}`);
  return problems;
}

/** The transcript a legend check opens: after move 6 of game 1 (line 8), O has pushed a run of two, and X wins at once with L1 or R1. */
export const legendGame = "1\n4\nL1\nL2\nL1\nL2\nL1\nL2\nQUIT\n";
export const legendLine = 8;
