/**
 * The random tests of a lab draft: one function body, written once, that is both the draft's
 * generator (TypeScript exporting `generate(rng, size)`, for stress tests) and what makes the
 * stored random tests here, so the two never drift apart.
 */
export type GeneratorSize = 'tiny' | 'small' | 'medium' | 'max';

/** Plain JavaScript (valid TypeScript too): T random heaps in [min, maxN], half near the top at size max. */
export function generatorBody(min: number, maxN: number): string {
  return `const tops = { tiny: Math.min(${maxN}, ${min} + 20), small: Math.min(${maxN}, ${min} + 200), medium: Math.min(${maxN}, ${min} + 100000), max: ${maxN} };
  const counts = { tiny: 3, small: 10, medium: 100, max: 1000 };
  const top = tops[size];
  const count = counts[size];
  const lines = [String(count)];
  for (let i = 0; i < count; i++) {
    const near = size === 'max' && rng() < 0.5;
    const span = near ? Math.min(1000, top - ${min}) : top - ${min};
    const off = Math.floor(rng() * (span + 1));
    lines.push(String(near ? top - off : ${min} + off));
  }
  return lines.join('\\n') + '\\n';`;
}

export function generatorProgram(body: string, min: number, maxN: number): string {
  return `// Random inputs: T heaps in [${min}, ${maxN}]; at size 'max', half of them within 1000 of the top.
// rng() returns a number in [0, 1), as Math.random does.
export function generate(rng: () => number, size: 'tiny' | 'small' | 'medium' | 'max'): string {
  ${body}
}
`;
}

/** Runs the body in this process (trusted: it is our own text with numbers in it). */
export function runGenerator(body: string, rng: () => number, size: GeneratorSize): string {
  return (new Function('rng', 'size', body) as (rng: () => number, size: GeneratorSize) => string)(rng, size);
}

/** mulberry32: a small seeded generator, so a draft's random tests are the same every time. */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
