// When the colours' counts differ, the player owning more cells wins: each turn both players
// whiten one cell of the other colour while they can (an "RB" or "BR" pair), and once no such pair
// is left each spends one cell of their own per turn, so the one with fewer runs out first.
// With equal counts the game is decided by who first runs out of mixed pairs, an impartial game:
// whitening a mixed pair inside a maximal alternating run of length L leaves runs a and b with
// a + b = L - 2, so g(L) = mex { g(a) xor g(L-2-a) } (octal game 0.07, Dawson's Kayles).
// g is periodic with period 34 from L = 53 on; a table up to 200 plus that period covers 5·10^5.
const TABLE = 200;
const PERIOD = 34;
const PERIODIC_FROM = 53;

function grundyTable(): Int32Array {
  const g = new Int32Array(TABLE + 1);
  const seen = new Uint8Array(64);
  for (let len = 2; len <= TABLE; len++) {
    seen.fill(0);
    for (let a = 0; a + 2 <= len; a++) seen[g[a]! ^ g[len - 2 - a]!] = 1;
    let m = 0;
    while (seen[m]) m++;
    g[len] = m;
  }
  return g;
}

const table = grundyTable();

function grundy(len: number): number {
  return len <= TABLE ? table[len]! : table[PERIODIC_FROM + ((len - PERIODIC_FROM) % PERIOD)]!;
}

function winner(s: string): string {
  let red = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 82) red++;
  const blue = s.length - red;
  if (red !== blue) return red > blue ? 'Alice' : 'Bob';
  let x = 0;
  let start = 0;
  for (let i = 1; i <= s.length; i++) {
    if (i === s.length || s.charCodeAt(i) === s.charCodeAt(i - 1)) {
      x ^= grundy(i - start);
      start = i;
    }
  }
  return x !== 0 ? 'Alice' : 'Bob';
}

export function solve(input: string): string {
  const tokens = input.split(/\s+/).filter(Boolean);
  const t = Number(tokens[0]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) out.push(winner(tokens[2 + 2 * c]!));
  return out.join('\n') + '\n';
}
