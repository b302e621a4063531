/**
 * The validators part: the input validators a package brings (the format's input_validators/,
 * run over every test input at import: server/problem-store/input-validators.ts), and the output
 * validator or interactor a custom validation asks for (which one the judge will run, or why it
 * cannot: `checkerOf` in server/problem-store/package-data.ts).
 */
import { OUTPUT_VALIDATOR_DIR } from '../layout';
import { findingsOf, type Finding } from './findings';
import { typesOf, type PackageView } from './package-view';

/** Where the format's validators are, in a package folder. */
export function validatorFolderFindings({ listing, yaml: y, version, strict }: PackageView): Finding[] {
  const { found, error } = findingsOf('validators', strict);
  const { files } = listing;
  if (strict && !files.some((f) => f.startsWith('input_validators/'))) error('input_validators/ holds no validator.');
  const types = typesOf(y);
  const validation = typeof y.validation === 'string' ? y.validation : '';
  const custom = validation.startsWith('custom') || types.includes('interactive') || types.includes('multi-pass');
  const ovDir = OUTPUT_VALIDATOR_DIR[version];
  const anyValidator = files.some((f) => f.startsWith('output_validators/') || f.startsWith('output_validator/'));
  if (custom && !anyValidator) error(`The problem asks for custom validation, but ${ovDir}/ holds no validator.`);
  if (strict && anyValidator && !files.some((f) => f.startsWith(`${ovDir}/`))) error(`The ${version} format's output validator folder is ${ovDir}/.`);
  return found;
}

/** What running the input validators found: an input they refuse (or a validator that fails) is an error. */
export function inputValidationFindings(v: { reasons: readonly string[]; notes: readonly string[] }): Finding[] {
  return [...v.reasons.map((text) => ({ part: 'validators' as const, severity: 'error' as const, text })), ...v.notes.map((text) => ({ part: 'validators' as const, severity: 'note' as const, text }))];
}

/** The faults of the output validator or interactor a read package asks for (`checkerOf(pkg).faults`). */
export function outputValidatorFindings(faults: readonly string[]): Finding[] {
  return faults.map((text) => ({ part: 'validators', severity: 'error', text }));
}
