// Win/lose search over real positions, following the rules literally: a position wins when some
// move (take a bean from bottle i, put one into j and one into k, i < j <= k) leads to a losing one.
// Beans in the last bottle can never be taken (no j > i exists), so that bottle is left out of the
// position; everything else is kept exactly. Positions are memoised across calls. Every move sends a
// bean to later bottles, so the game ends and the recursion depth is the game's length, small here.
const memo = new Map<string, boolean>();

/** Beans in bottles 0..n-2 (bottle n-1 is dropped); the moves from it as (i, j, k, next). */
function* moves(beans: number[], n: number): Generator<[number, number, number, number[]]> {
  for (let i = 0; i < n - 1; i++) {
    if (beans[i]! === 0) continue;
    for (let j = i + 1; j < n; j++) {
      for (let k = j; k < n; k++) {
        const next = beans.slice();
        next[i]!--;
        if (j < n - 1) next[j]!++;
        if (k < n - 1) next[k]!++;
        yield [i, j, k, next];
      }
    }
  }
}

function wins(beans: number[], n: number): boolean {
  const key = beans.join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  let result = false;
  for (const [, , , next] of moves(beans, n)) {
    if (!wins(next, n)) {
      result = true;
      break;
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
    const n = data[p++]!;
    const beans = data.slice(p, p + n - 1);
    p += n;
    let first = '-1 -1 -1';
    let count = 0;
    // Moves come out in lexicographic order of (i, j, k), so the first winning one is the smallest.
    for (const [i, j, k, next] of moves(beans, n)) {
      if (wins(next, n)) continue;
      if (count === 0) first = `${i} ${j} ${k}`;
      count++;
    }
    out.push(first, String(count));
  }
  return out.join('\n') + '\n';
}
