import { defineGame } from '../../server/lab/game';

// Each bean is a game of its own. A bean d bottles before the last one moves to two beans d1 and
// d2 bottles before the last, d > d1 ≥ d2 ≥ 0 (both may land in the same bottle). A position is
// the XOR over its beans.
export default defineGame({
  about: 'one bean d bottles before the last bottle',
  params: [{ name: 'd', min: 0, max: 20 }],
  defaultTo: 20,
  options: ([d]) => {
    const out: number[][] = [];
    for (let a = 0; a < d!; a++) for (let b = 0; b <= a; b++) out.push([a, b]);
    return out;
  },
  reading: 'the first player wins when the XOR over the beans is not 0',
});
