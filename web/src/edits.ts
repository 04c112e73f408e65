// The server's edits as CodeMirror changes: a gamels/play or
// gamels/newGame answer, and the WorkspaceEdit of a workspace/applyEdit
// request (the engine's move). Pure: a document and an edit in, the
// changes or why not out; the page applies them (play.ts, engine.ts).

import type { ChangeSpec, Text } from "@codemirror/state";

export interface Position {
  line: number;
  character: number;
}
export interface TextEdit {
  range: { start: Position; end: Position };
  newText: string;
}
export interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: unknown[];
}

/** The edits of one document, and the version they were made for (null: any). */
export interface DocumentEdits {
  version: number | null;
  edits: TextEdit[];
}

const isPos = (p: unknown): p is Position =>
  typeof p === "object" && p !== null && Number.isInteger((p as Position).line) && Number.isInteger((p as Position).character);

const isTextEdit = (e: unknown): e is TextEdit =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as TextEdit).newText === "string" &&
  isPos((e as TextEdit).range?.start) &&
  isPos((e as TextEdit).range?.end);

/**
 * editsFor picks the edits of document uri out of w: its documentChanges
 * (each a TextDocumentEdit, with the version it was made for) or its
 * changes. It returns a string saying why when w holds what the page
 * cannot apply: another document, a file operation (create, rename,
 * delete), a malformed edit. O(edits).
 */
export function editsFor(w: unknown, uri: string): DocumentEdits | string {
  if (typeof w !== "object" || w === null) return "the edit is not a WorkspaceEdit";
  const we = w as WorkspaceEdit;
  const out: DocumentEdits = { version: null, edits: [] };
  if (Array.isArray(we.documentChanges)) {
    for (const dc of we.documentChanges) {
      const d = dc as { kind?: string; textDocument?: { uri?: string; version?: number | null }; edits?: unknown[] };
      if (typeof d !== "object" || d === null || d.kind !== undefined) return `the page applies text edits only, not a file ${String(d?.kind ?? "operation")}`;
      if (d.textDocument?.uri !== uri) return `the edit is for ${String(d.textDocument?.uri)}, not the open document`;
      if (!Array.isArray(d.edits) || !d.edits.every(isTextEdit)) return "the edit holds a malformed text edit";
      const v = d.textDocument.version;
      if (typeof v === "number") {
        if (out.version !== null && out.version !== v) return "the edit is for two versions of the document";
        out.version = v;
      }
      out.edits.push(...d.edits);
    }
  } else if (we.changes && typeof we.changes === "object") {
    for (const [u, edits] of Object.entries(we.changes)) {
      if (u !== uri) return `the edit is for ${u}, not the open document`;
      if (!Array.isArray(edits) || !edits.every(isTextEdit)) return "the edit holds a malformed text edit";
      out.edits.push(...edits);
    }
  } else {
    return "the edit holds no changes";
  }
  return out;
}

/** offsetOf is the offset of p in doc, or -1 when p is outside it. */
export function offsetOf(doc: Text, p: Position): number {
  if (p.line < 0 || p.line >= doc.lines || p.character < 0) return -1;
  const l = doc.line(p.line + 1);
  return p.character > l.length ? -1 : l.from + p.character;
}

/**
 * changesFor turns edits (LSP positions in doc, UTF-16 as CodeMirror's
 * offsets) into CodeMirror changes, or says why not: a range outside the
 * document, backwards, or overlapping another. O(edits log edits).
 */
export function changesFor(doc: Text, edits: TextEdit[]): ChangeSpec[] | string {
  const out: { from: number; to: number; insert: string }[] = [];
  for (const e of edits) {
    const from = offsetOf(doc, e.range.start);
    const to = offsetOf(doc, e.range.end);
    if (from < 0 || to < 0) return `the edit's range ${e.range.start.line + 1}:${e.range.start.character + 1} is outside the document`;
    if (to < from) return "the edit's range ends before it starts";
    out.push({ from, to, insert: e.newText });
  }
  out.sort((a, b) => a.from - b.from || a.to - b.to);
  for (let i = 1; i < out.length; i++) {
    if (out[i].from < out[i - 1].to) return "the edit's ranges overlap";
  }
  return out;
}
