import { defineGame } from '../../server/lab/game';

// Coin turning: a row of heads is the sum of single heads (turning a coin twice undoes it, which
// XOR matches). A head at x moves to tails alone, or together with turning one coin y < x or two
// coins z < y < x: the option is the heads that turning makes, [], [y] or [z, y].
export default defineGame({
  about: 'one head at position x (0-based), every other coin tails',
  params: [{ name: 'x', min: 0 }],
  defaultTo: 64,
  options: ([x]) => {
    const out: number[][] = [[]];
    for (let y = 0; y < x!; y++) {
      out.push([y]);
      for (let z = 0; z < y; z++) out.push([z, y]);
    }
    return out;
  },
  reading: 'Yes (the first player loses) when the XOR over the distinct heads is 0',
});
