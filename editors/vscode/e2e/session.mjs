// The board session's scenario shared with the page's e2e
// (editors/board/e2e/scenario.mjs), in the real VS Code (run by run.mjs,
// after the engine scenario, the view open): VS Code's driver.

import { sessionScenario } from "../../board/e2e/scenario.mjs";
import { editorLine, focusWorkbench, goLine, shownFrame } from "./board.mjs";
import { hideAndShowView, openBesideView } from "./engine.mjs";

/** sharedScenario runs the scenario; h holds run.mjs's helpers, as for the others. */
export async function sharedScenario(page, h) {
  if (!h.folder) return; // it writes its transcript into the workspace
  let frame;
  // The view's frame, found again when it went away (hidden, recreated).
  const live = async () => {
    const f = await h.until("the board view's frame", () => shownFrame(page), 20_000).catch(() => undefined);
    if (f) frame = f;
    return frame;
  };
  await sessionScenario({
    open: async (name, text) => {
      h.fs.writeFileSync(h.path.join(h.folder, name), text);
      frame = (await openBesideView(page, h, name)) ?? frame;
    },
    line: (n) => goLine(page, h, n),
    cursorLine: () => editorLine(page),
    view: async (fn) => (await live()).evaluate(fn),
    key: async (k) => {
      await (await live()).$eval("#board", (e) => e.focus());
      await page.keyboard.press(k);
    },
    click: async (sel) =>
      (await live()).$eval(sel, (e) => (e instanceof SVGElement ? e.dispatchEvent(new MouseEvent("click", { bubbles: true })) : e.click())),
    // The editor's undo, then its cursor to the end (the new game), which
    // the click that gave the editor the keyboard may have moved.
    undo: async () => {
      await focusWorkbench(page, h);
      await h.key(page, "Control+KeyZ");
      await h.key(page, "Control+End");
    },
    hideShow: () => hideAndShowView(page, h),
    answerSize: async (n) => {
      await h.until("the New Game size box", () =>
        page.evaluate(() => /board size N of the new pousse game/.test(document.querySelector(".quick-input-widget")?.innerText ?? "")), 10_000);
      await page.keyboard.type(String(n));
      await page.keyboard.press("Enter");
    },
    until: (what, fn, ms) => h.until(what, fn, ms).catch(() => null),
    check: (ok, what, detail) => h.check(ok, `${h.mode}: ${what}`, detail),
    log: (s) => h.log(`${h.mode}: ${s}`),
  });
}
