// What the page adds to @codemirror/lsp-client for gamels: diagnostics
// with their codes and quick fixes (the client's own drop both), inlay
// hints and semantic highlighting (the client has neither), and a
// sanitizer for the hovers' Markdown (the client renders it to HTML).

import { LSPClient, LSPPlugin, type LSPClientExtension } from "@codemirror/lsp-client";
import { setDiagnostics, type Action, type Diagnostic } from "@codemirror/lint";
import { RangeSetBuilder, StateEffect, StateField, type Extension, type ChangeSpec } from "@codemirror/state";
import { Decoration, EditorView, ViewPlugin, WidgetType, type DecorationSet, type ViewUpdate, type Command } from "@codemirror/view";

type Pos = { line: number; character: number };
type Range = { start: Pos; end: Pos };
interface LspDiagnostic {
  range: Range;
  severity?: number;
  code?: string | number;
  source?: string;
  message: string;
  tags?: number[];
}
interface TextEdit {
  range: Range;
  newText: string;
}
interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: { textDocument: { uri: string }; edits: TextEdit[] }[];
}
interface CodeAction {
  title: string;
  kind?: string;
  isPreferred?: boolean;
  diagnostics?: LspDiagnostic[];
  edit?: WorkspaceEdit;
}

/** Fired after diagnostics arrive: the server's analysis of a version is done. */
export const analysed = StateEffect.define<null>();

const severity = ["error", "error", "warning", "info", "hint"] as const;

/** The diagnostics of the last publication, with the actions found for them. */
let lastPublished = new WeakMap<EditorView, { version: number; items: LspDiagnostic[] }>();

/** diagKey is a diagnostic's identity (its range, code and message), as one string. */
const diagKey = (d: LspDiagnostic) =>
  `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code ?? ""} ${d.message}`;

let received = 0;

/** The diagnostics the fixes are asked for, at most (a file of errors). */
const maxFixRequest = 500;

/**
 * diagnostics replaces the client's textDocument/publishDiagnostics
 * handler: each diagnostic keeps its code (shown as its source, e.g.
 * "gamels P004") and, once the server has answered textDocument/codeAction
 * for the publication, carries its quick fixes as actions.
 */
export function diagnostics(): LSPClientExtension {
  return {
    clientCapabilities: {
      textDocument: {
        publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true, tagSupport: { valueSet: [1, 2] } },
        codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["quickfix"] } }, isPreferredSupport: true },
        inlayHint: {},
        semanticTokens: {
          requests: { full: true, range: true },
          tokenTypes: [],
          tokenModifiers: [],
          formats: ["relative"],
        },
      },
    },
    notificationHandlers: {
      "textDocument/publishDiagnostics": (client, params: { uri: string; version?: number; diagnostics: LspDiagnostic[] }) => {
        received = performance.now();
        const file = client.workspace.getFile(params.uri);
        if (!file || (params.version != null && params.version !== file.version)) return true;
        const view = file.getView();
        const plugin = view && LSPPlugin.get(view);
        if (!view || !plugin) return true;
        lastPublished.set(view, { version: file.version, items: params.diagnostics });
        show(view, plugin, file.version, params.diagnostics, carried(view, file.version, params.diagnostics));
        void requestFixes(client, view, plugin, params.uri, file.version, params.diagnostics);
        return true;
      },
    },
  };
}

/** The fixes shown with the last publication, by view. */
const shownFixes = new WeakMap<EditorView, { version: number; fixes: Map<LspDiagnostic, CodeAction[]> }>();

/**
 * carried returns the fixes already shown for the diagnostics of a new
 * publication of the same version (the engine's annotations come after
 * the parse errors, in a publication of their own): their actions stay
 * until the server's answer for the new publication, rather than go and
 * come back.
 */
function carried(view: EditorView, version: number, items: LspDiagnostic[]): Map<LspDiagnostic, CodeAction[]> {
  const out = new Map<LspDiagnostic, CodeAction[]>();
  const last = shownFixes.get(view);
  if (!last || last.version !== version || last.fixes.size === 0) return out;
  // By key, not pairwise: a file of errors has thousands of items.
  const byKey = new Map<string, CodeAction[]>();
  for (const [d, acts] of last.fixes) byKey.set(diagKey(d), acts);
  for (const item of items) {
    const acts = byKey.get(diagKey(item));
    if (acts) out.set(item, acts);
  }
  return out;
}

function show(view: EditorView, plugin: LSPPlugin, version: number, items: LspDiagnostic[], fixes: Map<LspDiagnostic, CodeAction[]>): void {
  shownFixes.set(view, { version, fixes });
  const doc = plugin.syncedDoc;
  const list: Diagnostic[] = [];
  for (const item of items) {
    let from: number, to: number;
    try {
      from = plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.start, doc));
      to = plugin.unsyncedChanges.mapPos(plugin.fromPosition(item.range.end, doc));
    } catch {
      continue; // a range outside the document
    }
    const code = item.code != null && item.code !== "" ? ` ${item.code}` : "";
    const d: Diagnostic = {
      from,
      to,
      severity: severity[item.severity ?? 1] ?? "error",
      message: item.message,
      source: `${item.source ?? "gamels"}${code}`,
    };
    if (item.tags?.includes(1)) d.markClass = "cm-unnecessary";
    const acts = fixes.get(item);
    if (acts?.length) d.actions = acts.map((a) => fixAction(plugin.client, plugin.uri, a));
    list.push(d);
  }
  view.dispatch(setDiagnostics(view.state, list), { effects: analysed.of(null) });
  // For tests and measurements: the diagnostics of a publication (or
  // their fixes) are shown: how many, for a text of which length, when.
  window.dispatchEvent(new CustomEvent("gamels:diagnostics", { detail: { count: list.length, fixes: fixes.size, length: plugin.syncedDoc.length, received, at: performance.now() } }));
}

async function requestFixes(client: LSPClient, view: EditorView, plugin: LSPPlugin, uri: string, version: number, items: LspDiagnostic[]): Promise<void> {
  const asked = items.filter((d) => (d.severity ?? 1) <= 3).slice(0, maxFixRequest);
  if (asked.length === 0) return;
  const end = plugin.toPosition(plugin.syncedDoc.length, plugin.syncedDoc);
  let actions: CodeAction[];
  try {
    actions =
      (await client.request<unknown, CodeAction[] | null>("textDocument/codeAction", {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end },
        context: { diagnostics: asked, only: ["quickfix"] },
      })) ?? [];
  } catch {
    return;
  }
  const last = lastPublished.get(view);
  if (!last || last.items !== items || last.version !== version || actions.length === 0 || LSPPlugin.get(view) !== plugin) return;
  const fixes = new Map<LspDiagnostic, CodeAction[]>();
  const byKey = new Map<string, LspDiagnostic>();
  for (const item of items) {
    const k = diagKey(item);
    if (!byKey.has(k)) byKey.set(k, item); // the first, as a search would
  }
  for (const a of actions) {
    if (!a.edit) continue;
    for (const d of a.diagnostics ?? []) {
      const item = byKey.get(diagKey(d));
      if (!item) continue;
      const l = fixes.get(item) ?? [];
      l.push(a);
      fixes.set(item, l);
    }
  }
  for (const l of fixes.values()) l.sort((a, b) => Number(!!b.isPreferred) - Number(!!a.isPreferred));
  received = performance.now();
  show(view, plugin, version, items, fixes);
}

function fixAction(client: LSPClient, uri: string, a: CodeAction): Action {
  return {
    name: a.title,
    apply(view) {
      applyEdit(view, uri, a.edit!);
    },
  };
}

/** applyEdit applies the edits of w to this view's document (uri). */
export function applyEdit(view: EditorView, uri: string, w: WorkspaceEdit): boolean {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return false;
  const edits = [...(w.changes?.[uri] ?? []), ...(w.documentChanges ?? []).filter((c) => c.textDocument.uri === uri).flatMap((c) => c.edits)];
  const doc = plugin.syncedDoc;
  const changes: ChangeSpec[] = [];
  for (const e of edits) {
    const from = plugin.unsyncedChanges.mapPos(plugin.fromPosition(e.range.start, doc), 1);
    const to = plugin.unsyncedChanges.mapPos(plugin.fromPosition(e.range.end, doc), -1);
    changes.push({ from, to: Math.max(from, to), insert: e.newText });
  }
  if (changes.length === 0) return false;
  view.dispatch({ changes, userEvent: "input.fix", scrollIntoView: true });
  return true;
}

/**
 * quickFix (Ctrl-.) applies the preferred (else the first) quick fix of a
 * diagnostic at the cursor.
 */
export const quickFix: Command = (view) => {
  const plugin = LSPPlugin.get(view);
  if (!plugin) return false;
  const pos = view.state.selection.main.head;
  const p = plugin.toPosition(pos);
  plugin.client.sync();
  void plugin.client
    .request<unknown, CodeAction[] | null>("textDocument/codeAction", {
      textDocument: { uri: plugin.uri },
      range: { start: p, end: p },
      context: { diagnostics: (lastPublished.get(view)?.items ?? []).filter((d) => within(d.range, p)), only: ["quickfix"] },
    })
    .then((acts) => {
      const a = (acts ?? []).filter((x) => x.edit).sort((x, y) => Number(!!y.isPreferred) - Number(!!x.isPreferred))[0];
      if (a?.edit) applyEdit(view, plugin.uri, a.edit);
    })
    .catch(() => {});
  return true;
};

function within(r: Range, p: Pos): boolean {
  const before = (a: Pos, b: Pos) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(r.start, p) && before(p, r.end);
}

// Inlay hints: the verdicts and annotations after moves, for the visible
// ranges, asked again after each analysis (the analysed effect) and on
// scrolling.

class HintWidget extends WidgetType {
  constructor(
    readonly label: string,
    readonly tooltip: string,
    readonly left: boolean,
    readonly right: boolean,
  ) {
    super();
  }
  eq(o: HintWidget) {
    return o.label === this.label && o.tooltip === this.tooltip && o.left === this.left && o.right === this.right;
  }
  toDOM() {
    const s = document.createElement("span");
    s.className = "cm-inlayHint" + (this.left ? " pad-left" : "") + (this.right ? " pad-right" : "");
    s.textContent = this.label;
    if (this.tooltip) s.title = this.tooltip;
    return s;
  }
}

const setHints = StateEffect.define<DecorationSet>();
const hintField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(v, tr) {
    for (const e of tr.effects) if (e.is(setHints)) return e.value;
    return v.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

interface InlayHint {
  position: Pos;
  label: string | { value: string }[];
  tooltip?: string | { value: string };
  paddingLeft?: boolean;
  paddingRight?: boolean;
}

const inlayPlugin = ViewPlugin.fromClass(
  class {
    timer: ReturnType<typeof setTimeout> | undefined;
    seq = 0;
    constructor(readonly view: EditorView) {
      this.schedule(50);
    }
    update(u: ViewUpdate) {
      if (u.viewportChanged || u.transactions.some((t) => t.effects.some((e) => e.is(analysed)))) this.schedule(100);
    }
    schedule(ms: number) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.run(), ms);
    }
    async run() {
      const plugin = LSPPlugin.get(this.view);
      if (!plugin || !plugin.client.serverCapabilities?.inlayHintProvider) return;
      const seq = ++this.seq;
      plugin.client.sync();
      const doc = plugin.syncedDoc;
      const { from, to } = this.view.viewport;
      let hints: InlayHint[] | null;
      try {
        hints = await plugin.client.request("textDocument/inlayHint", {
          textDocument: { uri: plugin.uri },
          range: { start: plugin.toPosition(Math.min(from, doc.length), doc), end: plugin.toPosition(Math.min(to, doc.length), doc) },
        });
      } catch {
        return;
      }
      // A file opened meanwhile (view.setState) has a new plugin and text:
      // hints of the old text would lie outside it.
      if (seq !== this.seq || LSPPlugin.get(this.view) !== plugin || this.view.state.doc !== doc || !plugin.unsyncedChanges.empty) return;
      const b = new RangeSetBuilder<Decoration>();
      const items = (hints ?? [])
        .map((h) => ({ h, pos: plugin.fromPosition(h.position, doc) }))
        .sort((a, b) => a.pos - b.pos);
      for (const { h, pos } of items) {
        const label = typeof h.label === "string" ? h.label : h.label.map((p) => p.value).join("");
        const tip = typeof h.tooltip === "string" ? h.tooltip : (h.tooltip?.value ?? "");
        b.add(pos, pos, Decoration.widget({ widget: new HintWidget(label, tip, !!h.paddingLeft, !!h.paddingRight), side: 1 }));
      }
      this.view.dispatch({ effects: setHints.of(b.finish()) });
    }
    destroy() {
      clearTimeout(this.timer);
    }
  },
);

export function inlayHints(): Extension {
  return [hintField, inlayPlugin];
}

// Semantic highlighting: textDocument/semanticTokens/range for the lines
// around the viewport after each analysis and when the viewport leaves
// the lines covered, as marks with the classes cm-sem-TYPE and
// cm-sem-MODIFIER. The range keeps an edit of a large document as cheap
// as the screen (the full answer of 1 MB of games is 3 MB of numbers,
// made, sent and read again after every edit); a server without range
// is asked for the full set.

const setTokens = StateEffect.define<DecorationSet>();
const tokenField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(v, tr) {
    for (const e of tr.effects) if (e.is(setTokens)) return e.value;
    return v.map(tr.changes);
  },
  provide: (f) => EditorView.decorations.from(f),
});

const semanticPlugin = ViewPlugin.fromClass(
  class {
    timer: ReturnType<typeof setTimeout> | undefined;
    seq = 0;
    marks = new Map<string, Decoration>();
    // The text range whose tokens are shown, mapped through the edits
    // since; null when the full set is.
    covered: { from: number; to: number } | null = { from: 0, to: 0 };
    constructor(readonly view: EditorView) {
      this.schedule(50);
    }
    update(u: ViewUpdate) {
      if (this.covered && u.docChanged) this.covered = { from: u.changes.mapPos(this.covered.from, 1), to: u.changes.mapPos(this.covered.to, -1) };
      if (u.transactions.some((t) => t.effects.some((e) => e.is(analysed)))) this.schedule(0);
      else if (u.viewportChanged && this.covered && (u.view.viewport.from < this.covered.from || u.view.viewport.to > this.covered.to)) this.schedule(100);
    }
    schedule(ms: number) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.run(), ms);
    }
    mark(cls: string): Decoration {
      let m = this.marks.get(cls);
      if (!m) this.marks.set(cls, (m = Decoration.mark({ class: cls })));
      return m;
    }
    async run() {
      const plugin = LSPPlugin.get(this.view);
      const legend = (plugin?.client.serverCapabilities?.semanticTokensProvider as { legend?: { tokenTypes: string[]; tokenModifiers: string[] } } | undefined)?.legend;
      if (!plugin || !legend) return;
      const seq = ++this.seq;
      plugin.client.sync();
      const doc = plugin.syncedDoc;
      const provider = plugin.client.serverCapabilities?.semanticTokensProvider as { range?: unknown } | undefined;
      // The viewport and as much again above and below it.
      const { from: vf, to: vt } = this.view.viewport;
      const covered = provider?.range ? { from: Math.max(0, vf - (vt - vf)), to: Math.min(doc.length, vt + (vt - vf)) } : null;
      let res: { data: number[] } | null;
      try {
        res = covered
          ? await plugin.client.request("textDocument/semanticTokens/range", {
              textDocument: { uri: plugin.uri },
              range: { start: plugin.toPosition(covered.from, doc), end: plugin.toPosition(covered.to, doc) },
            })
          : await plugin.client.request("textDocument/semanticTokens/full", { textDocument: { uri: plugin.uri } });
      } catch {
        return;
      }
      if (seq !== this.seq || LSPPlugin.get(this.view) !== plugin || this.view.state.doc !== doc || !plugin.unsyncedChanges.empty || !res) return;
      this.covered = covered;
      const b = new RangeSetBuilder<Decoration>();
      const d = res.data;
      let line = 0;
      let ch = 0;
      for (let i = 0; i + 4 < d.length; i += 5) {
        if (d[i] > 0) {
          line += d[i];
          ch = d[i + 1];
        } else {
          ch += d[i + 1];
        }
        if (line >= doc.lines) break;
        const l = doc.line(line + 1);
        const from = l.from + Math.min(ch, l.length);
        const to = l.from + Math.min(ch + d[i + 2], l.length);
        if (to <= from) continue;
        let cls = "cm-sem-" + (legend.tokenTypes[d[i + 3]] ?? "unknown");
        for (let m = d[i + 4], k = 0; m; m >>= 1, k++) if (m & 1 && legend.tokenModifiers[k]) cls += " cm-sem-" + legend.tokenModifiers[k];
        b.add(from, to, this.mark(cls));
      }
      this.view.dispatch({ effects: setTokens.of(b.finish()) });
      // The viewport may have moved while the tokens came (a scroll
      // measured after this run read it): ask again for where it is.
      const vp = this.view.viewport;
      if (covered && (vp.from < covered.from || vp.to > covered.to)) this.schedule(100);
    }
    destroy() {
      clearTimeout(this.timer);
    }
  },
);

export function semanticTokens(): Extension {
  return [tokenField, semanticPlugin];
}

// Hovers: lsp-client renders the Markdown to HTML and sets it as
// innerHTML. The server's hovers quote the transcript, so the HTML is
// cut down here to a few elements without attributes (a class on code
// for highlighting): whatever the text holds is shown as text. The CSP
// (no inline script) is a second wall.

const allowed = new Set(["P", "PRE", "CODE", "EM", "STRONG", "B", "I", "UL", "OL", "LI", "BR", "HR", "H1", "H2", "H3", "H4", "H5", "H6", "TABLE", "THEAD", "TBODY", "TR", "TH", "TD", "SPAN", "DIV", "BLOCKQUOTE", "DEL"]);

export function sanitizeHTML(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const out = document.createElement("div");
  const copy = (from: Node, to: Node) => {
    for (const n of Array.from(from.childNodes)) {
      if (n.nodeType === Node.TEXT_NODE) {
        to.appendChild(document.createTextNode(n.textContent ?? ""));
      } else if (n.nodeType === Node.ELEMENT_NODE) {
        const el = n as Element;
        if (allowed.has(el.tagName)) {
          const c = document.createElement(el.tagName.toLowerCase());
          const cls = el.getAttribute("class");
          if (cls && /^[\w -]*$/.test(cls)) c.className = cls;
          copy(el, c);
          to.appendChild(c);
        } else if (el.tagName !== "SCRIPT" && el.tagName !== "STYLE") {
          copy(el, to); // keep its text, drop the element
        }
      }
    }
  };
  copy(doc.body, out);
  return out.innerHTML;
}

// Syncing: the client's own sync waits 500 ms after the last change; the
// server waits for more changes itself (60 ms), so the page sends a paste
// or a fix at once and typing after 40 ms of quiet.

const syncPlugin = ViewPlugin.fromClass(
  class {
    timer: ReturnType<typeof setTimeout> | undefined;
    constructor(readonly view: EditorView) {}
    update(u: ViewUpdate) {
      if (!u.docChanged) return;
      clearTimeout(this.timer);
      const now = u.transactions.some((t) => t.isUserEvent("input.paste") || t.isUserEvent("input.fix") || t.isUserEvent("delete.cut"));
      this.timer = setTimeout(() => LSPPlugin.get(this.view)?.client.sync(), now ? 0 : 40);
    }
    destroy() {
      clearTimeout(this.timer);
    }
  },
);

export function fastSync(): Extension {
  return syncPlugin;
}

// The engine's annotations in the browser. The server runs them in the
// background after each analysis. In WebAssembly it has one thread and a
// goroutine is not preempted, so the engine hands the thread back to the
// worker's event loop every 15 ms of search (analyze/solve/yield_js.go):
// messages (an edit, a hover) are read and answered while it runs. The
// page leaves them on up to the server's own bound (MaxAnnotatedSize,
// 1 MiB, as in the editors) and says so above it.

/** The largest text annotated by the engine in the page: the server's MaxAnnotatedSize. */
export const maxEngineText = 1 << 20;

let engineOn = true;

/** engineFor sets gamels.analysis.enabled for a text of length n; it says whether it changed. */
export async function engineFor(client: LSPClient, n: number): Promise<boolean> {
  const want = n <= maxEngineText;
  if (want === engineOn) return false;
  engineOn = want;
  await client.initializing;
  // The order matters: the server decides on the engine when a text
  // arrives. Turned off, the setting goes before the large text; turned
  // on, after the small one (before it, the engine would start on the
  // large text the server still holds).
  const set = () => client.notification("workspace/didChangeConfiguration", { settings: { "gamels.analysis.enabled": want } });
  if (want) {
    client.sync();
    set();
  } else {
    set();
    client.sync();
  }
  return true;
}
