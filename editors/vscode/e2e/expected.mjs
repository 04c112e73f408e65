// The expected output beside a transcript in the real VS Code (run by
// run.mjs), issue 26: judge.pousse (the UVa 844 sample, written here so
// that the other scenarios' edits of sample.pousse do not matter) is
// opened, then judge.out is written beside it with game 2's line wrong. The server hears of the new file through
// the watcher it registered (workspace/didChangeWatchedFiles): the code
// lens on the first line says "judge: 1 of 2 verdicts match", the Problems
// panel has the warning at game 2's ending move (line 21) with both lines.
// Then the file is fixed on disk (the lens says 2 of 2, the warning goes),
// and then edited in the editor without saving (its didChange: 1 of 2
// again). Saves vscode-expected-<mode>.png (the lens and the warning's
// hover) and vscode-expected-problems-<mode>.png.

export async function expectedScenario(page, t) {
  const { mode, check, log, until, openFile, key, text, shot, path, fs, folder, problems, gotoLine } = t;
  const m = (s) => `${mode}: ${s}`;
  const transcript = [
    "# The two games of the UVa 844 sample, in the UVa layout:",
    "# a count line, then the games with a blank line between them.",
    "2", "", "4", "L2", "T2", "L2", "B2", "R2", "QUIT", "",
    "# The same start, then X pushes column 1 and row 2: X WINS at move 7.",
    "4", "L2", "T2", "L2", "B2", "R2", "T1", "L2", "QUIT", "",
  ].join("\n");
  fs.writeFileSync(path.join(folder, "judge.pousse"), transcript);
  const out = path.join(folder, "judge.out");
  const lenses = async () => (await text(page, ".codelens-decoration")).map((l) => l.replace(/\s+/g, " ").trim());
  const lensSays = (what, re) =>
    until(what, async () => {
      const l = await lenses();
      return l.some((x) => re.test(x)) ? l : false;
    }, 30_000).catch(async () => lenses());

  await openFile(page, "judge.pousse");
  await gotoLine(page, 1, 1);
  // Written while the transcript is open: only the watcher tells the server.
  fs.writeFileSync(out, "TIE GAME\n\nO WINS\n");
  log(`${mode}: wrote ${out}`);
  let l = await lensSays("the judge lens, 1 of 2", /judge: 1 of 2 verdicts match judge\.out/);
  check(l.some((x) => /^judge: 1 of 2 verdicts match judge\.out$/.test(x)), m('code lens "judge: 1 of 2 verdicts match judge.out" on line 1'), l.join(" | "));
  check(l.some((x) => /game 2: X WINS at move 7/.test(x)), m("the games' lenses are still there"), l.join(" | "));

  // The warning, in the Problems panel, at game 2's ending move.
  await key(page, "Control+Shift+KeyM");
  const rows = await problems(page, "expects");
  const want = /game 2: judge\.out line 3 expects "O WINS"; the judge's verdict is "X WINS".*\[Ln 21, Col 1\]/;
  check(rows.some((r) => want.test(r)), m('Problems: the warning at line 21, "judge.out line 3 expects "O WINS"; the judge\'s verdict is "X WINS""'), rows.join(" | "));
  const icon = await page.evaluate(() =>
    [...document.querySelectorAll(".markers-panel .monaco-list-row")].some(
      (r) => /expects/.test(r.innerText) && r.querySelector(".codicon-warning, .codicon-warning-filled, .marker-icon.warning") !== null));
  check(icon, m("Problems: it is a warning (its icon)"));
  await shot(page, `vscode-expected-problems-${mode}`);
  await problems(page, "");
  await key(page, "Control+KeyJ");

  // The squiggle's hover at line 21.
  await openFile(page, "judge.pousse");
  await gotoLine(page, 21, 1);
  await key(page, "Control+KeyK");
  await key(page, "Control+KeyI");
  const hover = await until("the warning's hover", async () => {
    const h = (await text(page, ".monaco-hover:not(.hidden)")).join("\n");
    return /expects "O WINS"/.test(h) ? h : false;
  }, 20_000).catch(() => "");
  check(/judge\.out line 3 expects "O WINS"; the judge's verdict is "X WINS"/.test(hover), m("hover at line 21: the warning with both lines"), hover.slice(0, 300));
  await shot(page, `vscode-expected-${mode}`);
  await page.keyboard.press("Escape");

  // Fixed on disk: the lens follows, the warning goes.
  fs.writeFileSync(out, "TIE GAME\n\nX WINS\n");
  l = await lensSays("the judge lens, 2 of 2", /judge: 2 of 2 verdicts match/);
  check(l.some((x) => /^judge: 2 of 2 verdicts match judge\.out$/.test(x)), m('after the fix on disk: "judge: 2 of 2 verdicts match judge.out"'), l.join(" | "));
  const gone = await until("the warning to go", async () => {
    const n = await page.evaluate(() => document.querySelectorAll(".editor-instance .squiggly-warning").length);
    return n === 0 ? "gone" : false;
  }, 20_000).catch(() => "");
  check(gone === "gone", m("after the fix on disk: no warning squiggle in judge.pousse"));

  // Edited in the editor, not saved: its text is what counts.
  await openFile(page, "judge.out");
  await gotoLine(page, 3, 1);
  await page.keyboard.press("Home");
  await key(page, "Shift+End");
  await page.keyboard.type("TIE GAME");
  await openFile(page, "judge.pousse");
  l = await lensSays("the judge lens after the unsaved edit", /judge: 1 of 2 verdicts match/);
  check(l.some((x) => /^judge: 1 of 2 verdicts match judge\.out$/.test(x)), m('after an unsaved edit of judge.out: "judge: 1 of 2 verdicts match judge.out"'), l.join(" | "));
  const disk = fs.readFileSync(out, "utf8");
  check(disk === "TIE GAME\n\nX WINS\n", m("judge.out on disk is untouched: the lens came from the editor's text"), JSON.stringify(disk));
  await shot(page, `vscode-expected-edited-${mode}`);
}
