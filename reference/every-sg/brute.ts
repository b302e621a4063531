// The literal game, all games at once: a state is the list of pairs; the player to move must move
// in every pair with no empty pile (take k·min from the larger pile, k ≥ 1), all at once; when every
// pair has an empty pile the player to move has lost (the opponent made the last move). A state is
// won when some combined move leads to a lost state. No step counts, no Every-SG theory.
// Memoised across calls on the sorted list of pairs (each pair sorted, finished pairs dropped).
const memo = new Map<string, boolean>();

function optionsOf([x, y]: [number, number]): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 1; k * x <= y; k++) out.push([Math.min(x, y - k * x), Math.max(x, y - k * x)]);
  return out;
}

function canon(games: [number, number][]): [number, number][] {
  return games.filter(([x]) => x > 0).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function wins(games: [number, number][]): boolean {
  if (games.length === 0) return false;
  const key = games.map(([x, y]) => `${x}:${y}`).join(',');
  const known = memo.get(key);
  if (known !== undefined) return known;
  const options = games.map(optionsOf);
  let result = false;
  // Every combination of one option per game, as an odometer.
  const pick = new Array<number>(games.length).fill(0);
  for (;;) {
    if (!wins(canon(pick.map((c, i) => options[i]![c]!)))) {
      result = true;
      break;
    }
    let i = 0;
    while (i < pick.length && ++pick[i]! === options[i]!.length) pick[i++] = 0;
    if (i === pick.length) break;
  }
  memo.set(key, result);
  return result;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    const games: [number, number][] = [];
    for (let i = 0; i < n; i++, p += 2) games.push([Math.min(data[p]!, data[p + 1]!), Math.max(data[p]!, data[p + 1]!)]);
    out.push(wins(canon(games)) ? 'MM' : 'GG');
  }
  return out.join('\n') + '\n';
}
