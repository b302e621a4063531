// The literal game, searched exhaustively: a position is the multiset of sheets on the table; a move
// cuts one sheet along a grid line, and the player whose cut produces a 1×1 sheet wins at once. A
// position wins when some cut produces a 1×1 sheet or leads to a losing position. No Sprague–Grundy
// reasoning and no "never leave a 1×k sheet" shortcut: that is what the fast solver assumes.
// Positions are sorted lists of sheets (short side first), memoised across calls.
type Sheet = readonly [number, number];

const memo = new Map<string, boolean>();

function sheet(a: number, b: number): Sheet {
  return a <= b ? [a, b] : [b, a];
}

function key(sheets: readonly Sheet[]): string {
  return sheets.map(([a, b]) => `${a}x${b}`).join(',');
}

/** Both pieces of every cut of `s`, along either side. */
function cuts([a, b]: Sheet): [Sheet, Sheet][] {
  const out: [Sheet, Sheet][] = [];
  for (let i = 1; i < a; i++) out.push([sheet(i, b), sheet(a - i, b)]);
  for (let j = 1; j < b; j++) out.push([sheet(a, j), sheet(a, b - j)]);
  return out;
}

const isUnit = ([a, b]: Sheet): boolean => a === 1 && b === 1;

function wins(sheets: readonly Sheet[]): boolean {
  const k = key(sheets);
  const known = memo.get(k);
  if (known !== undefined) return known;
  let result = false;
  // Cutting out a 1×1 sheet ends the game: look for such a cut before searching deeper.
  for (const s of sheets) {
    if (cuts(s).some(([p, q]) => isUnit(p) || isUnit(q))) {
      result = true;
      break;
    }
  }
  for (let i = 0; i < sheets.length && !result; i++) {
    if (i > 0 && key([sheets[i]!]) === key([sheets[i - 1]!])) continue;
    const rest = sheets.filter((_, j) => j !== i);
    for (const [p, q] of cuts(sheets[i]!)) {
      const next = [...rest, p, q].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      if (!wins(next)) {
        result = true;
        break;
      }
    }
  }
  memo.set(k, result);
  return result;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p + 1 < data.length; p += 2) out.push(wins([sheet(data[p]!, data[p + 1]!)]) ? 'WIN' : 'LOSE');
  return out.join('\n') + '\n';
}
