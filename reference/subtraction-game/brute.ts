// Who wins subtraction-game by searching the whole game tree: a state is the set of cards still on
// the table (a bitmask, N <= 14), a state is won when some move leads to a lost one. No symmetry,
// no Grundy values: the literal rules only.
export function solve(input: string): string {
  const [n, l, r] = input.trim().split(/\s+/).map(Number) as [number, number, number];
  if (n > 14) throw new Error('brute force: N > 14');
  const memo = new Int8Array(1 << n); // 0 unknown, 1 won, 2 lost (for the player to move)
  const wins = (cards: number): boolean => {
    if (memo[cards]) return memo[cards] === 1;
    let won = false;
    for (let y = l; y <= r && !won; y++) {
      const block = (1 << y) - 1;
      for (let x = 0; x + y <= n && !won; x++) {
        const move = block << x;
        if ((cards & move) === move && !wins(cards & ~move)) won = true;
      }
    }
    memo[cards] = won ? 1 : 2;
    return won;
  };
  return wins((1 << n) - 1) ? 'First\n' : 'Second\n';
}
