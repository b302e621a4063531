import type { ParsedPackage } from '../package-format/parse';
import { parseValidatorFlags } from './checker-options';
import { latexToMarkdown } from './latex';
import type { StoredChecker } from './types';
import { INTERACTOR_FORM } from '../package-format/interactor-files';

/** The format's two ways of saying so: `type: interactive` (2023-07) or `validation: custom interactive` (legacy). */
export function isInteractive(pkg: Pick<ParsedPackage, 'type' | 'validation'>): boolean {
  return pkg.type === 'interactive' || pkg.validation.includes('interactive');
}

/** Limits a stored problem may ask for: the judge's machine, not the package, sets the ceiling. */
export const MAX_TIME_MS = 10_000;
export const MAX_MEMORY_MB = 1024;

/** The checker a package asks for, or the faults that keep it from being judged. */
export function checkerOf(pkg: ParsedPackage): { checker: StoredChecker; faults: string[] } {
  if (isInteractive(pkg)) {
    const read = pkg.interactor;
    if (read?.ok) return { checker: { kind: 'interactor', entry: read.interactor.entry, files: read.interactor.files }, faults: [] };
    return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: [read ? read.reason : `The package is interactive, but its interactor was not read; ${INTERACTOR_FORM}.`] };
  }
  const custom = pkg.validation.startsWith('custom');
  if (custom) {
    const v = pkg.outputValidator;
    if (!v) return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: ['The package asks for custom validation, but output_validators/ holds no single TypeScript or JavaScript validator the judge can run.'] };
    return { checker: { kind: 'validator', name: v.name, language: v.language, source: v.source }, faults: [] };
  }
  const { options, faults } = parseValidatorFlags(pkg.validatorFlags ?? '');
  return { checker: { kind: 'tokens', options }, faults };
}

/** Why the judge cannot hold this package at all (before any solution is run). */
export function packageFaults(pkg: ParsedPackage): string[] {
  const faults: string[] = [];
  if (pkg.type === 'multi-pass' || pkg.type === 'submit-answer') faults.push(`A "${pkg.type}" problem cannot be judged here; only pass-fail problems are.`);
  if (pkg.validation.includes('score')) faults.push('Scoring validation is not judged here; only pass-fail problems are.');
  if (!pkg.samples.length && !pkg.secret.length) faults.push('The package holds no test.');
  faults.push(...checkerOf(pkg).faults);
  return faults;
}

export function limitsOf(pkg: ParsedPackage): { limits: { timeMs: number; memoryMb: number }; notes: string[] } {
  const notes: string[] = [];
  let { timeMs, memoryMb } = pkg.limits;
  if (timeMs > MAX_TIME_MS) {
    notes.push(`The time limit ${timeMs} ms is more than this judge gives; ${MAX_TIME_MS} ms is taken.`);
    timeMs = MAX_TIME_MS;
  }
  if (memoryMb > MAX_MEMORY_MB) {
    notes.push(`The memory limit ${memoryMb} MiB is more than this judge gives; ${MAX_MEMORY_MB} MiB is taken.`);
    memoryMb = MAX_MEMORY_MB;
  }
  return { limits: { timeMs: Math.max(1, Math.round(timeMs)), memoryMb: Math.max(16, Math.round(memoryMb)) }, notes };
}

/** The statements as Markdown in English and Chinese (a LaTeX one turned into Markdown, maths kept). */
export function statementsOf(pkg: ParsedPackage): { en: string; zh: string; notes: string[] } {
  const notes: string[] = [];
  const md = (lang: string): string | undefined => {
    const text = pkg.statements[lang];
    if (text === undefined) return undefined;
    if (pkg.statementFormats?.[lang] === 'tex') {
      notes.push(`The ${lang} statement is LaTeX: shown as its text, with the maths typeset by KaTeX.`);
      return latexToMarkdown(text);
    }
    return text;
  };
  const langs = Object.keys(pkg.statements);
  const en = md('en') ?? (langs[0] ? md(langs[0]) : undefined) ?? '*The statement of this problem is a PDF kept in its package; it cannot be shown as text.*\n';
  const zh = md('zh') ?? en;
  return { en, zh, notes };
}
