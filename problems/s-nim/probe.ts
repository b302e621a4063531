import { defineProbe } from '../../server/mistakes/probe';

// S = {10, 3, 9}, written in that order (a learner's sort or scan that assumes increasing order
// shows); one position of one heap of n beads ("1 n"). A set holds at most 100 positions and a
// file at most 10 sets, each answered by one line of W and L.
const PER_SET = 100;

export default defineProbe({
  about: { en: 'one heap of n beads, S = {10, 3, 9}', zh: 'n 颗珠子的一堆，S = {10, 3, 9}' },
  settings: { a: 10, b: 3, c: 9 },
  params: ['n'],
  from: [0],
  to: [999],
  perRun: 1000,
  input: (states) => {
    let text = '';
    for (let i = 0; i < states.length; i += PER_SET) {
      const set = states.slice(i, i + PER_SET);
      text += `3 10 3 9\n${set.length}\n${set.map(([n]) => `1 ${n}\n`).join('')}`;
    }
    return `${text}0\n`;
  },
  read: (output, count) => {
    const letters = output.split(/\s+/).filter(Boolean);
    const out: ('W' | 'L' | null)[] = [];
    for (let i = 0; i < count; i += PER_SET) {
      const line = letters[i / PER_SET] ?? '';
      const size = Math.min(PER_SET, count - i);
      for (let j = 0; j < size; j++) {
        const c = line.length === size ? line[j] : undefined;
        out.push(c === 'W' ? 'W' : c === 'L' ? 'L' : null);
      }
    }
    return out;
  },
});
