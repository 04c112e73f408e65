// A stand-in for the `vscode` module, enough to load the bundled extension
// under plain node and to run vscode-languageclient against a real server:
// the parts the extension and the client use for text sync, diagnostics,
// hover, code lenses and commands are real objects that record what they
// are given; anything else is an inert placeholder.
"use strict";

const Module = require("node:module");
const path = require("node:path");

// anything(name) is a placeholder usable as a function, a constructor, a
// namespace or an enum; properties set on it read back.
function anything(name) {
  const fn = function () {};
  return new Proxy(fn, {
    get(t, p) {
      if (p in t) return t[p];
      if (p === Symbol.iterator) return function* () {};
      if (p === Symbol.toPrimitive) return () => name;
      if (typeof p === "symbol") return undefined;
      if (p === "then") return undefined;
      if (p === "dispose") return () => {};
      if (p === "toString") return () => name;
      return (t[p] = anything(`${name}.${String(p)}`));
    },
    apply() {
      return anything(`${name}()`);
    },
    construct(t, args, newTarget) {
      const o = Reflect.construct(Object, [], newTarget);
      o.__args = args;
      return o;
    },
  });
}

// withFallback makes missing properties of obj placeholders.
function withFallback(obj, name) {
  return new Proxy(obj, {
    get(t, p) {
      if (p in t) return t[p];
      if (typeof p === "symbol" || p === "then") return undefined;
      return (t[p] = anything(`${name}.${String(p)}`));
    },
  });
}

const disposable = () => ({ dispose() {} });

function makeVscode(settings) {
  const log = {
    commands: new Map(),
    errors: [],
    lines: [],
    diagnostics: new Map(), // uri -> Diagnostic[]
    providers: {}, // kind -> provider
    opened: [],
    shown: [],
    listeners: { open: [], change: [], close: [], config: [] },
  };

  class Position {
    constructor(line, character) {
      this.line = line;
      this.character = character;
    }
  }
  class Range {
    constructor(a, b, c, d) {
      if (a instanceof Position) {
        this.start = a;
        this.end = b;
      } else {
        this.start = new Position(a, b);
        this.end = new Position(c, d);
      }
    }
  }
  class Selection extends Range {
    constructor(a, b, c, d) {
      super(a, b, c, d);
      this.anchor = this.start;
      this.active = this.end;
    }
  }
  class Location {
    constructor(uri, range) {
      this.uri = uri;
      this.range = range;
    }
  }
  class Diagnostic {
    constructor(range, message, severity) {
      this.range = range;
      this.message = message;
      this.severity = severity;
    }
  }
  class DiagnosticRelatedInformation {
    constructor(location, message) {
      this.location = location;
      this.message = message;
    }
  }
  class MarkdownString {
    constructor(value = "", supportThemeIcons = false) {
      this.value = value;
      this.supportThemeIcons = supportThemeIcons;
    }
    appendMarkdown(v) {
      this.value += v;
      return this;
    }
    appendText(v) {
      this.value += v;
      return this;
    }
    appendCodeblock(code, lang = "") {
      this.value += "\n```" + lang + "\n" + code + "\n```\n";
      return this;
    }
  }
  class Hover {
    constructor(contents, range) {
      this.contents = Array.isArray(contents) ? contents : [contents];
      this.range = range;
    }
  }
  class CodeLens {
    constructor(range, command) {
      this.range = range;
      this.command = command;
    }
  }
  class EventEmitter {
    constructor() {
      this.listeners = [];
      this.event = (l) => {
        this.listeners.push(l);
        return disposable();
      };
    }
    fire(v) {
      for (const l of this.listeners) l(v);
    }
    dispose() {}
  }
  class Disposable {
    constructor(f) {
      this.f = f;
    }
    dispose() {
      if (this.f) this.f();
    }
    static from() {
      return disposable();
    }
  }
  class CancellationTokenSource {
    constructor() {
      this.token = { isCancellationRequested: false, onCancellationRequested: () => disposable() };
    }
    cancel() {
      this.token.isCancellationRequested = true;
    }
    dispose() {}
  }
  class CancellationError extends Error {}
  const Uri = {
    parse: (s) => ({ scheme: s.split(":")[0], fsPath: s.replace(/^file:\/\//, ""), toString: () => s }),
    file: (p) => ({ scheme: "file", fsPath: p, toString: () => `file://${p}` }),
  };

  const documentMatches = (selector, doc) => {
    const list = Array.isArray(selector) ? selector : [selector];
    return list.some((s) =>
      typeof s === "string"
        ? s === doc.languageId
        : (s.language === undefined || s.language === doc.languageId) &&
          (s.scheme === undefined || s.scheme === doc.uri.scheme),
    );
  };
  const register = (kind) => (selector, provider) => {
    log.providers[kind] = provider;
    return disposable();
  };

  const api = {
    version: "1.82.0",
    Position,
    Range,
    Selection,
    Location,
    Diagnostic,
    DiagnosticRelatedInformation,
    DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
    DiagnosticTag: { Unnecessary: 1, Deprecated: 2 },
    MarkdownString,
    Hover,
    CodeLens,
    EventEmitter,
    Disposable,
    CancellationTokenSource,
    CancellationError,
    Uri,
    TextEditorRevealType: { Default: 0, InCenter: 1, InCenterIfOutsideViewport: 2, AtTop: 3 },
    env: { language: "en", appName: "vscode-stub", machineId: "m", sessionId: "s", uiKind: 1 },
    extensions: { all: [], getExtension: () => undefined },
    window: withFallback(
      {
        createOutputChannel: () => ({
          appendLine: (l) => log.lines.push(l),
          append: (l) => log.lines.push(l),
          replace() {},
          clear() {},
          show() {},
          hide() {},
          dispose() {},
        }),
        showErrorMessage: (msg, ...items) => {
          log.errors.push({ msg, items });
          return Promise.resolve(undefined);
        },
        showWarningMessage: (msg) => {
          log.lines.push(`WARN ${msg}`);
          return Promise.resolve(undefined);
        },
        showInformationMessage: (msg) => {
          log.lines.push(`INFO ${msg}`);
          return Promise.resolve(undefined);
        },
        showTextDocument: async (doc, opts) => {
          const editor = {
            document: doc,
            selection: opts && opts.selection,
            revealed: [],
            revealRange(r, how) {
              this.revealed.push({ r, how });
            },
          };
          log.shown.push({ doc, opts, editor });
          return editor;
        },
        visibleTextEditors: [],
        onDidChangeVisibleTextEditors: disposable,
        onDidChangeActiveTextEditor: disposable,
      },
      "window",
    ),
    workspace: withFallback(
      {
        getConfiguration: (section) => ({
          get: (key, def) => {
            const full = section ? `${section}.${key}` : key;
            return settings[full] === undefined ? def : settings[full];
          },
          has: (key) => settings[section ? `${section}.${key}` : key] !== undefined,
          inspect: () => undefined,
          update: async () => {},
        }),
        onDidChangeConfiguration: (l) => {
          log.listeners.config.push(l);
          return disposable();
        },
        onDidOpenTextDocument: (l) => {
          log.listeners.open.push(l);
          return disposable();
        },
        onDidChangeTextDocument: (l) => {
          log.listeners.change.push(l);
          return disposable();
        },
        onDidCloseTextDocument: (l) => {
          log.listeners.close.push(l);
          return disposable();
        },
        onDidSaveTextDocument: disposable,
        onWillSaveTextDocument: disposable,
        onDidChangeWorkspaceFolders: disposable,
        openTextDocument: async (uri) => {
          log.opened.push(uri.toString());
          return { uri };
        },
        textDocuments: [],
        workspaceFolders: undefined,
      },
      "workspace",
    ),
    commands: withFallback(
      {
        registerCommand: (id, fn) => {
          if (log.commands.has(id)) throw new Error(`command '${id}' already exists`);
          log.commands.set(id, fn);
          return { dispose: () => log.commands.delete(id) };
        },
        executeCommand: async (id, ...args) => {
          const fn = log.commands.get(id);
          return fn ? fn(...args) : undefined;
        },
      },
      "commands",
    ),
    languages: withFallback(
      {
        match: (selector, doc) => (documentMatches(selector, doc) ? 10 : 0),
        createDiagnosticCollection: () => ({
          set: (uri, diags) => log.diagnostics.set(uri.toString(), diags),
          delete: (uri) => log.diagnostics.delete(uri.toString()),
          clear: () => log.diagnostics.clear(),
          forEach() {},
          get: (uri) => log.diagnostics.get(uri.toString()),
          has: (uri) => log.diagnostics.has(uri.toString()),
          dispose() {},
        }),
        registerHoverProvider: register("hover"),
        registerCodeLensProvider: register("codeLens"),
      },
      "languages",
    ),
  };
  return { vscode: withFallback(api, "vscode"), log };
}

// loadExtension requires dist/extension.js with `vscode` resolving to the
// stand-in.
function loadExtension(vscode) {
  const bundle = path.join(__dirname, "..", "..", "dist", "extension.js");
  const origLoad = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === "vscode") return vscode;
    return origLoad.call(this, request, parent, isMain);
  };
  try {
    delete require.cache[require.resolve(bundle)];
    return require(bundle);
  } finally {
    Module._load = origLoad;
  }
}

// textDocument makes a document object as the client reads it.
function textDocument(vscode, file, languageId, text, version = 1) {
  const uri = vscode.Uri.file(file);
  const lines = text.split("\n");
  return {
    uri,
    fileName: file,
    languageId,
    version,
    isClosed: false,
    isUntitled: false,
    lineCount: lines.length,
    getText: () => text,
  };
}

module.exports = { makeVscode, loadExtension, textDocument, bundle: path.join(__dirname, "..", "..", "dist", "extension.js") };
