import type { ParsedPackage } from '../package-format/parse';
import { parseValidatorFlags } from './checker-options';
import { latexToMarkdown } from './latex';
import type { StoredChecker } from './types';
import { INTERACTOR_FORM } from '../package-format/interactor-files';
import { clampLimits, MAX_MEMORY_MB, MAX_TIME_MS, MIN_MEMORY_MB } from '../rules/limits';

/** The format's two ways of saying so: `type: interactive` (2023-07) or `validation: custom interactive` (legacy). */
export function isInteractive(pkg: Pick<ParsedPackage, 'type' | 'validation'>): boolean {
  return pkg.type === 'interactive' || pkg.validation.includes('interactive');
}

/** Limits a stored problem may ask for: the judge's machine, not the package, sets the ceiling (server/rules/limits.ts). */
export { MAX_TIME_MS, MAX_MEMORY_MB } from '../rules/limits';

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

/** The package's limits within the judge's bounds, with a note for each one not taken as stated. */
export function limitsOf(pkg: Pick<ParsedPackage, 'limits'>): { limits: { timeMs: number; memoryMb: number }; notes: string[] } {
  const { limits, changed } = clampLimits(pkg.limits);
  const stated = (n: number) => (Number.isFinite(n) && Math.abs(n) < 1e15 ? String(n) : String(n).slice(0, 24));
  const notes: string[] = [];
  if (changed.includes('time')) notes.push(`The time limit ${stated(pkg.limits.timeMs)} ms is not one this judge gives (1 to ${MAX_TIME_MS} ms); ${limits.timeMs} ms is taken.`);
  if (changed.includes('memory')) notes.push(`The memory limit ${stated(pkg.limits.memoryMb)} MiB is not one this judge gives (${MIN_MEMORY_MB} to ${MAX_MEMORY_MB} MiB); ${limits.memoryMb} MiB is taken.`);
  return { limits, notes };
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
