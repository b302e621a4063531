import { describe, expect, it } from 'vitest';
import { sameShape, storedInputCheck } from '../../server/problem-store/input-shape';
import { storedReferenceOf } from '../../server/problem-store/sandboxed-reference';

/** Which solution answers a stored problem's inputs, and what its random and shrunk inputs must look like. */
describe('a stored problem reference and input shape', () => {
  const sol = (folder: 'accepted' | 'wrong_answer', name: string, language: 'typescript' | 'javascript' | 'cpp' | 'python' | 'other', source: string | null, got: string | null = null) => ({ folder, name, language, source, got });

  it("takes the first accepted TypeScript or JavaScript solution, and names an accepted one in another language", () => {
    expect(storedReferenceOf({ solutions: [sol('accepted', 'a.cpp', 'other', null), sol('accepted', 'b.js', 'javascript', 'x'), sol('accepted', 'c.ts', 'typescript', 'y')] })).toEqual({
      ok: true,
      name: 'accepted/b.js',
      source: 'x',
      language: 'javascript',
    });
    expect(storedReferenceOf({ solutions: [sol('accepted', 'a.cpp', 'other', null), sol('wrong_answer', 'w.ts', 'typescript', 'z')] })).toEqual({ ok: false, missing: 'language', name: 'accepted/a.cpp' });
    expect(storedReferenceOf({ solutions: [sol('wrong_answer', 'w.ts', 'typescript', 'z')] })).toEqual({ ok: false, missing: 'none' });
  });

  it('takes an accepted C++ (then Python) solution judged AC at import when there is no TypeScript or JavaScript one', () => {
    const cpp = sol('accepted', 'a.cpp', 'cpp', 'c', 'AC');
    const py = sol('accepted', 'b.py', 'python', 'p', 'AC');
    expect(storedReferenceOf({ solutions: [py, cpp] })).toEqual({ ok: true, name: 'accepted/a.cpp', source: 'c', language: 'cpp17' });
    expect(storedReferenceOf({ solutions: [py, sol('accepted', 'c.js', 'javascript', 'j')] })).toMatchObject({ ok: true, name: 'accepted/c.js' });
    expect(storedReferenceOf({ solutions: [py] })).toMatchObject({ ok: true, language: 'python3' });
    // Not judged AC here (several files, or its compiler missing at import): named, not run.
    expect(storedReferenceOf({ solutions: [sol('accepted', 'd.cpp', 'cpp', 'c', null)] })).toEqual({ ok: false, missing: 'language', name: 'accepted/d.cpp' });
  });

  it('checks T cases against a case layout, and keeps a shape without one', () => {
    const layout = storedInputCheck({ inputLinesPerCase: 1, answerLinesPerCase: 1 });
    expect(layout('2\n5\n7\n')).toEqual({ ok: true });
    expect(layout('3\n5\n7\n').ok).toBe(false);
    expect(layout('0\n').ok).toBe(false);
    expect(storedInputCheck(null)('')).toEqual({ ok: false, line: 1, message: 'the input is empty' });
    expect(sameShape('30 5\n', '3 0\n')).toBe(true);
    expect(sameShape('30 5\n', '30\n')).toBe(false);
    expect(sameShape('30 5\n', '-1 5\n')).toBe(false);
    expect(sameShape('-3 ab\n', '-4 a\n')).toBe(true);
  });
});
