// Generalises "a path of k edges is a heap of k" the wrong way: XOR of the depths of all leaves.
// Right for stalks hanging from vertex 1, wrong as soon as a branch splits below the root.
let data = '';
process.stdin.on('data', (d) => (data += d));
process.stdin.on('end', () => {
  const a = data.split(/\s+/).filter((x) => x).map(Number);
  const n = a[0];
  const adj: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let i = 0; i < n - 1; i++) {
    adj[a[1 + 2 * i]].push(a[2 + 2 * i]);
    adj[a[2 + 2 * i]].push(a[1 + 2 * i]);
  }
  const depth = new Array(n + 1).fill(-1);
  depth[1] = 0;
  const queue = [1];
  let x = 0;
  for (let h = 0; h < queue.length; h++) {
    const v = queue[h];
    if (v !== 1 && adj[v].length === 1) x ^= depth[v];
    for (const w of adj[v]) {
      if (depth[w] < 0) {
        depth[w] = depth[v] + 1;
        queue.push(w);
      }
    }
  }
  console.log(x ? 'Alice' : 'Bob');
});
