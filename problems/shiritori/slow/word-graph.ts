// Correct retrograde analysis, but on the graph of words: word i is joined to every word j that
// starts with i's last three letters. With many words on a few stems that is N^2 edges.
import * as fs from 'fs';
const words = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).slice(1);
const n = words.length;
const byStart = new Map<string, number[]>();
words.forEach((w, i) => {
  const k = w.slice(0, 3);
  if (!byStart.has(k)) byStart.set(k, []);
  byStart.get(k)!.push(i);
});
// Position i: word i was just said; the next player must say a word starting with its tail.
const out = new Array(n).fill(0);
const back: number[][] = Array.from({ length: n }, () => []);
for (let i = 0; i < n; i++) {
  for (const j of byStart.get(words[i].slice(-3)) ?? []) {
    out[i]++;
    back[j].push(i);
  }
}
const state = new Array(n).fill(0); // 0 unknown, 1 win for the player to move, 2 lose
const queue: number[] = [];
for (let i = 0; i < n; i++) if (out[i] === 0) {
  state[i] = 2;
  queue.push(i);
}
for (let h = 0; h < queue.length; h++) {
  const v = queue[h];
  for (const u of back[v]) {
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
