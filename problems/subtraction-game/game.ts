import { defineGame } from '../../server/lab/game';

// A run of n consecutive cards: removing c of them (L ≤ c ≤ R) leaves runs of a and n − c − a.
export default defineGame({
  about: 'one run of n consecutive cards, for the chosen L and R',
  params: [{ name: 'n', min: 0 }],
  settings: [
    { name: 'L', default: 1, min: 1, max: 2000, about: 'fewest cards one move removes' },
    { name: 'R', default: 2, min: 1, max: 2000, about: 'most cards one move removes' },
  ],
  defaultTo: 100,
  bound: (s) => s.R!,
  options: ([n], s) => {
    const out: number[][] = [];
    for (let c = s.L!; c <= s.R! && c <= n!; c++) for (let a = 0; 2 * a <= n! - c; a++) out.push([a, n! - c - a]);
    return out;
  },
  reading: 'the first player wins when the value is not 0 (the interactive problem also asks for the moves)',
});
