// The page's one modal dialog (index.html's <dialog id="ask">): a
// question with two buttons ("Replace the rest" / "Cancel" before a move
// in the middle of a game), or a board size to type (New game). Its
// texts are set with textContent: a server's message quoting the
// transcript stays text. Escape and Cancel answer no.

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

export interface Question {
  title: string;
  detail?: string;
  /** The label of the button that answers yes. */
  ok: string;
  /** Ask for a whole number in lo..hi (def offered) instead of yes or no. */
  size?: { lo: number; hi: number; def: number; label: string };
}

let pending: ((v: number | boolean) => void) | undefined;

/**
 * ask shows q and resolves to true (ok), false (cancel, Escape) or, for
 * q.size, the number typed, undefined when cancelled. A second question
 * while one is open cancels the first.
 */
export function ask(q: Question & { size: Question["size"] & object }): Promise<number | undefined>;
export function ask(q: Question): Promise<boolean>;
export function ask(q: Question): Promise<number | boolean | undefined> {
  const dlg = $<HTMLDialogElement>("ask");
  pending?.(false);
  $("asktitle").textContent = q.title;
  $("askdetail").textContent = q.detail ?? "";
  $("askdetail").hidden = !q.detail;
  $("askerror").textContent = "";
  $("askok").textContent = q.ok;
  const input = $<HTMLInputElement>("asksize");
  $("asksizebox").hidden = !q.size;
  if (q.size) {
    $("asksizelabel").textContent = q.size.label;
    input.min = String(q.size.lo);
    input.max = String(q.size.hi);
    input.value = String(q.size.def);
  }
  return new Promise((resolve) => {
    pending = (v) => {
      pending = undefined;
      if (dlg.open) dlg.close();
      resolve(q.size ? (typeof v === "number" ? v : undefined) : v === true);
    };
    dlg.showModal();
    if (q.size) {
      input.focus();
      input.select();
    } else {
      // The safe answer has the focus: Enter does not replace moves.
      $("askcancel").focus();
    }
  });
}

/** answer reads the dialog's answer for its OK button: the size, checked, or yes. */
function answer(): void {
  if (!pending) return;
  if ($("asksizebox").hidden) {
    pending(true);
    return;
  }
  const input = $<HTMLInputElement>("asksize");
  const n = Number(input.value);
  const lo = Number(input.min);
  const hi = Number(input.max);
  if (!Number.isInteger(n) || n < lo || n > hi) {
    $("askerror").textContent = `A whole number from ${lo} to ${hi}.`;
    input.focus();
    return;
  }
  pending(n);
}

/** wireDialog adds the dialog's listeners, once. */
export function wireDialog(): void {
  const dlg = $<HTMLDialogElement>("ask");
  $("askok").addEventListener("click", answer);
  $("askcancel").addEventListener("click", () => pending?.(false));
  $("asksize").addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      answer();
    }
  });
  // Escape, or the dialog closed another way.
  dlg.addEventListener("close", () => pending?.(false));
}
