import { describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * Memory measures what a program keeps, not the garbage it leaves for the collector: a program that
 * churns through far more than its limit while keeping little must never get MLE (it may be slow:
 * TLE or AC), and one that really keeps more than its limit must still get MLE. Both sides are
 * tried with typed arrays, arrays, strings and Maps, under a 256 MiB limit.
 */
const MEMORY_MB = 256;
// Generous: these programs are slow on purpose, and the machine may be busy; TLE is a right answer
// for the garbage makers, so the limit only has to let the others reach the memory they want.
const TIME_MS = 8000;

/** Garbage makers: each allocates several times the limit in total, keeping about one piece at a time. */
const GARBAGE: Record<string, string> = {
  'a new Set per step of an O(n^2) loop': `
    const n = 2500; let total = 0;
    for (let i = 0; i < n; i++) { const seen = new Set<number>(); for (let j = 0; j < n; j++) seen.add(i * j); total += seen.size; }
    console.log(total > 0);`,
  'typed arrays': `
    let total = 0;
    for (let i = 0; i < 1500; i++) { const a = new Float64Array(1 << 17); a.fill(i); total += a[5]; }
    console.log(total > 0);`,
  'arrays': `
    let total = 0;
    for (let i = 0; i < 400; i++) { const a: number[] = []; for (let j = 0; j < 250000; j++) a.push(j + i + 0.5); total += a[7]; }
    console.log(total > 0);`,
  'large arrays under a small limit': `
    let total = 0;
    for (let i = 0; i < 3000; i++) { const a = new Array(100000).fill(i); total += a.length; }
    console.log(total > 0);`,
  'strings': `
    let total = 0;
    for (let i = 0; i < 300; i++) { const parts: string[] = []; for (let j = 0; j < 100000; j++) parts.push(String(i + j)); const s = parts.join(','); total += s.length; }
    console.log(total > 0);`,
  'Maps': `
    let total = 0;
    for (let i = 0; i < 60; i++) { const m = new Map<number, number>(); for (let j = 0; j < 200000; j++) m.set(j * 7 + i, j); total += m.size; }
    console.log(total > 0);`,
};

/** Keepers: each holds about 100 MiB (well inside the limit) while making garbage as above. */
const WELL_INSIDE: Record<string, string> = {
  'typed arrays': `
    const keep: Float64Array[] = [];
    for (let i = 0; i < 12; i++) keep.push(new Float64Array(1 << 20).fill(i));
    let total = 0;
    for (let i = 0; i < 800; i++) { const a = new Float64Array(1 << 17); a.fill(i); total += a[3]; }
    console.log(keep.length, total > 0);`,
  'arrays': `
    const keep: number[][] = [];
    for (let i = 0; i < 12; i++) keep.push(new Array(1 << 20).fill(i + 0.5));
    let total = 0;
    for (let i = 0; i < 200; i++) { const a: number[] = []; for (let j = 0; j < 250000; j++) a.push(j + 0.5); total += a[1]; }
    console.log(keep.length, total > 0);`,
  'strings': `
    const keep: string[] = [];
    for (let i = 0; i < 12; i++) keep.push(String.fromCharCode(97 + i).repeat(8 << 20));
    let total = 0;
    for (let i = 0; i < 150; i++) { const parts: string[] = []; for (let j = 0; j < 100000; j++) parts.push(String(i + j)); total += parts.join(',').length; }
    console.log(keep.length, total > 0);`,
  'Maps': `
    const keep = new Map<number, number>();
    for (let i = 0; i < 1500000; i++) keep.set(i, i);
    let total = 0;
    for (let i = 0; i < 30; i++) { const m = new Map<number, number>(); for (let j = 0; j < 200000; j++) m.set(j, i); total += m.size; }
    console.log(keep.size, total > 0);`,
};

/** Hogs: each really keeps more than the limit. */
const OVER: Record<string, string> = {
  'typed arrays': `
    const keep: Float64Array[] = [];
    for (let i = 0; i < 48; i++) keep.push(new Float64Array(1 << 20).fill(i));
    console.log(keep.length);`,
  'arrays': `
    const keep: number[][] = [];
    for (let i = 0; i < 48; i++) keep.push(new Array(1 << 20).fill(i + 0.5));
    console.log(keep.length);`,
  'strings': `
    const keep: string[] = [];
    for (let i = 0; i < 48; i++) keep.push(String.fromCharCode(97 + (i % 26)).repeat(8 << 20) + i);
    for (const s of keep) if (s.charCodeAt(1 << 20) < 0) console.log(s[0]);
    console.log(keep.length);`,
  'Maps': `
    const keep = new Map<number, number>();
    for (let i = 0; i < 16e6; i++) keep.set(i, i);
    console.log(keep.size);`,
};

describe('memory measures what a program keeps', () => {
  const judge = useJudge();

  for (const [name, source] of Object.entries(GARBAGE)) {
    it(`garbage, not kept: ${name} is never MLE`, async () => {
      const r = await judge.run(source, '', { memoryMb: name.includes('small limit') ? 64 : MEMORY_MB, timeMs: TIME_MS });
      expect(['ok', 'tle'], show(r)).toContain(r.status);
      if (r.status === 'ok') expect(r.stdout).toBe('true\n');
    });
  }

  for (const [name, source] of Object.entries(WELL_INSIDE)) {
    it(`about 100 MiB kept, plus garbage: ${name} is never MLE`, async () => {
      const r = await judge.run(source, '', { memoryMb: MEMORY_MB, timeMs: TIME_MS });
      expect(['ok', 'tle'], show(r)).toContain(r.status);
      if (r.status === 'ok') expect(r.stdout).toMatch(/ true\n$/);
    });
  }

  for (const [name, source] of Object.entries(OVER)) {
    it(`more than the limit kept: ${name} is MLE`, async () => {
      const r = await judge.run(source, '', { memoryMb: MEMORY_MB, timeMs: TIME_MS });
      // Building 16 M Map entries is slow enough that TLE may come first on a busy machine.
      expect(name === 'Maps' ? ['mle', 'tle'] : ['mle'], show(r)).toContain(r.status);
    });
  }

  it('after all of them, a small program runs normally', async () => {
    const r = await judge.run('console.log(6 * 7);');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('42\n');
  });
});
