// Every bean is an independent game whose Grundy value depends only on its bottle's distance to the
// last bottle: sg(i) = mex { sg(j) xor sg(k) : i < j <= k < n }. Two beans in one bottle cancel, so
// the position's value is the XOR of sg(i) over bottles holding an odd number of beans. A first move
// (i, j, k) wins exactly when it turns that XOR into 0: X ^ sg(i) ^ sg(j) ^ sg(k) = 0, with p_i > 0.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    const beans = data.slice(p, p + n);
    p += n;
    const sg = grundyByBottle(n);
    let total = 0;
    for (let i = 0; i < n; i++) if (beans[i]! % 2 === 1) total ^= sg[i]!;
    let first = '-1 -1 -1';
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (beans[i]! === 0) continue;
      for (let j = i + 1; j < n; j++) {
        for (let k = j; k < n; k++) {
          if ((total ^ sg[i]! ^ sg[j]! ^ sg[k]!) !== 0) continue;
          if (count === 0) first = `${i} ${j} ${k}`;
          count++;
        }
      }
    }
    out.push(first, String(count));
  }
  return out.join('\n') + '\n';
}

function grundyByBottle(n: number): number[] {
  const sg = new Array<number>(n).fill(0);
  for (let i = n - 2; i >= 0; i--) {
    const seen = new Set<number>();
    for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen.add(sg[j]! ^ sg[k]!);
    let m = 0;
    while (seen.has(m)) m++;
    sg[i] = m;
  }
  return sg;
}
