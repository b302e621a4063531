// Win/lose search over real positions: the set of vertices still attached to vertex 1 (a bitmask).
// A move removes one edge inside that set and keeps the side that holds vertex 1; the player who
// cannot move (only vertex 1 left) loses. No Hackenbush theory. For small N (bitmask up to 30).
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const n = data[0]!;
  const edges: [number, number][] = [];
  for (let i = 0; i < n - 1; i++) edges.push([data[1 + 2 * i]! - 1, data[2 + 2 * i]! - 1]);
  const memo = new Map<number, boolean>();

  /** The vertices reachable from vertex 1 inside `alive` without crossing edge `cut`. */
  const component = (alive: number, cut: number): number => {
    let seen = 1;
    const stack = [0];
    while (stack.length > 0) {
      const v = stack.pop()!;
      for (let e = 0; e < edges.length; e++) {
        if (e === cut) continue;
        const [x, y] = edges[e]!;
        const w = x === v ? y : y === v ? x : -1;
        if (w >= 0 && (alive >> w) & 1 && !((seen >> w) & 1)) {
          seen |= 1 << w;
          stack.push(w);
        }
      }
    }
    return seen;
  };

  const wins = (alive: number): boolean => {
    const known = memo.get(alive);
    if (known !== undefined) return known;
    let result = false;
    for (let e = 0; e < edges.length && !result; e++) {
      const [x, y] = edges[e]!;
      if (!((alive >> x) & 1 && (alive >> y) & 1)) continue;
      if (!wins(component(alive, e))) result = true;
    }
    memo.set(alive, result);
    return result;
  };

  return wins(n >= 31 ? -1 : (1 << n) - 1) ? 'Alice\n' : 'Bob\n';
}
