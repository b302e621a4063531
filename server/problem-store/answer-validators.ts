import type { ParsedPackage } from '../package-format/parse';
import type { ImportBudget } from './import-budget';
import { builtValidators, INPUT_VALIDATOR_LIMITS, INVALID_EXIT, VALID_EXIT, type InputValidation } from './input-validators';
import { BOX_WORK_DIR, firstLines, PACKAGE_PROGRAM_LIMITS, runWithFiles } from './package-programs';

/**
 * BAPCtools' answer validators (`answer_validators/`, beside the format's input validators): each
 * checks every test's `.ans` as `validator input [answer_validator_args] < answer`, exit 42 when
 * the answer is valid, 43 when not. Run at import after the input validators, C++ and Python in
 * the contained runner with the input validators' limits; checktestdata and VIVA files are kept
 * with a note, as input validators are. An answer refused, or a validator that loops, crashes or
 * does not build, refuses the import as an input validator's would.
 */
export async function runAnswerValidators(pkg: ParsedPackage, deps: { budget?: ImportBudget } = {}): Promise<InputValidation> {
  const reasons: string[] = [];
  const notes: string[] = [];
  const tests = [...pkg.samples.map((t) => ({ ...t, name: `sample/${t.name}` })), ...pkg.secret.map((t) => ({ ...t, name: `secret/${t.name}` }))];
  let ran = 0;
  for await (const { p, program } of builtValidators(pkg.answerPrograms ?? [], 'answer', 0, notes, reasons)) {
    ran++;
    for (const t of tests) {
      if (deps.budget?.spent()) {
        reasons.push(`The validators spent the import's budget; data/${t.name}.ans and the answers after it were not validated.`);
        return { reasons, notes };
      }
      const args = pkg.answerValidatorArgs?.[t.name] ?? [];
      const r = (await runWithFiles(program, { input: t.input }, [`${BOX_WORK_DIR}/input`, ...args], t.answer, { ...PACKAGE_PROGRAM_LIMITS, cpuMs: INPUT_VALIDATOR_LIMITS.timeMs })).result;
      if (r.exitCode === VALID_EXIT) continue;
      const said = firstLines(r.stderr) || firstLines(r.stdout);
      if (r.exitCode === INVALID_EXIT) {
        reasons.push(`data/${t.name}.ans is invalid by the answer validator ${p.path}${said ? `: ${said}` : '.'}`);
        continue;
      }
      const how = r.status === 'tle' ? `ran longer than ${INPUT_VALIDATOR_LIMITS.timeMs} ms` : r.exitCode !== null ? `exited with code ${r.exitCode}` : `failed (${r.status})`;
      reasons.push(`The answer validator ${p.path} ${how} on data/${t.name}.ans, not ${VALID_EXIT} (valid) or ${INVALID_EXIT} (invalid); it was not run on further answers.`);
      break;
    }
  }
  if (ran && !reasons.length) notes.push(`${ran} answer validator(s) accepted all ${tests.length} test answers.`);
  return { reasons, notes };
}
