import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPackage } from '../../server/package-format/check';
import { exportPackage, packageZip, writePackage } from '../../server/package-format/export';
import { parseYaml, toYaml } from '../../server/package-format/yaml';
import { typesetSafeName } from '../../server/package-format/plain-names';
import { listSlugs, loadProblem, loadReference } from '../../server/problems/registry';
import { buildTestSet } from '../../server/problems/testset';
import { openDatabase } from '../../server/storage/db';
import { addUserTest, saveImportedProblem } from '../../server/storage/problems';

const work = mkdtempSync(join(tmpdir(), 'sg-package-export-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const files = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('export in the problem package format', () => {
  it('writes every built-in problem as a package that passes the format checks, with every test and solution', { timeout: 600_000 }, async () => {
    const out = join(work, 'all');
    for (const slug of listSlugs()) {
      const problem = await loadProblem(slug);
      const exported = await exportPackage(slug);
      expect(exported.testsFrom).toBe('built');
      const dir = writePackage(exported, out);
      expect(checkPackage(dir), slug).toEqual([]);

      const yaml = parseYaml(readFileSync(join(dir, 'problem.yaml'), 'utf8'));
      // LaTeX's special characters full-width (problemtools typesets the name), the exact names in sg-judge/names.json.
      expect(yaml.name).toEqual({ en: typesetSafeName(problem.pkg.title.en), zh: typesetSafeName(problem.pkg.title.zh) });
      expect(yaml.limits).toEqual({ time_limit: problem.pkg.limits.timeMs / 1000, memory: problem.pkg.limits.memoryMb });
      expect(yaml.type).toBe(problem.pkg.interactive ? 'interactive' : 'pass-fail');
      // 2023-07's own keys only: no legacy validation/validator_flags; the flags are in data/testdata.yaml.
      expect(yaml.validation).toBeUndefined();
      expect(yaml.validator_flags).toBeUndefined();
      expect(existsSync(join(dir, 'data/testdata.yaml'))).toBe(!problem.pkg.interactive);
      if (!problem.pkg.interactive) expect(parseYaml(readFileSync(join(dir, 'data/testdata.yaml'), 'utf8'))).toEqual({ output_validator_flags: 'case_sensitive' });
      expect(files(join(dir, 'statement'))).toEqual(['problem.en.md', 'problem.zh.md']);
      expect(existsSync(join(dir, 'problem_statement'))).toBe(false);

      const tests = buildTestSet(problem, await loadReference(slug, 'fast'));
      const samples = files(join(dir, 'data/sample'));
      const secret = files(join(dir, 'data/secret'));
      expect(samples.length / 2, slug).toBe(problem.samples.length);
      expect((samples.length + secret.length) / 2, slug).toBe(tests.length);
      // The last stored test, byte for byte, under the last secret name.
      const last = secret.filter((f) => f.endsWith('.in')).at(-1)!;
      expect(readFileSync(join(dir, 'data/secret', last), 'utf8')).toBe(tests.at(-1)!.input);
      expect(readFileSync(join(dir, 'data/secret', last.replace(/\.in$/, '.ans')), 'utf8')).toBe(tests.at(-1)!.expected);

      // Each TypeScript program also as the format's build/run folder around one JavaScript file without imports of the judge.
      const withJs = (names: string[]) => names.flatMap((n) => [n, n.replace(/\.ts$/, '')]).sort();
      const main = problem.pkg.interactive ? 'player' : 'fast';
      expect(files(join(dir, 'submissions/accepted'))).toEqual(withJs([`${main}.ts`]));
      expect(files(join(dir, 'submissions/wrong_answer'))).toEqual(withJs(problem.wrong.map((w) => w.name)));
      expect(files(join(dir, 'submissions/time_limit_exceeded'))).toEqual(withJs(problem.slow.map((s) => s.name)));
      expect(files(join(dir, `submissions/accepted/${main}`))).toEqual(['build', `${main}.js`, 'run']);
      for (const js of [`submissions/accepted/${main}/${main}.js`, 'input_validators/validate/validate.js']) {
        expect(readFileSync(join(dir, js), 'utf8'), js).not.toMatch(/(require\(|from )["'](\.|\/|server|problems)/);
      }
      expect(dir.endsWith(`/${slug.replace(/-/g, '')}`), 'the format\'s short name: no dashes').toBe(true);
      expect(existsSync(join(dir, 'output_validator/interactor/interactor.ts'))).toBe(!!problem.pkg.interactive);
      expect(files(join(dir, 'output_validator/interactor')).filter((f) => !f.endsWith('.ts'))).toEqual(problem.pkg.interactive ? ['README.md', 'build', 'interactor.bundle.js', 'run'] : []);
      // What the format has no place for is kept verbatim.
      for (const f of ['index.ts', 'hints.en.md', 'editorial.zh.md']) {
        expect(readFileSync(join(dir, 'sg-judge/problems', slug, f), 'utf8')).toBe(readFileSync(join(problem.dir, f), 'utf8'));
      }
      expect(existsSync(join(dir, 'sg-judge/problems', slug, 'game.ts'))).toBe(existsSync(join(problem.dir, 'game.ts')));
      expect(JSON.parse(readFileSync(join(dir, 'sg-judge/catalog.json'), 'utf8')).difficulty).toBeGreaterThanOrEqual(1);
    }
  });

  it('takes the tests from the judge database when it holds the problem, with shared saved tests but no private ones', async () => {
    const db = openDatabase(join(work, 'judge.db'), { migrate: true });
    try {
      const problem = await loadProblem('nim');
      const built = buildTestSet(problem, await loadReference('nim', 'fast'));
      const stored = built.map((t, i) => (i === built.length - 1 ? { ...t, input: '1\n1\n7\n', expected: 'Yes\n' } : t));
      saveImportedProblem(db, { slug: 'nim', titleEn: 'Nim', titleZh: 'Nim', source: 's', statementEn: '', statementZh: '', timeLimitMs: 1000, memoryLimitMb: 256, contentHash: 'x' }, stored);
      expect(addUserTest(db, 'nim', 'shared', '1\n1\n3\n', 'Yes\n').ok).toBe(true);
      db.pragma('foreign_keys = OFF'); // a private test's owner; no account row is needed to show it stays out
      expect(addUserTest(db, 'nim', 'private', '1\n1\n5\n', 'Yes\n', 99).ok).toBe(true);

      const exported = await exportPackage('nim', db);
      expect(exported.testsFrom).toBe('database');
      expect(exported.testCount).toBe(built.length + 1);
      const inputs = exported.files.filter((f) => f.path.startsWith('data/secret/') && f.path.endsWith('.in')).map((f) => f.data.toString());
      expect(inputs).toContain('1\n1\n7\n');
      expect(inputs.at(-1)).toBe('1\n1\n3\n');
      expect(inputs).not.toContain('1\n1\n5\n');
    } finally {
      db.close();
    }
  });

  it('zips the package as one folder named by the format\'s short name (the slug without dashes), readable back byte for byte', async () => {
    const exported = await exportPackage('bash-game');
    const zip = packageZip(exported);
    const read = readZip(zip);
    expect([...read.keys()].sort()).toEqual(exported.files.map((f) => `bashgame/${f.path}`).sort());
    for (const f of exported.files) expect(read.get(`bashgame/${f.path}`)!.equals(f.data)).toBe(true);
    expect(packageZip(exported).equals(zip)).toBe(true); // the same package gives the same bytes
  });

  it('never overwrites an earlier export', async () => {
    const exported = await exportPackage('kiki');
    writePackage(exported, join(work, 'twice'));
    expect(() => writePackage(exported, join(work, 'twice'))).toThrow(/already exists/);
  });
});

describe('the format checks', () => {
  it('names each fault of a broken package', async () => {
    const dir = writePackage(await exportPackage('kiki'), join(work, 'broken'));
    expect(checkPackage(dir)).toEqual([]);
    unlinkSync(join(dir, 'data/secret', files(join(dir, 'data/secret')).find((f) => f.endsWith('.ans'))!));
    writeFileSync(join(dir, 'data/secret/notes.txt'), 'x');
    symlinkSync('/etc/passwd', join(dir, 'data/sample/link.in'));
    rmSync(join(dir, 'submissions/accepted'), { recursive: true });
    rmSync(join(dir, 'statement/problem.en.md'));
    rmSync(join(dir, 'statement/problem.zh.md'));
    const yaml = readFileSync(join(dir, 'problem.yaml'), 'utf8');
    writeFileSync(join(dir, 'problem.yaml'), yaml.replace('memory: 256', 'memory: -1').replace('license: "unknown"', 'license: "mine"') + 'colour: "blue"\n');
    const faults = checkPackage(dir).join('\n');
    expect(faults).toMatch(/data\/secret\/.*\.in has no .*\.ans/);
    expect(faults).toMatch(/notes\.txt is not a file the format puts in test data/);
    expect(faults).toMatch(/link\.in is a symbolic link/);
    expect(faults).toMatch(/submissions\/accepted\/ holds no solution/);
    expect(faults).toMatch(/statement\/ holds no problem/);
    expect(faults).toMatch(/limits\.memory must be a positive whole number/);
    expect(faults).toMatch(/license must be one of/);
    expect(faults).toMatch(/"colour" is not a key of the 2023-07 format/);
  });

  it('reads back the YAML it writes, and refuses what it cannot read', () => {
    const map = { a: 'x: "y"\n', b: { c: 1.5, d: { e: true } }, f: 'Round #812 ü 游戏' };
    expect(parseYaml(toYaml(map))).toEqual(map);
    // Real packages' YAML: lists, flow maps, quoted scalars (a YAML library reads them).
    expect(parseYaml("keywords: [nim, games]\ntype:\n  - scoring\n  - interactive\nvalidator_flags: 'float_tolerance 1E-6'\n")).toEqual({ keywords: ['nim', 'games'], type: ['scoring', 'interactive'], validator_flags: 'float_tolerance 1E-6' });
    expect(() => parseYaml('a: [1\nb: 2\n')).toThrow(/line \d/);
    expect(() => parseYaml('a: 1\na: 2\n')).toThrow(/given twice/);
    // A "billion laughs" file is refused by the alias cap, not expanded.
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`)].join('\n');
    expect(() => parseYaml(laughs)).toThrow();
  });
});

/** A zip reader for the test only: the central directory, then each entry stored or deflated. */
function readZip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at += 46 + nameLength + extra;
  }
  return out;
}
