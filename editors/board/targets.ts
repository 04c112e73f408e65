// Moving among the board's targets with the keyboard: the arrow keys go
// from the focused slot or cell to the nearest one in that direction, by
// the targets' boxes in the drawing. Pure: boxes in, an index out.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Direction = "left" | "right" | "up" | "down";

export const arrows: Record<string, Direction> = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

/**
 * nextTarget is the index of the box nearest to boxes[from] in direction
 * d, or from when there is none. Nearest: the distance along d counting
 * once and the distance across it twice, among the boxes whose centre
 * lies within 45 degrees of d, else (around a corner of a Pousse board:
 * from L1 up to T1) among all those beyond from's centre. O(boxes).
 */
export function nextTarget(boxes: Box[], from: number, d: Direction): number {
  const c = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const o = boxes[from];
  if (!o) return from;
  const a = c(o);
  const pick = (cone: boolean) => {
    let best = -1;
    let bestScore = Infinity;
    boxes.forEach((b, i) => {
      if (i === from) return;
      const p = c(b);
      const dx = p.x - a.x;
      const dy = p.y - a.y;
      const along = d === "left" ? -dx : d === "right" ? dx : d === "up" ? -dy : dy;
      const across = d === "left" || d === "right" ? Math.abs(dy) : Math.abs(dx);
      if (along <= 1e-6 || (cone && across >= along)) return;
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = i;
      }
    });
    return best;
  };
  const i = pick(true);
  if (i >= 0) return i;
  const j = pick(false);
  return j >= 0 ? j : from;
}

/** sideToMove is who moves after the first k moves of a Pousse or Spot game: X first, then in turn. */
export function sideToMove(k: number): "X" | "O" {
  return k % 2 === 0 ? "X" : "O";
}
