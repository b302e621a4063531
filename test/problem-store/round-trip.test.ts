import { importBench } from '../helpers/import-bench';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportPackage, writePackage } from '../../server/package-format/export';
import { parsePackage } from '../../server/package-format/parse';
import { interactorPackageFiles } from '../../server/package-format/interactor-files';
import { checkerOf } from '../../server/problem-store/package-data';
import { importPackage } from '../../server/problem-store';
import { roundTrip, verdictsOf } from './round-trip-helper';

/**
 * Export → import → judge, on a handful in the normal suite: a plain problem, the same with its
 * comparison done by a TypeScript output validator in the sandbox, and an interactive one's export
 * read back in SG Judge's interactor form. All 29 are judged in round-trip.slow.test.ts.
 */
const { work, compiler, sandboxP, db } = importBench('sg-round-trip-');

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

  it('subtraction-game (interactive) exports an interactor the import reads, with the module it imports beside it', async () => {
    // Judging its whole table through the sandboxed interactor takes ~10 s: round-trip.slow.test.ts does it.
    const dir = writePackage(await exportPackage('subtraction-game'), join(work, 'out-interactive'));
    const read = parsePackage(dir);
    if (!read.ok) throw new Error(read.reasons.join('\n'));
    const { checker, faults } = checkerOf(read.pkg);
    expect(faults).toEqual([]);
    expect(checker.kind === 'interactor' && { entry: checker.entry, files: checker.files.map((f) => f.name).sort() }).toEqual({ entry: 'interactor/interactor.ts', files: ['interactor/game.ts', 'interactor/interactor.ts'] });
    // Written back as it came (the export of a stored problem), its modules byte for byte.
    if (checker.kind !== 'interactor') throw new Error('not an interactor');
    const back = interactorPackageFiles(checker).filter((f) => f.path.endsWith('.ts'));
    expect(back.map((f) => [f.path, f.data])).toEqual(checker.files.map((f) => [`output_validator/${f.name}`, readFileSync(join(dir, 'output_validator', f.name), 'utf8')]));
  });
});
