import { defineGame } from '../../server/lab/game';

// One heap of n beads; a move removes exactly a, b or c beads (a setting of 0 is no move), so the
// lab can show the table of any set of up to three moves. A subtraction game: its values are
// periodic, and the largest move bounds the proof.
export default defineGame({
  about: 'one heap of n beads, for the set S = {a, b, c} (0: not in S)',
  params: [{ name: 'n', min: 0 }],
  settings: [
    { name: 'a', default: 2, min: 1, max: 1000, about: 'a move in S' },
    { name: 'b', default: 5, min: 0, max: 1000, about: 'another move in S (0: none)' },
    { name: 'c', default: 0, min: 0, max: 1000, about: 'another move in S (0: none)' },
  ],
  defaultTo: 60,
  bound: (s) => Math.max(s.a!, s.b!, s.c!),
  options: ([n], s) => {
    const out: number[][] = [];
    for (const m of new Set([s.a!, s.b!, s.c!])) if (m > 0 && m <= n!) out.push([n! - m]);
    return out;
  },
  reading: 'a position wins when the XOR of its heaps’ values is not 0',
});
