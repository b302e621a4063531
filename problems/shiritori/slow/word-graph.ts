// Correct retrograde analysis, but on the graph of words: position i is "word i was just said",
// and its moves are found by walking every word that starts with i's last three letters, one
// arrow at a time. With many words on a few stems that is about N^2 arrows to walk.
import * as fs from 'fs';
const words = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).slice(1);
const n = words.length;
const byStart = new Map<string, number[]>();
const byEnd = new Map<string, number[]>();
words.forEach((w, i) => {
  const a = w.slice(0, 3);
  const b = w.slice(-3);
  if (!byStart.has(a)) byStart.set(a, []);
  byStart.get(a)!.push(i);
  if (!byEnd.has(b)) byEnd.set(b, []);
  byEnd.get(b)!.push(i);
});
const out = new Array(n).fill(0);
for (let i = 0; i < n; i++) for (const _j of byStart.get(words[i].slice(-3)) ?? []) out[i]++;
const state = new Array(n).fill(0); // 0 unknown, 1 win for the player to move, 2 lose
const queue: number[] = [];
for (let i = 0; i < n; i++) if (out[i] === 0) {
  state[i] = 2;
  queue.push(i);
}
for (let h = 0; h < queue.length; h++) {
  const v = queue[h];
  // Every word u after which v may be said: u ends with v's first three letters.
  for (const u of byEnd.get(words[v].slice(0, 3)) ?? []) {
    if (state[u]) continue;
    if (state[v] === 2) {
      state[u] = 1;
      queue.push(u);
    } else if (--out[u] === 0) {
      state[u] = 2;
      queue.push(u);
    }
  }
}
console.log(state.map((s) => (s === 2 ? 'Takahashi' : s === 1 ? 'Aoki' : 'Draw')).join('\n'));
