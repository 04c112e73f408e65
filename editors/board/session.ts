// The board session: everything a board view's host does, written once for
// every client (the VS Code webview, the web page). It asks the server for
// the board at the editor's cursor (gamels/board: nearest, svg, a window
// of moves), the engine's value of the position shown (gamels/evaluate,
// cancelled by the next step), the values of the game shown
// (gamels/evaluations, only the latest answer kept: the server answers
// concurrently) and asks them again on gamels/annotated; it plays a move
// from the board (gamels/play, with the would-replace question), adds a
// game (gamels/newGame, within the server's size limits), has the engine
// answer (gamels.playEngineMove) and says what happened in the view's
// status line. It talks to two small ports: the server (requests) and the
// editor (the cursor, moving it, applying an edit at a version, a question,
// a size). It knows neither VS Code nor the DOM: the unit tests drive it
// with fakes.
//
// "Engine plays": after a move from the board, the engine answers when the
// side to move is its side. Choosing the side to move while the board
// shows the end of a game that goes on plays at once, once the choice has
// rested for settleMs: cycling off, X, O does not play X's move on the way.
//
// Exploring: a scratch line after the position shown, moves tried without
// writing them. The session holds the line; the server draws and judges the
// position it reaches (gamels/board and gamels/evaluate with moves) and
// refuses a move that cannot be played there. A click then adds a scratch
// move; "write" plays the line through gamels/play as clicks would (the
// would-replace question once, for the first move); "discard" (Escape),
// a step to another move, another file or an edit of the text drop it.

import { engineLevels, type EngineLevel, type EngineSide, type ExploreAction, type FromView, type PictureFormat, type ToView } from "./host";
import { boardModel, engineAnswers } from "./model";
import { movePosition } from "./steps";
import { isBoard, isEvaluation, isEvaluations, isPicture, isPlayEdit, type Board, type Cell, type Picture, type PlayEdit, type Position } from "./types";
import { movesByNumber } from "./window";

/** The server, as the session asks it: one request, cancelled by cancel when given. */
export interface ServerPort {
  request(method: string, params: unknown, cancel?: AbortSignal): Promise<unknown>;
  running(): boolean;
  /** The initialize result's capabilities.experimental, once the server answered. */
  experimental?(): unknown;
}

/**
 * serverSizes reads the sizes of a new game from the server's
 * experimental.gamelsNewGame capability ({kind: {min, max, default}},
 * docs/protocol.md), or undefined when it sends none or a malformed one.
 */
export function serverSizes(experimental: unknown): Record<string, { lo: number; hi: number; def: number }> | undefined {
  const g = (experimental as { gamelsNewGame?: Record<string, { min?: unknown; max?: unknown; default?: unknown }> } | null)?.gamelsNewGame;
  if (!g || typeof g !== "object") return undefined;
  const out: Record<string, { lo: number; hi: number; def: number }> = {};
  for (const [kind, r] of Object.entries(g)) {
    const { min, max } = r ?? {};
    if (!Number.isInteger(min) || !Number.isInteger(max) || (min as number) > (max as number)) continue;
    const def = Number.isInteger(r.default) ? Math.min(max as number, Math.max(min as number, r.default as number)) : (min as number);
    out[kind] = { lo: min as number, hi: max as number, def };
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The document the board follows. */
export interface Doc {
  uri: string;
  /** The file's name, for the title. */
  name: string;
  /** Its language: pousse, spot or path. */
  kind: string;
  version: number;
}

/** The editor, as the session uses it. */
export interface EditorPort {
  /** The document the board follows and its cursor, or undefined when none is open. */
  cursor(): { doc: Doc; position: Position } | undefined;
  /** go puts the cursor at p in the document (the session then redraws). */
  go(uri: string, p: Position): void;
  /** apply applies a play's or new game's edit made for version, one undo step, the cursor at res.position: "" when done, else why not. */
  apply(uri: string, res: PlayEdit, version: number): Promise<string>;
  /** confirm asks a question; true when the user chose ok. */
  confirm(q: { title: string; detail: string; ok: string }): Promise<boolean>;
  /** askSize asks the size of a new game within lo..hi. */
  askSize(q: { kind: string; lo: number; hi: number; def: number }): Promise<number | undefined>;
  /** engineMoved: the engine's edit is in (through workspace/applyEdit); the cursor goes to its move if the text is still the one it wrote. */
  engineMoved(uri: string, p: Position): void;
  /** picture hands a picture to the user (clipboard, file): what happened, for the status line. */
  picture?(p: Picture, format: PictureFormat): Promise<string>;
  /** The theme of a PNG or GIF picture. */
  theme?(): string;
  /** A message outside the view (no board shown: New game from the palette). */
  notify?(message: string, error: boolean): void;
  /** The engine's level in force (gamels.engine.level); a host without it offers no level in the view. */
  level?(): EngineLevel;
  /** setLevel makes level the editor's gamels.engine.level: "" when done, else why not. */
  setLevel?(level: EngineLevel): Promise<string>;
}

/** What each level means to a player (docs/engine.md, "Levels"). */
const levelWords: Record<EngineLevel, string> = {
  easy: "two plies with noise, now and then blind to a threat: a casual player can beat it",
  normal: "a search of 1 s a move",
  strong: "a search of 3 s a move",
};

/** A refusal of the server: its message without the "gamels: " prefix, and data.code. */
export function refusal(err: unknown): { message: string; code: string } {
  const e = err as { message?: string; data?: { code?: string } };
  return { message: String(e?.message ?? err).replace(/^gamels: /, ""), code: String(e?.data?.code ?? "") };
}

/** sentence writes a server's message as a sentence: a capital, a period. */
export function sentence(m: string): string {
  const t = m.trim();
  return t ? `${t[0].toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? "" : "."}` : t;
}

/** How long the engine's side must rest before it plays at once. */
export const settleMs = 600;

/**
 * The moves listed around the current one, and the movesAround asked for
 * (gamels/board version 2: only those come, with the count and the first,
 * last, ending and earlier moves).
 */
export const listAround = 60;

/** The most scratch moves a line holds: the server's bound (docs/protocol.md, A scratch line). */
export const maxScratch = 1000;

/** A scratch line: where it starts (the document at a version, the cursor the board was asked at, its move) and its moves. */
interface Scratch {
  uri: string;
  version: number;
  at: Position;
  game: number;
  from: number;
  moves: string[];
  /** How many of moves the server drew: a move it refuses is taken back. */
  drawn: number;
}

export class BoardSession {
  private current: Board | undefined;
  private doc: Doc | undefined;
  /** The cursor the board shown was asked at. */
  private at: Position | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  /** The document (uri and version) and game whose values the view has, or is asking for. */
  private valuesOf = "";
  private valuesSeq = 0;
  private evaluating: AbortController | undefined;
  /** The position (document version, game, move, line) whose value the view shows or waits for. */
  private evaluatedOf = "";
  private side: EngineSide = "off";
  private settle: ReturnType<typeof setTimeout> | undefined;
  private searching = false;
  private playing = false;
  /** The board a move is being written from, while playing. */
  private playingFrom: Board | undefined;
  /** A click on a board drawn while a move was being written: played once it is. */
  private queued: { slot?: string; cell?: Cell; board: Board; version: number } | undefined;
  private scratch: Scratch | undefined;
  /** Called after each board drawn (undefined: none), for hosts and tests. */
  onShow: (b: Board | undefined) => void = () => {};

  constructor(
    private readonly server: ServerPort,
    private readonly editor: EditorPort,
    private readonly post: (m: ToView) => void,
  ) {}

  /** The board shown and the document version it was drawn from. */
  shown(): { board: Board; doc: Doc } | undefined {
    return this.current && this.doc && { board: this.current, doc: this.doc };
  }

  /** The scratch line being explored (its moves, after move from), or undefined. */
  get exploring(): { from: number; moves: string[] } | undefined {
    return this.scratch && { from: this.scratch.from, moves: this.scratch.moves.slice(0, this.scratch.drawn) };
  }

  /** engineSide is the side the engine plays. */
  get engineSide(): EngineSide {
    return this.side;
  }

  /** busy says whether the engine is searching (a move from the board then waits). */
  get busy(): boolean {
    return this.searching;
  }

  /** schedule asks for the board at the cursor after ms. */
  schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.update();
    }, ms);
  }

  /** reset forgets what the view had: a new view (a webview recreated) gets everything again. */
  reset(): void {
    this.valuesOf = "";
    this.evaluatedOf = "";
    this.post({ type: "engine", side: this.side });
    this.levelChanged();
    this.schedule(0);
  }

  /** dispose stops the timers and the search of the position shown. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.settle) clearTimeout(this.settle);
    this.evaluating?.abort();
    this.valuesOf = "";
  }

  /** receive does what the view asks. */
  receive(m: FromView): void {
    switch (m.type) {
      case "ready":
        this.reset();
        break;
      case "go":
        if (typeof m.move === "number") this.go(m.move);
        break;
      case "play":
        void this.play(m.slot, m.cell);
        break;
      case "newGame":
        void this.newGame();
        break;
      case "engine":
        if (m.side === "off" || m.side === "X" || m.side === "O") this.setSide(m.side);
        break;
      case "level":
        if (engineLevels.includes(m.level)) void this.setLevel(m.level);
        break;
      case "picture":
        if (m.format === "svg" || m.format === "png" || m.format === "gif") void this.picture(m.format);
        break;
      case "explore":
        if (m.action === "start" || m.action === "write" || m.action === "discard" || m.action === "back") this.explore(m.action);
        break;
    }
  }

  /** status shows a line under the board; next: it is about the board drawn next (a move written). */
  status(message: string, error = false, next = false, move?: number): void {
    this.post({ type: "status", message, error, ...(next ? { next } : {}), ...(next && move !== undefined ? { move } : {}) });
  }

  /** step moves the cursor by d moves (an editor's Alt-Left, Alt-Right); false when no game is shown. */
  step(d: number): boolean {
    if (!this.current || this.current.kind === "path") return false;
    if (this.scratch && d === -1) {
      this.explore("back");
      return true;
    }
    this.go(this.current.move + d);
    return true;
  }

  /** update asks for the board at the editor's cursor and draws it. */
  async update(): Promise<void> {
    const seq = ++this.seq;
    const at = this.editor.cursor();
    if (!at) {
      this.empty("Open a .pousse, .spot or .path file: the board at its cursor is drawn here.");
      return;
    }
    if (!this.server.running()) {
      this.empty("Starting the language server…");
      this.schedule(1000);
      return;
    }
    const { doc } = at;
    let { position } = at;
    const sc = this.scratch;
    if (sc && (sc.uri !== doc.uri || sc.version !== doc.version)) {
      this.scratch = undefined;
      this.status(sc.uri !== doc.uri ? "The explored line is discarded: another file is shown." : "The explored line is discarded: the transcript changed.", false, true);
    } else if (sc) {
      position = sc.at; // the line starts where exploring began, wherever the cursor is
    }
    const moves = this.scratch?.moves;
    let board: unknown;
    try {
      board = await this.server.request("gamels/board", {
        textDocument: { uri: doc.uri },
        position: { line: position.line, character: position.character },
        movesAround: listAround,
        nearest: true,
        svg: true,
        ...(moves ? { moves } : {}),
      });
      if (isBoard(board)) board.moves = movesByNumber(board);
    } catch (err) {
      if (seq !== this.seq) return;
      const s = this.scratch;
      if (s && moves && s.moves === moves && moves.length > s.drawn) {
        // A scratch move the server refuses: taken back, the board shown stays.
        s.moves = moves.slice(0, s.drawn);
        this.status(sentence(refusal(err).message), true);
        return;
      }
      this.empty(`No board: ${refusal(err).message}`);
      if (!this.server.running()) this.schedule(1000);
      return;
    }
    if (seq !== this.seq) return;
    // An edit that landed while the board was asked (a new game's, say)
    // leaves it drawn from the new text but known at the old version: a
    // click on it would be refused as stale. It is asked again instead.
    const after = this.editor.cursor();
    if (after && after.doc.uri === doc.uri && after.doc.version !== doc.version) {
      this.schedule(0);
      return;
    }
    if (!isBoard(board)) {
      this.empty(`${doc.name}, line ${position.line + 1}: the cursor is outside every game.`);
      this.onShow(undefined);
      return;
    }
    if (typeof board.svg !== "string") {
      this.empty("This gamels does not draw the board (gamels/board with svg): the view needs a newer gamels.");
      return;
    }
    this.current = board;
    this.doc = doc;
    this.at = position;
    const s = this.scratch;
    if (s && moves && s.moves === moves && board.scratch) {
      s.moves = board.scratch.moves; // as the transcript would hold them (a Spot move's sign)
      s.drawn = s.moves.length;
    } else if (s && moves && !board.scratch) {
      this.scratch = undefined; // a server that ignores moves drew the position itself
      this.status("This gamels does not explore lines (gamels/board with moves): the view needs a newer gamels.", true, true);
    }
    const model = boardModel(board, doc.name, board.svg, listAround, position.line);
    if (s && this.scratch) model.explore = { from: s.from, moves: s.moves.slice() };
    this.post({ type: "board", board: model });
    this.onShow(board);
    void this.evaluate(doc, board);
    const of = `${doc.uri}@${doc.version}#${board.game}`;
    if (of !== this.valuesOf) {
      this.valuesOf = of;
      void this.values(doc, board);
    }
  }

  /**
   * where is the position that names the position b shows to the engine:
   * its move's start, or for move 0 the N line, which is the cursor's line
   * in a game with no move yet (a new game: its value and best move too).
   */
  private where(b: Board): Position | undefined {
    return movePosition(b.moves, b.move) ?? (b.move === 0 && !b.outside ? this.at : undefined);
  }

  private empty(message: string): void {
    this.current = undefined;
    this.evaluatedOf = "";
    this.post({ type: "empty", message });
  }

  /** annotated is the server's gamels/annotated for uri: the values of its games changed; ask again. */
  annotated(uri: string): void {
    const b = this.current;
    const doc = this.doc;
    if (!b || !doc || doc.uri !== uri) return;
    this.valuesOf = `${doc.uri}@${doc.version}#${b.game}`;
    void this.values(doc, b);
    void this.evaluate(doc, b);
  }

  /** evaluate asks the engine's value of the position b shows; the next step cancels it. */
  private async evaluate(doc: Doc, b: Board): Promise<void> {
    this.evaluating?.abort();
    this.evaluating = undefined;
    const s = this.scratch;
    const p = s && b.scratch ? s.at : this.where(b);
    if (b.kind === "path" || !p) {
      this.evaluatedOf = "";
      this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: null });
      return;
    }
    const ac = new AbortController();
    this.evaluating = ac;
    // The same position asked again (its annotations done, its board
    // redrawn) keeps the value shown until the new one comes: the best
    // move's ring does not blink off in between.
    const of = `${doc.uri}@${doc.version}#${b.game}.${b.move}${s && b.scratch ? `+${b.scratch.moves.join(",")}` : ""}`;
    if (of !== this.evaluatedOf) {
      this.evaluatedOf = of;
      this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: null, pending: true });
    }
    const params = s && b.scratch ? { position: p, nearest: true, moves: b.scratch.moves } : { position: p };
    let e: unknown = null;
    try {
      e = await this.server.request("gamels/evaluate", { textDocument: { uri: doc.uri }, ...params }, ac.signal);
    } catch {
      e = null;
    }
    if (ac.signal.aborted) return;
    this.post({ type: "evaluation", game: b.game, move: b.move, evaluation: isEvaluation(e) ? e : null });
  }

  /** values asks the values of b's game move by move; only the latest answer is shown. */
  private async values(doc: Doc, b: Board): Promise<void> {
    const p = this.where(b);
    if (b.kind === "path" || !p) {
      this.post({ type: "evaluations", evaluations: null });
      return;
    }
    const seq = ++this.valuesSeq;
    let e: unknown = null;
    try {
      e = await this.server.request("gamels/evaluations", { textDocument: { uri: doc.uri }, position: p });
    } catch {
      e = null;
    }
    if (seq !== this.valuesSeq) return;
    this.post({ type: "evaluations", evaluations: isEvaluations(e) ? e : null });
  }

  /** go moves the editor's cursor to move k of the game shown (a scratch line is discarded). */
  go(k: number): void {
    const b = this.current;
    const doc = this.doc;
    if (!b || !doc) return;
    if (this.scratch) {
      const from = this.scratch.from;
      this.scratch = undefined;
      if (k === from) {
        this.status("The explored line is discarded.");
        this.schedule(0);
        return;
      }
    }
    const p = movePosition(b.moves, Math.max(0, Math.min(k, b.moves.length)));
    if (!p) return;
    this.editor.go(doc.uri, p);
    this.schedule(0);
  }

  /** levelChanged shows the editor's level in the view (the host calls it when its setting changes). */
  levelChanged(): void {
    const level = this.editor.level?.();
    if (level) this.post({ type: "level", level });
  }

  /** setLevel has the editor set the engine's level; the view shows the level in force. */
  async setLevel(level: EngineLevel): Promise<void> {
    const why = (await this.editor.setLevel?.(level)) ?? "this editor sets no level";
    this.levelChanged();
    this.status(why ? `The level is unchanged: ${why}.` : `The engine plays at the ${level} level: ${levelWords[level]}.`, !!why);
  }

  /** setSide sets the engine's side; it plays at once when it is its turn at the end of the game shown, once the choice rests. */
  setSide(side: EngineSide): void {
    this.side = side;
    this.post({ type: "engine", side });
    if (this.settle) clearTimeout(this.settle);
    this.settle = undefined;
    const b = this.current;
    const doc = this.doc;
    const waits = b && doc && !this.scratch && b.kind !== "path" && side !== "off" && b.end === 0 && b.move === b.moves.length && engineAnswers(side, b.kind, b.move);
    this.status(
      side === "off"
        ? "The engine plays no side."
        : waits
          ? `The engine plays ${side}: it is ${side}'s turn, the engine moves…`
          : `The engine plays ${side}: it answers each move from the board.`,
    );
    if (!waits || !b || !doc) return;
    this.settle = setTimeout(() => {
      this.settle = undefined;
      // The same position, though redrawn meanwhile (a board anew for each answer).
      const c = this.current;
      const same = c && c.game === b.game && c.move === b.move && this.doc?.uri === doc.uri && this.doc.version === doc.version;
      if (this.side === side && same) void this.engineMove(doc, b.game, b.move);
    }, settleMs);
  }

  /**
   * play sends gamels/play for the position shown and applies the answer.
   * In the middle of a game the server refuses (would-replace): the editor
   * asks, and "Replace the rest" sends it again with replaceRest.
   */
  async play(slot?: string, cell?: Cell): Promise<void> {
    const b = this.current;
    const doc = this.doc;
    if (!b || !doc) {
      this.status("No board is drawn yet: play when it is.");
      return;
    }
    if (this.playing) {
      // The edit's own redraw can come before its write returns: a click
      // on that board is played next; one on the board written from is not.
      if (b !== this.playingFrom) this.queued = { slot, cell, board: b, version: doc.version };
      else this.status("A move is being written: play when the board shows it.");
      return;
    }
    if (this.scratch) {
      this.tryMove(slot ?? (cell ? `${cell.row} ${cell.col}` : ""));
      return;
    }
    if (this.searching) {
      this.status("The engine is searching: play when it has answered.");
      return;
    }
    const now = this.editor.cursor();
    if (!now || now.doc.uri !== doc.uri) {
      this.status(now ? `${now.doc.name} is in the editor since the board was drawn: nothing written.` : "No transcript is in the editor: nothing written.");
      this.schedule(0);
      return;
    }
    const params = {
      textDocument: { uri: doc.uri, version: doc.version },
      game: b.game,
      move: b.kind === "path" ? 0 : b.move,
      ...(slot !== undefined ? { slot } : {}),
      ...(cell !== undefined ? { cell: { row: cell.row, col: cell.col } } : {}),
    };
    this.playing = true;
    this.playingFrom = b;
    try {
      let res: unknown;
      try {
        res = await this.server.request("gamels/play", params);
      } catch (err) {
        const r = refusal(err);
        if (r.code !== "would-replace") return this.refused(r);
        const yes = await this.editor.confirm({
          title: `Play here, at move ${b.move + 1}?`,
          detail: sentence(r.message.replace(/; ask again.*$/, "")),
          ok: "Replace the rest",
        });
        if (!yes) {
          this.status("Nothing written: the moves after this one are kept.");
          return;
        }
        try {
          res = await this.server.request("gamels/play", { ...params, replaceRest: true });
        } catch (err2) {
          return this.refused(refusal(err2));
        }
      }
      if (!isPlayEdit(res)) {
        this.status("The server's answer to the move is not an edit.", true);
        return;
      }
      const what = b.kind === "path" ? `cell ${cell?.row} ${cell?.col}: ${res.text}` : `move ${res.move}: ${res.text}`;
      const why = await this.editor.apply(doc.uri, res, doc.version);
      this.schedule(0);
      if (why) {
        this.status(`Nothing written: ${why}; the board is redrawn.`, true);
        return;
      }
      this.status(res.replaced ? `Played ${what}, replacing ${res.replaced} move(s).` : `Played ${what}.`, false, true, b.kind !== "path" && typeof res.move === "number" ? res.move : undefined);
      if (typeof res.move === "number" && engineAnswers(this.side, b.kind, res.move)) {
        const after = this.editor.cursor();
        if (after) await this.engineMove(after.doc, b.game, res.move);
      }
    } finally {
      this.playing = false;
      this.playingFrom = undefined;
      const q = this.queued;
      this.queued = undefined;
      // Played while its position is the one shown: not after an engine's move.
      const c = this.current;
      if (q && c && !this.searching && c.game === q.board.game && c.move === q.board.move && this.doc?.version === q.version) void this.play(q.slot, q.cell);
    }
  }

  /**
   * engineMove has the engine answer after move moves of game: the server's
   * gamels.playEngineMove searches and writes the move as its own edit
   * (workspace/applyEdit); the cursor then goes to it.
   */
  private async engineMove(doc: Doc, game: number, move: number): Promise<void> {
    if (this.searching) return;
    this.searching = true;
    this.status(`The engine (${this.side}) is searching…`, false, move > 0);
    try {
      const res = await this.server.request("workspace/executeCommand", {
        command: "gamels.playEngineMove",
        arguments: [doc.uri, doc.version, game, move],
      });
      const r = res as Partial<PlayEdit> | null;
      this.status(`The engine played move ${r?.move ?? move + 1}${r?.text ? `: ${r.text}` : ""}.`, false, true, typeof r?.move === "number" ? r.move : move + 1);
      if (r?.position && typeof r.position.line === "number") this.editor.engineMoved(doc.uri, r.position);
    } catch (err) {
      const r = refusal(err);
      this.status(`The engine did not answer: ${r.message}`, r.code !== "game-over");
    } finally {
      this.searching = false;
      this.schedule(0);
    }
  }

  private refused(r: { message: string; code: string }): void {
    this.status(sentence(r.message), true);
    if (r.code === "stale-version") this.schedule(0);
  }

  /** newGame asks the size (within the server's limits) and adds a game to the transcript (gamels/newGame). */
  async newGame(): Promise<void> {
    const at = this.editor.cursor();
    if (!at) {
      this.editor.notify?.("Open a .pousse, .spot or .path file to add a game to it.", false);
      return;
    }
    if (!this.server.running()) {
      this.editor.notify?.("The gamels server is not running.", true);
      return;
    }
    const doc = at.doc;
    // The limits are the server's: no client keeps a table of its own.
    const z = serverSizes(this.server.experimental?.())?.[doc.kind];
    if (!z) {
      this.status(`This gamels server does not say the board sizes of a new ${doc.kind} game (experimental.gamelsNewGame): update it.`, true);
      return;
    }
    const n = await this.editor.askSize({ kind: doc.kind, ...z });
    if (n === undefined) return;
    const now = this.editor.cursor()?.doc ?? doc;
    let res: unknown;
    try {
      res = await this.server.request("gamels/newGame", { textDocument: { uri: now.uri, version: now.version }, size: n });
    } catch (err) {
      const r = refusal(err);
      this.status(sentence(r.message), true);
      this.editor.notify?.(r.message, true);
      return;
    }
    if (!isPlayEdit(res)) {
      this.status("The server's answer is not an edit.", true);
      return;
    }
    const why = await this.editor.apply(now.uri, res, now.version);
    this.schedule(0);
    if (why) this.status(`Nothing written: ${why}; the board is redrawn.`, true);
    else this.status(`New game ${res.game}: ${n}×${n}.`, false, true);
  }

  /** explore does what the view asks of the scratch line. */
  explore(action: ExploreAction): void {
    switch (action) {
      case "start":
        return this.startExploring();
      case "discard":
        if (!this.scratch) return;
        this.scratch = undefined;
        this.status("The explored line is discarded: the transcript is as it was.");
        this.schedule(0);
        return;
      case "back":
        if (!this.scratch) return;
        if (this.scratch.moves.length === 0) return this.explore("discard");
        this.scratch.moves = this.scratch.moves.slice(0, this.scratch.drawn - 1);
        void this.update();
        return;
      case "write":
        void this.writeScratch();
        return;
    }
  }

  /** startExploring begins a scratch line after the position shown. */
  private startExploring(): void {
    const b = this.current;
    const doc = this.doc;
    if (this.scratch) return;
    if (!b || !doc || !this.at || b.kind === "path") {
      this.status("Exploring tries moves on a Pousse or Spot board.", true);
      return;
    }
    if (this.searching || this.playing) {
      this.status("The engine is searching: explore when it has answered.");
      return;
    }
    this.scratch = { uri: doc.uri, version: doc.version, at: this.at, game: b.game, from: b.move, moves: [], drawn: 0 };
    this.status(`Exploring after move ${b.move}: moves from the board are tried, not written. Escape discards them.`, false, true);
    void this.update();
  }

  /** tryMove adds tok to the scratch line; the server draws it or refuses it (update takes it back). */
  private tryMove(tok: string): void {
    const s = this.scratch;
    if (!s || !tok) return;
    if (s.moves.length > s.drawn) return; // the last move is still being drawn
    if (s.moves.length >= maxScratch) {
      this.status(`A scratch line holds at most ${maxScratch} moves: write or discard it.`, true);
      return;
    }
    s.moves = [...s.moves, tok];
    void this.update();
  }

  /**
   * writeScratch writes the scratch line into the transcript, a gamels/play
   * a move as clicks would: in the middle of a game the first asks the
   * would-replace question; the rest follow at the game's end.
   */
  private async writeScratch(): Promise<void> {
    const s = this.scratch;
    const b = this.current;
    if (!s || !b || this.playing) return;
    const moves = s.moves.slice(0, s.drawn);
    if (moves.length === 0) {
      this.explore("discard");
      return;
    }
    this.playing = true;
    let wrote = 0;
    let replaced = 0;
    let last: PlayEdit | undefined;
    try {
      for (const mv of moves) {
        const now = this.editor.cursor();
        if (!now || now.doc.uri !== s.uri || (wrote === 0 && now.doc.version !== s.version)) {
          this.status("Nothing more written: the transcript changed while writing the explored line.", true);
          break;
        }
        const target = b.kind === "pousse" ? { slot: mv } : spotCell(mv);
        if (!target) break;
        const params = { textDocument: { uri: s.uri, version: now.doc.version }, game: s.game, move: s.from + wrote, ...target };
        const res = await this.send(params, s.from + wrote, wrote === 0);
        if (!res) break;
        this.scratch = undefined; // being written: the text changes under it
        const why = await this.editor.apply(s.uri, res, now.doc.version);
        if (why) {
          this.status(`Nothing more written: ${why}.`, true);
          break;
        }
        wrote++;
        replaced += res.replaced ?? 0;
        last = res;
      }
    } finally {
      this.playing = false;
    }
    this.schedule(0);
    if (wrote === 0) return; // the status says why; the line is kept unless its first move's edit failed
    this.status(
      `Wrote the explored line: ${wrote} move(s), ${s.from + 1} to ${s.from + wrote}${replaced ? `, replacing ${replaced} move(s)` : ""}.`,
      false,
      true,
    );
    if (last && typeof last.move === "number" && wrote === moves.length && engineAnswers(this.side, b.kind, last.move)) {
      const after = this.editor.cursor();
      if (after) await this.engineMove(after.doc, s.game, last.move);
    }
  }

  /**
   * send asks gamels/play; in the middle of a game, when ask, the server's
   * would-replace refusal is put to the user and "Replace the rest" sends it
   * again with replaceRest. undefined: nothing to apply (the status says why).
   */
  private async send(params: Record<string, unknown>, move: number, ask: boolean): Promise<PlayEdit | undefined> {
    let res: unknown;
    try {
      res = await this.server.request("gamels/play", params);
    } catch (err) {
      const r = refusal(err);
      if (r.code !== "would-replace" || !ask) {
        this.refused(r);
        return undefined;
      }
      const yes = await this.editor.confirm({
        title: `Play here, at move ${move + 1}?`,
        detail: sentence(r.message.replace(/; ask again.*$/, "")),
        ok: "Replace the rest",
      });
      if (!yes) {
        this.status("Nothing written: the moves after this one are kept.");
        return undefined;
      }
      try {
        res = await this.server.request("gamels/play", { ...params, replaceRest: true });
      } catch (err2) {
        this.refused(refusal(err2));
        return undefined;
      }
    }
    if (!isPlayEdit(res)) {
      this.status("The server's answer to the move is not an edit.", true);
      return undefined;
    }
    return res;
  }

  /** picture asks the server for a picture of the position shown (gamels/picture) and hands it to the editor. */
  private async picture(format: PictureFormat): Promise<void> {
    const b = this.current;
    const doc = this.doc;
    if (this.scratch) {
      this.status("A picture shows the transcript's position: write or discard the explored line first.");
      return;
    }
    const p = b && this.where(b);
    if (!b || !doc || !p || !this.editor.picture) return;
    // A PNG or GIF in the editor's colours; an SVG in every theme's ("auto").
    const theme = format === "svg" ? "auto" : (this.editor.theme?.() ?? "light");
    let res: unknown;
    try {
      res = await this.server.request("gamels/picture", { textDocument: { uri: doc.uri }, position: p, format, theme });
    } catch (err) {
      this.status(`No picture: ${refusal(err).message}`, true);
      return;
    }
    if (!isPicture(res)) {
      this.status("The server's answer is not a picture.", true);
      return;
    }
    try {
      this.status(await this.editor.picture(res, format));
    } catch (err) {
      this.status(`No picture: ${refusal(err).message}`, true);
    }
  }
}

/** spotCell reads the cell of a Spot move as written, "2 3 +". */
function spotCell(mv: string): { cell: Cell } | undefined {
  const [row, col] = mv.trim().split(/\s+/).map(Number);
  return Number.isInteger(row) && Number.isInteger(col) ? { cell: { row, col } } : undefined;
}
