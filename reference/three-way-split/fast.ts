// Nim where a pile may instead be split into three non-empty piles: a pile's value is the pile
// itself, except that 8k + 7 and 8k + 8 swap (the lab's table, checked against the literal game;
// the editorial proves it). The first player wins when the XOR of the values is not 0.
/** Every integer of the input, scanned by character codes into doubles (piles reach 2^31 − 1). */
function readInts(input: string): Float64Array {
  const out = new Float64Array((input.length >> 1) + 1);
  let count = 0;
  let v = -1;
  for (let i = 0; i < input.length; i++) {
    const d = input.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) {
      v = v < 0 ? d : v * 10 + d;
    } else if (v >= 0) {
      out[count++] = v;
      v = -1;
    }
  }
  if (v >= 0) out[count++] = v;
  return out.subarray(0, count);
}

export function solve(input: string): string {
  const data = readInts(input);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    let x = 0;
    for (let i = 0; i < n; i++) {
      const s = data[p++]!;
      const r = s % 8;
      x ^= r === 7 ? s + 1 : r === 0 ? s - 1 : s;
    }
    out.push(x !== 0 ? 'First player wins.' : 'Second player wins.');
  }
  return out.join('\n') + '\n';
}
