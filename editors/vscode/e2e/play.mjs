// Playing on the board in the real VS Code (run by run.mjs, after the board
// view's scenario, the view open): "gamels: New Game" from the Command
// Palette adds a 3 x 3 game to sample.pousse (the UVa count line raised);
// pointing at an edge slot previews its push; three clicks on edge slots
// play T1, T1, B3, each written by the server (gamels/play) and applied as
// one edit; the text is the expected transcript; three Ctrl+Z undo the
// three moves one by one; in the middle of the game a modal asks (Cancel,
// then "Replace the rest"); a PATH cell clicked from U to W and back with
// Ctrl+Z; exploring a line (Explore, two clicks drawn and not written,
// Escape discards; again, Write these moves writes them, one undo step
// a move). Saves screenshots (vscode-play-<mode>.png, the
// view cropped).

import { boardFrame } from "./board.mjs";

/** What the view shows: game, move, rows, the moves listed, the status line, the previewed cells (sorted: the drawing orders its squares as it likes). */
function readView() {
  const svg = document.querySelector("svg.gamels-board");
  if (!svg) return null;
  const n = Number(svg.getAttribute("data-n"));
  const rows = Array.from({ length: n }, () => Array(n).fill("."));
  for (const t of svg.querySelectorAll(":scope > text.mark:not(.off)")) {
    rows[Number(t.getAttribute("data-row")) - 1][Number(t.getAttribute("data-col")) - 1] = t.textContent;
  }
  return {
    n,
    game: Number(svg.getAttribute("data-game")),
    move: Number(svg.getAttribute("data-move")),
    rows: rows.map((r) => r.join("")),
    // The moves without their annotation marks (?, ?!, ??, !!).
    moves: [...document.querySelectorAll("#moves li")].map((li) => li.textContent.replace(/\s*[?!]+$/, "")),
    slots: svg.querySelectorAll("rect.slot").length,
    status: document.getElementById("boardstatus")?.textContent ?? "",
    scratch: [...document.querySelectorAll("#scratch li")].map((li) => li.textContent),
    exploring: !(document.getElementById("explore-banner")?.hidden ?? true),
    preview: [...svg.querySelectorAll("rect.cell.preview")].map((r) => `${r.getAttribute("data-row")},${r.getAttribute("data-col")}`).sort().join(" "),
    previewOff: [...svg.querySelectorAll("rect.cell.preview-off")].map((r) => `${r.getAttribute("data-row")},${r.getAttribute("data-col")}`).sort().join(" "),
  };
}

/** The first words of the editor's visible lines (inlay hints and all dropped), in order. */
async function editorWords(page) {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll(".editor-instance .view-lines .view-line")]
      .map((l) => ({ top: parseFloat(l.style.top), text: l.innerText.replace(/\u00a0/g, " ") }))
      .sort((a, b) => a.top - b.top);
    // The inlay hints go: the move numbers before a move ("1."), the
    // verdict and the annotations after it (proven ?? and !!, judged ?
    // and ?!).
    return lines.map((l) => (l.text.trim().replace(/^\d+\.\s*/, "").split(/\s+/)[0] ?? "").replace(/(⟵|[?!]).*$/, ""));
  });
}

/** Whether words (the editor's lines) hold want (lines) one after the other. */
function holds(words, want) {
  for (let i = 0; i + want.length <= words.length; i++) {
    if (want.every((w, j) => words[i + j] === w)) return true;
  }
  return false;
}

/**
 * playScenario runs the play checks; h holds run.mjs's helpers:
 * { mode, check, log, until, openFile, runCommand, key, text, shot, out, path, fs, folder }.
 */
export async function playScenario(page, h) {
  const { mode, check, log, until, openFile, runCommand } = h;
  const m = (s) => `${mode}: play: ${s}`;
  await openFile(page, "sample.pousse");
  await h.key(page, "Control+Digit1");

  // A new 3 x 3 game from the palette.
  await runCommand(page, "gamels: New Game");
  // The size box, once the palette has made way for it: its value (the
  // default size) selected, typing replaces it.
  await until("the New Game size box", () =>
    page.evaluate(() => /board size N of the new pousse game/.test(document.querySelector(".quick-input-widget")?.innerText ?? "")), 10_000);
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  let frame;
  const fresh = await until("the view to show the new game", async () => {
    frame = await boardFrame(page);
    const v = frame && (await frame.evaluate(readView));
    return v && v.game === 3 && v.n === 3 && v.move === 0 ? v : false;
  }, 30_000).catch(async () => (frame ? frame.evaluate(readView) : null));
  check(fresh && fresh.game === 3 && fresh.rows.join("/") === ".../.../..." && fresh.slots === 12,
    m("New Game 3: the view shows game 3, an empty 3 x 3 board with its 12 edge slots"), JSON.stringify(fresh));
  if (!fresh || fresh.game !== 3) {
    await h.shot(page, `vscode-play-failed-${mode}`);
    log(`${mode}: play: the editor shows ${JSON.stringify(await editorWords(page))}`);
    return;
  }
  let words = await editorWords(page);
  check(holds(words, ["QUIT", "", "3", "QUIT"]), m("the new game is written after game 2: a blank line, 3, QUIT"), JSON.stringify(words));

  // act clicks (or points at) a slot, found afresh each try: the view
  // redraws after each edit (the answer, the cursor moved, the change).
  const act = async (name, how) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const el = await frame.$(`rect.slot[data-slot="${name}"]`);
        await (how === "hover" ? el.hover() : el.click());
        return;
      } catch (err) {
        if (attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const play = async (name, want) => {
    await act(name, "click");
    const v = await until(`the view at move ${want} after ${name}`, async () => {
      const x = await frame.evaluate(readView);
      return x && x.game === 3 && x.move === want ? x : false;
    }, 20_000).catch(async () => frame.evaluate(readView));
    log(`${mode}: play: ${name}: ${JSON.stringify(v)}`);
    return v;
  };

  let v = await play("T1", 1);
  check(v.move === 1 && v.rows.join("/") === "X../.../..." && v.moves.join(" ") === "T1" && /Played move 1: T1/.test(v.status),
    m("a click on slot T1 plays move 1: X in the top left, the list says T1"), JSON.stringify(v));

  // Pointing at T1 again previews the push: the X moves down, O enters.
  await new Promise((r) => setTimeout(r, 600)); // the redraws after the edit
  await frame.evaluate(() => document.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
  await act("T1", "hover");
  const pv = await until("the preview of T1", async () => {
    const x = await frame.evaluate(readView);
    return x.preview === "1,1 2,1" ? x : false;
  }, 5_000).catch(async () => frame.evaluate(readView));
  check(pv.preview === "1,1 2,1" && pv.previewOff === "", m("pointing at T1 previews the run that moves: 1,1 and 2,1, nothing falls off"), JSON.stringify(pv));
  await h.shot(page, `vscode-play-preview-${mode}`);

  v = await play("T1", 2);
  check(v.rows.join("/") === "O../X../..." && v.moves.join(" ") === "T1 T1", m("T1 again: O pushes the X down"), JSON.stringify(v));
  v = await play("B3", 3);
  check(v.rows.join("/") === "O../X../..X" && v.moves.join(" ") === "T1 T1 B3", m("B3: X enters column 3 from the bottom"), JSON.stringify(v));

  // The transcript, as the editor shows it around the cursor.
  words = await until("the three moves in the editor", async () => {
    const w = await editorWords(page);
    return holds(w, ["3", "T1", "T1", "B3", "QUIT"]) ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(holds(words, ["3", "T1", "T1", "B3", "QUIT"]), m("the text is the expected transcript: 3, T1, T1, B3, QUIT"), JSON.stringify(words));

  // Explore: the button, two clicks tried and drawn, not written; Escape discards them.
  await frame.$eval("#explore", (e) => e.click());
  const exploring = await until("the view exploring", async () => (await frame.evaluate(readView))?.exploring || false, 10_000).catch(() => false);
  check(exploring, m("Explore: the banner says the view is exploring"));
  const tried = async (name, want) => {
    await act(name, "click");
    return until(`the explored line at move ${want}`, async () => {
      const x = await frame.evaluate(readView);
      return x && x.exploring && x.move === want ? x : false;
    }, 20_000).catch(async () => frame.evaluate(readView));
  };
  await tried("L1", 4);
  v = await tried("R2", 5);
  words = await editorWords(page);
  check(v.move === 5 && v.scratch.join(" ") === "L1 R2" && v.moves.join(" ") === "T1 T1 B3" && v.rows.join("/") !== "O../X../..X" && holds(words, ["3", "T1", "T1", "B3", "QUIT"]),
    m("two clicks while exploring: the board at move 5 of the line, L1 R2 listed apart, the game's moves and the transcript unchanged"), `${JSON.stringify(v)} ${JSON.stringify(words)}`);
  await h.shot(page, `vscode-explore-${mode}`);
  await frame.focus("#board").catch(() => {});
  await page.keyboard.press("Escape");
  v = await until("the line discarded", async () => {
    const x = await frame.evaluate(readView);
    return x && !x.exploring && x.move === 3 ? x : false;
  }, 10_000).catch(async () => frame.evaluate(readView));
  words = await editorWords(page);
  check(!v.exploring && v.move === 3 && v.rows.join("/") === "O../X../..X" && holds(words, ["3", "T1", "T1", "B3", "QUIT"]),
    m("Escape discards the explored line: the board back at move 3, the transcript unchanged"), `${JSON.stringify(v)} ${JSON.stringify(words)}`);
  // Explore again, Write these moves: at the end of the game, written at
  // once, one undo step a move (two Ctrl+Z give the game back).
  await frame.$eval("#explore", (e) => e.click());
  await until("the view exploring again", async () => (await frame.evaluate(readView))?.exploring || false, 10_000).catch(() => false);
  await tried("L1", 4);
  await tried("R2", 5);
  await frame.$eval("#explore-write", (e) => e.click());
  words = await until("L1 R2 written", async () => {
    const w = await editorWords(page);
    return holds(w, ["3", "T1", "T1", "B3", "L1", "R2", "QUIT"]) ? w : false;
  }, 15_000).catch(() => editorWords(page));
  v = await until("the view at move 5, not exploring", async () => {
    const x = await frame.evaluate(readView);
    return x && !x.exploring && x.move === 5 ? x : false;
  }, 10_000).catch(async () => frame.evaluate(readView));
  check(holds(words, ["3", "T1", "T1", "B3", "L1", "R2", "QUIT"]) && !v.exploring && v.move === 5 && /Wrote the explored line: 2 move\(s\), 4 to 5/.test(v.status),
    m("Write these moves: L1 R2 written after B3, the view at move 5, no longer exploring"), `${JSON.stringify(v)} ${JSON.stringify(words)}`);
  await h.key(page, "Control+Digit1");
  await until("the focus in the transcript's editor", () =>
    page.evaluate(() => document.activeElement?.closest?.(".editor-instance") != null), 5_000).catch(() => {});
  await h.key(page, "Control+KeyZ");
  await h.key(page, "Control+KeyZ");
  words = await until("the written line undone", async () => {
    const w = await editorWords(page);
    return holds(w, ["3", "T1", "T1", "B3", "QUIT"]) ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(holds(words, ["3", "T1", "T1", "B3", "QUIT"]), m("two Ctrl+Z take the two written moves back"), JSON.stringify(words));
  v = await until("the view back at move 3", async () => {
    const x = await frame.evaluate(readView);
    return x && x.move === 3 && x.moves.length === 3 ? x : false;
  }, 10_000).catch(async () => frame.evaluate(readView));

  // The screenshots: the window, and the view cropped.
  await h.shot(page, `vscode-play-window-${mode}`);
  const clip = await page.evaluate(() => {
    const el = [...document.querySelectorAll(".editor-group-container")]
      .map((e) => e.getBoundingClientRect())
      .filter((rct) => rct.width > 0)
      .sort((a, b) => b.x - a.x)[0];
    return el ? { x: el.x, y: el.y, width: el.width, height: Math.min(el.height, 560) } : null;
  });
  if (clip) {
    const file = h.path.join(h.out, `vscode-play-${mode}.png`);
    await page.screenshot({ path: file, clip, captureBeyondViewport: false });
    log(`screenshot ${file}`);
  }

  // Undo, move by move: one undo step each.
  await h.key(page, "Control+Digit1");
  await until("the focus in the transcript's editor", () =>
    page.evaluate(() => document.activeElement?.closest?.(".editor-instance") != null), 5_000).catch(() => {});
  const undo = async (want) => {
    await h.key(page, "Control+KeyZ");
    return until(`the editor after undo: ${want.join(" ")}`, async () => {
      const w = await editorWords(page);
      return holds(w, want) ? w : false;
    }, 10_000).catch(() => editorWords(page));
  };
  words = await undo(["3", "T1", "T1", "QUIT"]);
  check(holds(words, ["3", "T1", "T1", "QUIT"]), m("Ctrl+Z undoes B3 alone"), JSON.stringify(words));
  words = await undo(["3", "T1", "QUIT"]);
  check(holds(words, ["3", "T1", "QUIT"]), m("Ctrl+Z again undoes the second T1"), JSON.stringify(words));
  words = await undo(["QUIT", "", "3", "QUIT"]);
  check(holds(words, ["QUIT", "", "3", "QUIT"]), m("a third Ctrl+Z: the new game is empty again (game 2's QUIT, a blank line, 3, QUIT)"), JSON.stringify(words));

  // The middle of a game: redo the two moves, step back to move 1 in the
  // view's list, click L2: a modal asks first.
  await h.key(page, "Control+Shift+KeyZ");
  await h.key(page, "Control+Shift+KeyZ");
  words = await until("the two moves redone", async () => {
    const w = await editorWords(page);
    return holds(w, ["3", "T1", "T1", "QUIT"]) ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(holds(words, ["3", "T1", "T1", "QUIT"]), m("Ctrl+Shift+Z twice redoes the two moves"), JSON.stringify(words));
  // Move 1 chosen in the list, until the view stays there (a redraw
  // of the redo may still come).
  const at1 = await until("the view at game 3, move 1, and staying there", async () => {
    await frame.$eval('#moves li[data-move="1"]', (li) => li.click()).catch(() => {});
    await new Promise((r) => setTimeout(r, 800));
    const x = await frame.evaluate(readView);
    return x && x.game === 3 && x.move === 1 && x.moves.length === 2 ? x : false;
  }, 20_000).catch(() => null);
  check(at1 !== null, m("a click on move 1 in the view's list: the view at move 1 of 2"), JSON.stringify(at1));
  const dialog = async (button) => {
    const shown = await until("the modal dialog", () =>
      page.evaluate(() => document.querySelector(".monaco-dialog-box")?.innerText ?? ""), 10_000).catch(() => "");
    const clicked = await page.evaluate((b) => {
      const el = [...document.querySelectorAll(".monaco-dialog-box .monaco-button")].find((x) => x.innerText.trim() === b);
      if (el) el.click();
      return el != null;
    }, button);
    return { shown, clicked };
  };
  await act("L2", "click");
  let d = await dialog("Cancel");
  check(/Play here, at move 2\?/.test(d.shown) && /replace the 1 move after it/.test(d.shown) && d.clicked,
    m('a click at move 1 of 2 asks in a modal: "Play here, at move 2?", the 1 move that would be replaced, Cancel'), JSON.stringify(d));
  const status = await until("the view to say nothing was written", async () => {
    const st = (await frame.evaluate(readView))?.status ?? "";
    return /Nothing written/.test(st) ? st : false;
  }, 5_000).catch(async () => (await frame.evaluate(readView))?.status ?? "");
  words = await editorWords(page);
  check(holds(words, ["3", "T1", "T1", "QUIT"]) && /Nothing written/.test(status), m("Cancel: nothing written"), `${JSON.stringify(words)} ${status}`);
  await act("L2", "click");
  d = await dialog("Replace the rest");
  words = await until("L2 in place of the second T1", async () => {
    const w = await editorWords(page);
    return holds(w, ["3", "T1", "L2", "QUIT"]) ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(d.clicked && holds(words, ["3", "T1", "L2", "QUIT"]), m('"Replace the rest": L2 replaces the second T1'), JSON.stringify(words));
  await h.shot(page, `vscode-play-replaced-${mode}`);

  // The count line, at the top of the file (the new game stays, empty).
  await h.key(page, "Control+Home");
  words = await until("the count line", async () => {
    const w = await editorWords(page);
    return w.slice(0, 6).includes("3") ? w : false;
  }, 5_000).catch(() => editorWords(page));
  check(words.slice(0, 6).includes("3") && !words.slice(0, 6).includes("2"), m("the UVa count line is now 3"), JSON.stringify(words.slice(0, 6)));

  // PATH: a click cycles a cell (U to W), one undo step. The file opens
  // in the transcript's group (the first), beside the view.
  const left = await page.evaluate(() => {
    const g = [...document.querySelectorAll(".editor-group-container")]
      .filter((e) => e.getBoundingClientRect().width > 0)
      .sort((a, b) => a.getBoundingClientRect().x - b.getBoundingClientRect().x)[0];
    const r = g?.querySelector(".view-lines")?.getBoundingClientRect();
    return r ? { x: r.x + 40, y: r.y + 10 } : null;
  });
  if (left) await page.mouse.click(left.x, left.y);
  await openFile(page, "boards.path");
  if (left) await page.mouse.click(left.x, left.y); // the focus in the editor, on line 1
  await h.key(page, "Control+Home");
  await page.keyboard.press("ArrowDown"); // line 2: the size of board 1
  // The webview may have been made again: its frame is found afresh.
  const pb = await until("the view at PATH board 1", async () => {
    frame = await boardFrame(page);
    const x = frame && (await frame.evaluate(readView));
    return x && x.n === 7 ? x : false;
  }, 15_000).catch(() => null);
  check(pb && pb.n === 7, m("PATH: the view shows board 1 of boards.path"), JSON.stringify(pb));
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      frame = await boardFrame(page);
      await (await frame.$('svg.gamels-board > rect.cell[data-row="1"][data-col="4"]')).click();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  words = await until("the row WBBWUUU", async () => {
    const w = await editorWords(page);
    return w.includes("WBBWUUU") ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(words.includes("WBBWUUU"), m("PATH: a click on cell 1 4 turns its U into W: WBBWUUU"), JSON.stringify(words.slice(0, 6)));
  if (left) await page.mouse.click(left.x, left.y); // the focus back in the editor
  await h.key(page, "Control+KeyZ");
  words = await until("the row WBBUUUU again", async () => {
    const w = await editorWords(page);
    return w.includes("WBBUUUU") ? w : false;
  }, 10_000).catch(() => editorWords(page));
  check(words.includes("WBBUUUU"), m("PATH: Ctrl+Z gives the U back"), JSON.stringify(words.slice(0, 6)));
}
