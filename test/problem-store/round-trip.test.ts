import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { exportPackage } from '../../server/package-format/export';
import { importPackage } from '../../server/problem-store';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
import { roundTrip, verdictsOf } from './round-trip-helper';

/**
 * Export → import → judge, on a handful in the normal suite: a plain problem, the same with its
 * comparison done by a TypeScript output validator in the sandbox, and an interactive one (refused
 * with its sentence: an interactor would run as trusted code). All 29 are in round-trip.slow.test.ts.
 */
const work = mkdtempSync(join(tmpdir(), 'sg-round-trip-'));
const compiler = createCompiler();
const sandboxP = createSandbox();
const db = openDatabase(join(work, 'judge.db'), { migrate: true });
afterAll(async () => {
  db.close();
  await compiler.close();
  await (await sandboxP).close();
  rmSync(work, { recursive: true, force: true });
});

describe('round trip of built-in problems', { timeout: 120_000 }, () => {
  it('nim: every solution of its table gets the verdict it gets built in', async () => {
    const { built, imported } = await roundTrip(db, 'nim', work, { compiler, sandbox: await sandboxP });
    expect(imported).toEqual(built);
  });

  it('kiki judged by a TypeScript output validator (a special checker) gives the same verdicts', async () => {
    const exported = await exportPackage('kiki');
    const files = exported.files.map((f) =>
      f.path === 'problem.yaml' ? { ...f, data: Buffer.from(f.data.toString().replace('validation: "default"', 'validation: "custom"').replace(/validator_flags:.*\n/, '')) } : f,
    );
    files.push({
      path: 'output_validators/tokens/validate.ts',
      data: Buffer.from(
        'function check(input: string, answer: string, output: string): true | string {\n' +
          '  const a = answer.split(/\\s+/).filter(Boolean), b = output.split(/\\s+/).filter(Boolean);\n' +
          '  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return `token ${i + 1}: expected ${a[i]}, found ${b[i]}`;\n' +
          '  return true;\n}\n',
      ),
    });
    const { built } = await roundTrip(db, 'kiki', work, { compiler, sandbox: await sandboxP, dryRun: true });
    const { packageZip } = await import('../../server/package-format/export');
    const r = await importPackage(db, { zip: packageZip({ ...exported, files }) }, { dataDir: work, as: 'rt-kiki-validator', owner: null, compiler, sandbox: await sandboxP });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(verdictsOf(r.solutions)).toEqual(built);
  });

  it('subtraction-game (interactive) is refused with its sentence, nothing stored', async () => {
    const { refused } = await roundTrip(db, 'subtraction-game', work, { compiler, sandbox: await sandboxP });
    expect(refused?.join(' ')).toMatch(/Interactive packages are not imported: their interactor would have to run as trusted code/);
  });
});
