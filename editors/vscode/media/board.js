// The board view's one script (loaded by its nonce). It shows what the
// extension posts ({type: "board", svg, moves, ...} or {type: "empty"}) and
// asks the extension to move the editor's cursor ({type: "go", move}) for
// the buttons, the keys Home, Left, Right, End and a click on a move.
// It builds no markup from strings except the SVG, which the extension drew
// with every text escaped.
(function () {
  "use strict";
  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  let state = { move: 0, count: 0 };

  function go(k) {
    const move = Math.max(0, Math.min(k, state.count));
    if (move !== state.move || state.move > state.count) {
      vscode.postMessage({ type: "go", move });
    }
  }

  function show(m) {
    $("empty").hidden = true;
    document.querySelector("main").hidden = false;
    document.querySelector("nav").hidden = false;
    state = { move: m.move, count: m.count };
    $("title").textContent = `${m.file}: ${m.title}`;
    $("verdict").textContent = m.verdict;
    $("pos").textContent = m.kind === "path" ? "" : `${m.move} / ${m.count}`;
    $("board").innerHTML = m.svg;
    // On a board larger than the view, bring the last move into sight.
    const last = $("board").querySelector("rect.cell.last");
    if (last) last.scrollIntoView({ block: "nearest", inline: "nearest" });
    const list = $("moves");
    list.replaceChildren();
    list.start = m.from + 1;
    for (const mv of m.moves) {
      const li = document.createElement("li");
      li.dataset.move = String(mv.move);
      li.textContent = mv.text;
      li.title = `move ${mv.move}, line ${mv.line}`;
      if (mv.move === m.move) li.className = "current";
      else if (m.end > 0 && mv.move > m.end) li.className = "unplayed";
      list.appendChild(li);
    }
    const cur = list.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    for (const id of ["first", "prev"]) $(id).disabled = m.kind === "path" || m.move <= 0;
    for (const id of ["next", "last"]) $(id).disabled = m.kind === "path" || m.move >= m.count;
  }

  function empty(message) {
    state = { move: 0, count: 0 };
    $("title").textContent = "";
    $("verdict").textContent = "";
    $("board").innerHTML = "";
    $("moves").replaceChildren();
    document.querySelector("main").hidden = true;
    document.querySelector("nav").hidden = true;
    $("empty").textContent = message;
    $("empty").hidden = false;
  }

  window.addEventListener("message", (e) => {
    const m = e.data;
    if (m && m.type === "board") show(m);
    else if (m && m.type === "empty") empty(m.message);
  });
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(state.move - 1));
  $("next").addEventListener("click", () => go(state.move + 1));
  $("last").addEventListener("click", () => go(state.count));
  $("moves").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-move]");
    if (li) go(Number(li.dataset.move));
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const k = { Home: 0, End: state.count, ArrowLeft: state.move - 1, ArrowRight: state.move + 1 }[e.key];
    if (k !== undefined) {
      e.preventDefault();
      go(k);
    }
  });
  vscode.postMessage({ type: "ready" });
})();
