// Win/lose search over real positions, following the rules literally. A position is the multiset of
// lengths of the maximal runs of monsters still standing (runs never merge again, so nothing else
// matters), kept sorted. Moves on a run of length L:
// - L <= k: kill the whole run;
// - kill k consecutive monsters strictly inside it, leaving a >= 1 and b >= 1 with a + b = L - k.
// The player who cannot move loses. Memoised across calls, per k.
const memo = new Map<string, boolean>();

function wins(k: number, runs: number[]): boolean {
  const key = `${k}:${runs.join(',')}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (let i = 0; i < runs.length && !result; i++) {
    const len = runs[i]!;
    if (i > 0 && runs[i - 1] === len) continue; // same move as on the previous equal run
    const rest = runs.slice(0, i).concat(runs.slice(i + 1));
    if (len <= k && !wins(k, rest)) result = true;
    for (let a = 1; a + k < len && !result; a++) {
      const b = len - k - a;
      if (b < 1) break;
      if (!wins(k, rest.concat([a, b]).sort((x, y) => x - y))) result = true;
    }
  }
  memo.set(key, result);
  return result;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const k = data[p++]!;
    const n = data[p++]!;
    out.push(wins(k, n > 0 ? [n] : []) ? 'Alice' : 'Bob');
  }
  return out.join('\n') + '\n';
}
