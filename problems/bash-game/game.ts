import { defineGame } from '../../server/lab/game';

// One heap of n stones; a move takes 1..m.
export default defineGame({
  about: 'the heap of n stones, for the chosen m',
  params: [{ name: 'n', min: 0, max: 1000 }],
  settings: [{ name: 'm', default: 2, min: 1, max: 1000, about: 'most stones one move takes' }],
  defaultTo: 60,
  bound: (s) => s.m!,
  options: ([n], s) => {
    const out: number[][] = [];
    for (let t = 1; t <= s.m! && t <= n!; t++) out.push([n! - t]);
    return out;
  },
  reading: 'first wins when the value is not 0',
});
