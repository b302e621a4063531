import { mkdirSync, readFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPackage, writePackage } from '../../server/package-format/export';
import { parsePackage } from '../../server/package-format/parse';
import { loadProblem } from '../../server/problems/registry';

const work = mkdtempSync(join(tmpdir(), 'sg-package-parse-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function exported(slug: string, under: string): Promise<string> {
  return writePackage(await exportPackage(slug), join(work, under));
}

describe('reading a problem package', () => {
  it('reads an exported package: names, limits in the judge units, statements, every test, submissions by verdict', async () => {
    const dir = await exported('nim', 'good');
    const problem = await loadProblem('nim');
    const parsed = parsePackage(dir);
    if (!parsed.ok) throw new Error(parsed.reasons.join('\n'));
    const p = parsed.pkg;
    expect(p.shortName).toBe('nim');
    expect(p.name).toEqual({ en: 'Nim', zh: 'Nim 游戏' });
    expect(p.limits).toEqual({ timeMs: 1000, memoryMb: 256 });
    expect(p.type).toBe('pass-fail');
    expect(p.statements.en).toBe(problem.statement.en);
    expect(p.samples).toEqual(problem.samples.map((s, i) => ({ name: String(i + 1), input: s.input, answer: s.output })));
    expect(p.secret.length).toBe(readdirSync(join(dir, 'data/secret')).length / 2);
    expect(p.submissions.accepted.map((s) => s.name)).toEqual(['fast.ts']);
    expect(p.submissions.wrong_answer.map((s) => s.name).sort()).toEqual(problem.wrong.map((w) => w.name).sort());
    expect(p.submissions.time_limit_exceeded.every((s) => s.language === 'typescript')).toBe(true);
    expect(p.caseLayout).toEqual({ inputLinesPerCase: 2, answerLinesPerCase: 1 });

    // A malformed layout only names cases: left out with a note, the package still read.
    writeFileSync(join(dir, 'sg-judge/case-layout.json'), '{"inputLinesPerCase": 0}');
    const odd = parsePackage(dir);
    if (!odd.ok) throw new Error(odd.reasons.join('\n'));
    expect(odd.pkg.caseLayout).toBeNull();
    expect(odd.pkg.notes.join(' ')).toMatch(/sg-judge\/case-layout\.json is not .*ignored, wrong answers name no case/);
  });

  it('refuses a hostile or broken package with every reason at once', async () => {
    const dir = await exported('kiki', 'bad');
    symlinkSync('/etc/passwd', join(dir, 'data/secret/zz-link.in'));
    writeFileSync(join(dir, 'data/secret/zz-link.ans'), '1\n');
    writeFileSync(join(dir, 'data/secret/big.in'), Buffer.alloc(300_000, 0x31));
    writeFileSync(join(dir, 'data/secret/big.ans'), '1\n');
    writeFileSync(join(dir, 'data/secret/lonely.in'), '1\n');
    const yaml = join(dir, 'problem.yaml');
    writeFileSync(yaml, readFileSync(yaml, "utf8").replace(`type: "pass-fail"`, `type: "sometimes"`));
    const parsed = parsePackage(dir, { maxFileBytes: 200_000 });
    expect(parsed.ok).toBe(false);
    const reasons = parsed.ok ? '' : parsed.reasons.join('\n');
    // A link leaving the package is never followed: left out (a note), never a file read.
    expect(reasons).not.toMatch(/passwd|root:/);
    expect(reasons).toMatch(/big\.in is 300000 bytes; a file may hold at most 200000/);
    expect(reasons).toMatch(/lonely\.in has no lonely\.ans/);
    expect(reasons).toMatch(/type must be one of/);
  });

  it('stops counting at the file limit instead of listing a huge package', async () => {
    const dir = await exported('kiki', 'many');
    mkdirSync(join(dir, 'data/secret/flood'));
    for (let i = 0; i < 300; i++) writeFileSync(join(dir, 'data/secret/flood', `${i}.in`), '1\n');
    const parsed = parsePackage(dir, { maxFiles: 200 });
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.reasons).toContain('The package holds more than 200 files; refusing to read further.');
  });

  it('refuses a folder that is not named as a short name, or is itself a link', async () => {
    const dir = await exported('kiki', 'named');
    const odd = join(work, 'named', 'Not A Slug');
    symlinkSync(dir, odd);
    const parsed = parsePackage(odd);
    expect(parsed.ok ? [] : parsed.reasons.join('\n')).toMatch(/is a symbolic link/);
    expect(parsed.ok ? [] : parsed.reasons.join('\n')).toMatch(/"Not A Slug" is not a short name/);
  });
});
