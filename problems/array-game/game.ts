import { defineGame } from '../../server/lab/game';

// On a board of N cells, one white cell x is a game: choosing x and k flips x, 2x, …, kx, turning x
// black; flipping acts as XOR, so the option is the sum of the white cells 2x, …, kx.
export default defineGame({
  about: 'one white cell x on a board of N cells',
  params: (s) => [{ name: 'x', min: 1, max: s.N! }],
  settings: [{ name: 'N', default: 40, min: 1, max: 5000, about: 'number of cells' }],
  defaultTo: 40,
  options: ([x], s) => {
    const out: number[][] = [];
    for (let k = 1; k * x! <= s.N!; k++) {
      const option: number[] = [];
      for (let j = 2; j <= k; j++) option.push(j * x!);
      out.push(option);
    }
    return out;
  },
  reading: 'Yes (the first player wins) when the XOR over the white cells is not 0',
});
