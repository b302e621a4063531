// Each run of monsters is an independent game; a single run of length n has Grundy value 0 exactly
// at the lengths below (found by tabulating the SG values and confirmed by the exhaustive search
// for every k):
// - n = 0: no move at all, Bob wins.
// - k = 1: a run of 2 has no move (too long to clear, too short to split), and the SG values are
//   n mod 2; Bob wins iff n is even. The general rule below would only give n = 2 (mod 6).
// - k >= 2: Bob wins iff n = k + 1 (mod 4k + 2). When n - k is even and n > k, Alice kills the k
//   middle monsters and mirrors Bob from then on, which is why every losing n has n - k odd.
export function solve(input: string): string {
  let pos = 0;
  const next = (): number => {
    while (input.charCodeAt(pos) < 48) pos++;
    let v = 0;
    for (let c = input.charCodeAt(pos); c >= 48 && c <= 57; c = input.charCodeAt(++pos)) v = v * 10 + (c - 48);
    return v;
  };
  const t = next();
  const out: string[] = new Array(t);
  for (let i = 0; i < t; i++) {
    const k = next();
    const n = next();
    let bobWins: boolean;
    if (n === 0) bobWins = true;
    else if (k === 1) bobWins = n % 2 === 0;
    else bobWins = n % (4 * k + 2) === k + 1; // 4k + 2 < 2^53: plain double arithmetic is exact
    out[i] = bobWins ? 'Bob' : 'Alice';
  }
  return out.join('\n') + '\n';
}
