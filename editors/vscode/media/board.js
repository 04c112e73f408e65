// The board view's one script (loaded by its nonce). It shows what the
// extension posts ({type: "board", svg, moves, ...} or {type: "empty"}) and
// asks the extension to move the editor's cursor ({type: "go", move}) for
// the buttons, the keys Home, Left, Right, End and a click on a move.
// Playing: a click on a Pousse edge slot (rect.slot) or on a Spot or PATH
// cell asks the extension to play it ({type: "play", slot} or {cell});
// pointing at a slot previews its push from the slot's data-run and
// data-off (the run that moves, the marker that falls off). The "New game"
// button asks for {type: "newGame"}; {type: "status"} shows a line.
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

  /** preview marks the cells a slot's push moves, and the one whose marker falls off. */
  function preview(slot) {
    const svg = $("board").querySelector("svg.gamels-board");
    if (!svg) return;
    for (const el of svg.querySelectorAll(".preview, .preview-off")) el.classList.remove("preview", "preview-off");
    if (!slot) return;
    const cell = (rc) => {
      const [r, c] = rc.split(",");
      return svg.querySelector(`:scope > rect.cell[data-row="${r}"][data-col="${c}"]`);
    };
    for (const rc of (slot.getAttribute("data-run") || "").split(" ").filter(Boolean)) cell(rc)?.classList.add("preview");
    const off = slot.getAttribute("data-off");
    if (off) {
      cell(off)?.classList.add("preview-off");
      for (const t of svg.querySelectorAll(`:scope > text.mark[data-row="${off.split(",")[0]}"][data-col="${off.split(",")[1]}"]`)) t.classList.add("preview-off");
    }
    slot.classList.add("preview");
  }

  function status(message, error) {
    $("status").textContent = message;
    $("status").className = error ? "status error" : "status";
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
    else if (m && m.type === "status") status(m.message, m.error);
  });
  $("board").addEventListener("mouseover", (e) => preview(e.target.closest("rect.slot")));
  $("board").addEventListener("mouseleave", () => preview(null));
  $("board").addEventListener("click", (e) => {
    const slot = e.target.closest("rect.slot");
    if (slot) {
      vscode.postMessage({ type: "play", slot: slot.getAttribute("data-slot") });
      return;
    }
    const svg = e.target.closest("svg.gamels-board");
    const at = e.target.closest("[data-row][data-col]");
    // Spot and PATH cells; not those of the earlier board of a repetition.
    if (svg && at && !svg.classList.contains("pousse") && !at.closest("g.earlier")) {
      vscode.postMessage({ type: "play", cell: { row: Number(at.getAttribute("data-row")), col: Number(at.getAttribute("data-col")) } });
    }
  });
  $("newGame").addEventListener("click", () => vscode.postMessage({ type: "newGame" }));
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
