// Builds the edges backwards: a word leads from its last three letters to its first three, as in
// the reversed graph a retrograde analysis walks, and then plays the game on that graph.
import * as fs from 'fs';
const words = fs.readFileSync(0, 'utf8').split(/\s+/).filter(Boolean).slice(1);
const id = new Map<string, number>();
const get = (s: string) => {
  if (!id.has(s)) id.set(s, id.size);
  return id.get(s)!;
};
const from = words.map((w) => get(w.slice(-3)));
const to = words.map((w) => get(w.slice(0, 3)));
const pos = words.map((w) => get(w.slice(-3)));
const m = id.size;
const out = new Array(m).fill(0);
const back: number[][] = Array.from({ length: m }, () => []);
words.forEach((_, i) => {
  out[from[i]]++;
  back[to[i]].push(from[i]);
});
const state = new Array(m).fill(0); // 0 unknown, 1 win, 2 lose
const queue: number[] = [];
for (let v = 0; v < m; v++) if (out[v] === 0) {
  state[v] = 2;
  queue.push(v);
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
console.log(pos.map((v) => (state[v] === 2 ? 'Takahashi' : state[v] === 1 ? 'Aoki' : 'Draw')).join('\n'));
