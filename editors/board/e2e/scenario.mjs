// The board session's scenario, one for every host of the shared view:
// the page's end-to-end test (web/test/e2e.mjs) and VS Code's
// (editors/vscode/e2e/session.mjs) each run sessionScenario with a driver
// of their own, so that the same steps are checked against the one
// session (editors/board/session.ts) in both.
//
// A driver d holds, each async:
//   open(name, text)    opens a transcript with the view beside it
//   line(n)             puts the editor's cursor on line n (1-based)
//   cursorLine()        the line of the editor's cursor
//   view(fn)            fn evaluated in the view's document
//   key(k)              presses key k in the view (focused first)
//   click(selector)     clicks an element of the view
//   undo()              the editor's undo
//   hideShow()          hides the view and shows it again (VS Code: the
//                       tab, its webview recreated; the page: a reload)
//   answerSize(n)       answers New game's question for the size with n
// and check(ok, what, detail), until(what, fn, ms) (fn's first truthy
// value, or null after ms), log(s).

/** Game 1 of the ICFP 1998 log: X wins after 13 plies; move 12 (O's T4, line 16) is the blunder. */
export const sessionGame =
  "# rules: icfp\n# ICFP 1998 tournament: entry 5 (X) against entry 6 (O).\n6\n" +
  "L6\nR5\nL2\nT3\nR2\nB6\nL2\nR5\nR2\nB1\nL2\nT4\nL2\nQUIT\n";
const nLine = 3; // the size line; move k is on line nLine + k
const blunder = 12;

/** readSession runs in the view's document: what the view shows. */
export function readSession() {
  const svg = document.querySelector("svg.gamels-board");
  const strip = document.getElementById("strip");
  const text = (id) => document.getElementById(id)?.textContent ?? "";
  return {
    game: svg ? Number(svg.getAttribute("data-game")) : -1,
    move: svg ? Number(svg.getAttribute("data-move")) : -1,
    n: svg ? Number(svg.getAttribute("data-n")) : -1,
    turn: text("turn"),
    status: text("boardstatus"),
    engine: text("engine"),
    value: text("value"),
    strip: strip && !strip.hidden ? strip.querySelectorAll(".cell").length : 0,
    marks: strip ? [...strip.querySelectorAll(".cell.mark")].map((c) => Number(c.dataset.move)) : [],
    moves: [...document.querySelectorAll("#moves li")].map((li) => li.firstChild?.textContent ?? ""),
    // Drawn over the board: the move that held at a marked move, and the engine's line as ply numbers.
    held: svg ? [...svg.querySelectorAll("rect.held")].map((r) => r.getAttribute("data-slot") ?? `${r.getAttribute("data-row")} ${r.getAttribute("data-col")}`) : [],
    best: svg ? [...svg.querySelectorAll("rect.slot.best")].map((r) => r.getAttribute("data-slot")) : [],
    line: svg ? [...svg.querySelectorAll("text.line-ply")].map((t) => ({ plies: t.getAttribute("data-plies"), x: Number(t.getAttribute("x")), y: Number(t.getAttribute("y")) })) : [],
  };
}

/** sessionScenario runs the steps with driver d. */
export async function sessionScenario(d) {
  const m = (s) => `session: ${s}`;
  // trail holds each status line the view showed since the last step, so
  // that a failed check says what the session said on the way.
  let trail = [];
  const step = () => (trail = []);
  const at = (what, ok, ms = 20_000) =>
    d.until(what, async () => {
      const v = await d.view(readSession).catch(() => null);
      if (v && v.status && trail[trail.length - 1] !== v.status) trail.push(v.status);
      return v && ok(v) ? v : false;
    }, ms).then(async (v) => v ?? { ...(await d.view(readSession).catch(() => ({}))), trail });

  // Open, the cursor on the size line: move 0, X to move.
  await d.open("session.pousse", sessionGame);
  await d.line(nLine);
  let v = await at("move 0 of game 1", (v) => v.game === 1 && v.move === 0 && v.n === 6);
  d.check(v.move === 0 && v.turn === "X to move", m('open: move 0 of game 1, "X to move"'), JSON.stringify(v));

  // Step: the Right key, the editor's cursor follows.
  await d.key("ArrowRight");
  v = await at("move 1", (v) => v.move === 1);
  let line = await d.until("the cursor on move 1's line", async () => ((await d.cursorLine()) === nLine + 1 ? nLine + 1 : false), 5_000);
  d.check(v.move === 1 && line === nLine + 1, m(`a step (Right): move 1, the editor's cursor on line ${nLine + 1}`), `${v.move} line ${await d.cursorLine()}`);

  // n to the blunder, once the values and the annotations are in.
  v = await at("the strip of values, the blunder marked", (v) => v.strip === 14 && v.marks.includes(blunder), 60_000);
  d.log(`session: the strip: ${v.strip} values, marks at ${v.marks}`);
  await d.key("n");
  v = await at(`move ${blunder}`, (v) => v.move === blunder);
  line = await d.until("the cursor on the blunder's line", async () => ((await d.cursorLine()) === nLine + blunder ? nLine + blunder : false), 5_000);
  d.check(v.move === blunder && line === nLine + blunder, m(`n: to the blunder, move ${blunder} (O's T4), the editor's cursor on line ${nLine + blunder}`),
    `${v.move} line ${await d.cursorLine()}`);

  // At the blunder, the board marks the move that held (T3) and numbers the engine's line from its best move.
  v = await at("the move that held and the line drawn", (v) => v.held.length > 0 && v.line.length > 0, 20_000);
  d.check(v.held.join(" ") === "T3" && v.best.length === 1 && v.line.some((l) => l.plies?.split(" ").includes("1")),
    m("the blunder's board: T3, the move that held, ringed; the engine's line numbered from its best move"), JSON.stringify({ held: v.held, best: v.best, line: v.line }));

  // Hide the view and show it again: the strip comes back with it.
  const strip = v.strip;
  await d.hideShow();
  v = await at("the view back, with its strip", (v) => v.strip === strip && strip > 0, 30_000);
  d.check(strip === 14 && v.strip === strip, m("hidden and shown again: the view comes back with its strip of 14 values"), JSON.stringify({ before: strip, after: v.strip }));

  // New game: a 4 x 4 game after game 1, shown at move 0.
  await d.click("#newGame");
  await d.answerSize(4);
  v = await at("game 2 at move 0", (v) => v.game === 2 && v.move === 0 && v.n === 4);
  d.check(v.game === 2 && v.n === 4 && v.move === 0 && v.turn === "X to move", m('New game 4: game 2, an empty 4 x 4 board, "X to move"'), JSON.stringify(v));

  // Three moves played on the board.
  const played = [];
  for (const slot of ["T1", "L1", "B2"]) {
    played.push(slot);
    step();
    const seen = (v) => JSON.stringify([v.move, v.moves, v.status]);
    const before = seen(await d.view(readSession).catch(() => ({})));
    await d.click(`svg.gamels-board rect.slot[data-slot="${slot}"]`);
    // The next click waits for this move's status as well as its board, as a person would see it written.
    const written = (v) => v.game === 2 && v.move === played.length && v.status.includes(`Played move ${played.length}`);
    v = await at(`move ${played.length} (${slot})`, written, 10_000);
    if (v.trail && seen(v) === before) {
      // Nothing at all changed, not even the status line: the click was
      // not delivered to the view's session (seen in VS Code's webview
      // right after New game). Said, and clicked once more.
      d.log(`session: ${slot} clicked, nothing changed in 10 s: clicked again`);
      await d.click(`svg.gamels-board rect.slot[data-slot="${slot}"]`);
      v = await at(`move ${played.length} (${slot})`, written);
    }
    if (v.trail) d.log(`session: ${slot} clicked, move ${played.length} not shown; the status lines on the way: ${JSON.stringify(v.trail)}`);
  }
  d.check(v.moves.join(" ") === played.join(" ") && v.turn === "O to move", m("three moves clicked on the board: T1 L1 B2, O to move"), JSON.stringify(v));

  // The engine answers: choosing O, the side to move, plays move 4.
  step();
  await d.click("#engine"); // off -> X (not to move: nothing)
  await d.click("#engine"); // X -> O: the side to move
  v = await at("the engine's move 4", (v) => v.moves.length === 4 && /The engine played move 4/.test(v.status), 30_000);
  d.check(v.moves.length === 4 && /The engine played move 4/.test(v.status) && /Engine plays: O/.test(v.engine),
    m("Engine plays: O, the side to move: the engine plays move 4 and says so"), JSON.stringify(v));
  await d.click("#engine"); // O -> off
  await at("the engine off", (v) => /Engine plays: off/.test(v.engine), 5_000);

  // Undo in the editor takes the engine's move back, and its status line.
  step();
  await d.undo();
  v = await at("the engine's move undone", (v) => v.moves.length === 3, 15_000);
  d.check(v.moves.length === 3 && !/The engine played move 4/.test(v.status), m("undo takes back the engine's move 4, and its status line goes"), JSON.stringify(v));
}
