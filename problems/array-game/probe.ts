import { defineProbe, linePerCase } from '../../server/mistakes/probe';

// One white cell always wins (flip it alone), so a state is a question with the white cells x and y
// on a board of N = 100 cells (x = y: the one cell x); K <= 100 questions a file.
export default defineProbe({
  about: { en: 'the white cells x and y on a board of 100 cells', zh: '长度 100 的棋盘上白格 x 与 y' },
  settings: { N: 100 },
  params: ['x', 'y'],
  from: [1, 1],
  to: [40, 40],
  labStates: ([x, y]) => (x === y ? [[x!]] : [[x!], [y!]]),
  perRun: 100,
  input: (states) => `100\n${states.length}\n${states.map(([x, y]) => (x === y ? `1 ${x}\n` : `2 ${x} ${y}\n`)).join('')}`,
  read: linePerCase({ Yes: 'W', No: 'L' }),
});
