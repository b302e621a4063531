// Bash game: multiples of m + 1 are exactly the losing positions (whatever the mover takes, the
// opponent takes the rest of m + 1), so the first player wins when n is not one.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const c = data[p++]!;
  const out: string[] = [];
  for (let i = 0; i < c; i++) {
    const n = data[p++]!;
    const m = data[p++]!;
    out.push(n % (m + 1) !== 0 ? 'first' : 'second');
  }
  return out.join('\n') + '\n';
}
