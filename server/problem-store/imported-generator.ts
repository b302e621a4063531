/**
 * An imported package's `sg-judge/generator.ts` (what the export of a teacher's draft writes, in
 * the draft's form: TypeScript exporting `generate(rng, size)`) turns stress tests on again, once
 * it is seen to work here: at every size, with a fixed seed, it must give a non-empty input that
 * the package's runnable input validators accept. Otherwise it stays a kept file, with a note
 * saying why stress tests are off; it never refuses the import (the package's tests do not need it).
 */
import type { Compiler } from '../compile/types';
import type { ParsedPackage } from '../package-format/parse';
import { SIZES } from '../problems/types';
import type { Sandbox } from '../sandbox/types';
import { runInputValidators } from './input-validators';
import { sandboxedGenerator } from './sandboxed-generator';

export const GENERATOR_FILE = 'generator.ts';
const SEED = 1;

export interface ImportedGenerator {
  /** The source stored as the problem's generator (stress tests on), or null. */
  generator: string | null;
  note: string | null;
}

export async function importedGenerator(pkg: ParsedPackage, deps: { compiler: Compiler; sandbox: Sandbox }): Promise<ImportedGenerator> {
  const file = (pkg.sgJudgeFiles ?? []).find((f) => f.path === GENERATOR_FILE);
  if (!file) return { generator: null, note: null };
  const off = (why: string): ImportedGenerator => ({ generator: null, note: `sg-judge/${GENERATOR_FILE} ${why}: kept, stress tests are off.` });
  if (!/\bexport\s+(async\s+)?function\s+generate\s*\(|\bexport\s+const\s+generate\s*=/.test(file.text)) return off('does not export generate(rng, size)');
  const generator = sandboxedGenerator(file.text, deps.compiler);
  const inputs: { name: string; input: string }[] = [];
  try {
    for (const size of SIZES) {
      const got = await generator.generate(SEED, size);
      if (!got.ok) return off(`failed at size ${size}: ${got.error}`);
      if (got.input.trim() === '') return off(`gave an empty input at size ${size}`);
      inputs.push({ name: `generated-${size}`, input: got.input });
    }
  } finally {
    await generator.close();
  }
  // The generated inputs go through the package's own input validators, as its tests did.
  const checked = await runInputValidators({ ...pkg, samples: inputs.map((t) => ({ ...t, answer: '' })), secret: [] }, deps);
  if (checked.reasons.length) return off(`gave an input its input validators refuse (${checked.reasons[0]!.replace(/data\/sample\/generated-(\w+)\.in/, 'the input of size $1')})`);
  return { generator: file.text, note: `sg-judge/${GENERATOR_FILE} gave valid inputs at every size: stress tests are on.` };
}
