// The board session's editor port in VS Code: the cursor of the last
// Pousse, Spot or PATH editor, moving it, a workspace edit at a version as
// one undo step, a modal question, the size box, the engine's level in the
// settings, the clipboard and the save dialog.

import * as vscode from "vscode";
import { engineLevels, type EngineLevel } from "../../../board/host";
import type { Doc, EditorPort } from "../../../board/session";
import type { PlayEdit, Position } from "../../../board/types";

function docOf(d: vscode.TextDocument): Doc {
  return { uri: d.uri.toString(), name: basename(d.uri), kind: d.languageId, version: d.version };
}

/** Editor is the editor port; editor is the text editor the board follows. */
export class Editor implements EditorPort {
  editor: vscode.TextEditor | undefined;

  cursor(): { doc: Doc; position: Position } | undefined {
    const ed = this.editor;
    if (!ed || ed.document.isClosed) return undefined;
    const c = ed.selection.active;
    return { doc: docOf(ed.document), position: { line: c.line, character: c.character } };
  }

  private async select(uri: string, p: Position): Promise<void> {
    const pos = new vscode.Position(p.line, p.character);
    const sel = new vscode.Selection(pos, pos);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri);
    if (visible) {
      visible.selection = sel;
      visible.revealRange(sel, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      this.editor = visible;
      return;
    }
    const doc = this.editor?.document;
    if (doc && doc.uri.toString() === uri && !doc.isClosed) {
      this.editor = await vscode.window.showTextDocument(doc, {
        viewColumn: this.editor?.viewColumn ?? vscode.ViewColumn.One,
        preserveFocus: true,
        selection: sel,
      });
    }
  }

  go(uri: string, p: Position): void {
    void this.select(uri, p);
  }

  engineMoved(uri: string, p: Position): void {
    void this.select(uri, p);
  }

  level(): EngineLevel {
    const l = vscode.workspace.getConfiguration("gamels", this.editor?.document.uri).get<string>("engine.level", "normal");
    return engineLevels.find((x) => x === l) ?? "normal";
  }

  /** setLevel writes gamels.engine.level where it is set now (the folder's, the workspace's), else in the user's settings. */
  async setLevel(level: EngineLevel): Promise<string> {
    const c = vscode.workspace.getConfiguration("gamels", this.editor?.document.uri);
    const where = c.inspect("engine.level");
    const target =
      where?.workspaceFolderValue !== undefined
        ? vscode.ConfigurationTarget.WorkspaceFolder
        : where?.workspaceValue !== undefined
          ? vscode.ConfigurationTarget.Workspace
          : vscode.ConfigurationTarget.Global;
    try {
      await c.update("engine.level", level, target);
      return "";
    } catch (err) {
      return String((err as Error)?.message ?? err);
    }
  }

  async apply(uri: string, res: PlayEdit, version: number): Promise<string> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    if (!doc || doc.isClosed || doc.version !== version) return "the document changed meanwhile";
    const we = new vscode.WorkspaceEdit();
    for (const e of res.edit.documentChanges[0].edits) {
      const r = e.range;
      we.replace(doc.uri, new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character), e.newText);
    }
    if (!(await vscode.workspace.applyEdit(we))) return "VS Code did not apply the edit";
    await this.select(uri, res.position);
    return "";
  }

  async confirm(q: { title: string; detail: string; ok: string }): Promise<boolean> {
    return (await vscode.window.showWarningMessage(q.title, { modal: true, detail: q.detail }, q.ok)) === q.ok;
  }

  async askSize(z: { kind: string; lo: number; hi: number; def: number }): Promise<number | undefined> {
    const input = await vscode.window.showInputBox({
      title: "gamels: New Game",
      prompt: `The board size N of the new ${z.kind} game (${z.lo} to ${z.hi})`,
      value: String(z.def),
      validateInput: (v) => {
        const n = Number(v);
        return Number.isInteger(n) && n >= z.lo && n <= z.hi ? undefined : `a whole number from ${z.lo} to ${z.hi}`;
      },
    });
    return input === undefined ? undefined : Number(input);
  }

  notify(message: string, error: boolean): void {
    void (error ? vscode.window.showErrorMessage(`gamels: ${message}`) : vscode.window.showInformationMessage(`gamels: ${message}`));
  }

  theme(): string {
    return themeName(vscode.window.activeColorTheme.kind);
  }

  async picture(res: { name: string; data: string }, format: string): Promise<string> {
    if (format === "svg") {
      await vscode.env.clipboard.writeText(res.data);
      return `Copied the board as SVG (${res.data.length} characters).`;
    }
    const ed = this.editor;
    const dir = ed ? vscode.Uri.joinPath(ed.document.uri, "..") : undefined;
    const target = await vscode.window.showSaveDialog({
      ...(dir ? { defaultUri: vscode.Uri.joinPath(dir, res.name) } : {}),
      filters: format === "png" ? { "PNG picture": ["png"] } : { "GIF animation": ["gif"] },
      title: format === "png" ? "gamels: Save PNG" : "gamels: Save animation",
    });
    if (!target) return "Nothing saved.";
    const bytes = Buffer.from(res.data, "base64");
    await vscode.workspace.fs.writeFile(target, bytes);
    return `Saved ${basename(target)} (${bytes.length} bytes).`;
  }
}

/** themeName is gamels/picture's name of a colour theme kind. */
function themeName(kind: vscode.ColorThemeKind): string {
  switch (kind) {
    case vscode.ColorThemeKind.Light:
      return "light";
    case vscode.ColorThemeKind.HighContrast:
      return "hc-dark";
    case vscode.ColorThemeKind.HighContrastLight:
      return "hc-light";
    default:
      return "dark";
  }
}

function basename(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf("/") + 1);
}

