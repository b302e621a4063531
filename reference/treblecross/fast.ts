// Treblecross. If some move completes three X's, exactly those moves win (any other move leaves the
// completion to the opponent). Otherwise a move within distance 2 of an X lets the opponent
// complete three at once, so nobody plays there unless forced: the game is normal play on the runs
// of "safe" cells (farther than 2 from every X), and an X placed at j of a safe run of L cells makes
// cells j − 2 .. j + 2 unsafe, leaving runs of max(0, j − 2) and max(0, L − j − 3) cells:
// g(L) = mex over j of g(max(0, j − 2)) ⊕ g(max(0, L − j − 3)). A safe move wins when the board it
// leaves has value 0. O(n) per candidate, O(n^2) per board of at most 200 cells.
const MAX = 200;

function runTable(): Int32Array {
  const g = new Int32Array(MAX + 1);
  const seen = new Int32Array(MAX + 2);
  for (let L = 1; L <= MAX; L++) {
    for (let j = 0; j < L; j++) {
      const v = g[Math.max(0, j - 2)]! ^ g[Math.max(0, L - j - 3)]!;
      if (v <= MAX) seen[v] = L;
    }
    let v = 0;
    while (seen[v] === L) v++;
    g[L] = v;
  }
  return g;
}

let table: Int32Array | undefined;

/** The XOR of the run values of a board with no two X's within distance 2. */
function boardValue(b: readonly boolean[], g: Int32Array): number {
  const n = b.length;
  const unsafe = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (b[i]) for (let d = -2; d <= 2; d++) if (i + d >= 0 && i + d < n) unsafe[i + d] = 1;
  let x = 0;
  let run = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && !unsafe[i]) run++;
    else {
      x ^= g[run]!;
      run = 0;
    }
  }
  return x;
}

const completes = (b: readonly boolean[], i: number): boolean => {
  const at = (k: number) => k === i || (k >= 0 && k < b.length && b[k]!);
  return (at(i - 2) && at(i - 1)) || (at(i - 1) && at(i + 1)) || (at(i + 1) && at(i + 2));
};

function winningMoves(s: string, g: Int32Array): number[] {
  const b = [...s].map((c) => c === 'X');
  const n = b.length;
  const now = [];
  for (let i = 0; i < n; i++) if (!b[i] && completes(b, i)) now.push(i + 1);
  if (now.length > 0) return now;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    if (b[i]) continue;
    let safe = true;
    for (let d = -2; d <= 2; d++) if (i + d >= 0 && i + d < n && b[i + d]) safe = false;
    if (!safe) continue;
    b[i] = true;
    if (boardValue(b, g) === 0) out.push(i + 1);
    b[i] = false;
  }
  return out;
}

export function solve(input: string): string {
  const g = (table ??= runTable());
  const words = input.split(/\s+/).filter(Boolean);
  const t = Number(words[0]);
  const out: string[] = [];
  for (let k = 1; k <= t; k++) {
    const moves = winningMoves(words[k]!, g);
    out.push(moves.length > 0 ? 'WINNING' : 'LOSING', moves.join(' '));
  }
  return out.join('\n') + '\n';
}
