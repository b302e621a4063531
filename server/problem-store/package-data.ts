import type { ParsedPackage } from '../package-format/parse';
import { parseValidatorFlags } from './checker-options';
import { latexToMarkdown } from './latex';
import type { StoredChecker } from './types';
import { INTERACTOR_FORM } from '../package-format/interactor-files';
import { clampLimits, MAX_MEMORY_MB, MAX_TIME_MS, MIN_MEMORY_MB } from '../rules/limits';
import { programUnavailable } from './package-programs';
import { isNativePackageLanguage } from './native-languages';
import { errorsOf, outputValidatorFindings, problemTypeFindings, testCountFindings } from '../package-format/verify';

/** The format's two ways of saying so: `type: interactive` (2023-07) or `validation: custom interactive` (legacy). */
export function isInteractive(pkg: Pick<ParsedPackage, 'type' | 'validation'>): boolean {
  return pkg.type === 'interactive' || pkg.validation.includes('interactive');
}

/** A non-interactive multi-pass problem's passes per test (limits.validation_passes, default 2, clamped), or undefined. */
export function multiPassOf(pkg: Pick<ParsedPackage, 'type' | 'validation' | 'validationPasses'>): number | undefined {
  const types = pkg.type.split(/\s+/);
  if (!types.includes('multi-pass') || isInteractive(pkg)) return undefined;
  // Clamped as the package was read (parse.ts): 2 to MAX_VALIDATION_PASSES.
  return pkg.validationPasses ?? 2;
}

/** Limits a stored problem may ask for: the judge's machine, not the package, sets the ceiling (server/rules/limits.ts). */
export { MAX_TIME_MS, MAX_MEMORY_MB } from '../rules/limits';

/** The checker a package asks for, or the faults that keep it from being judged. */
export function checkerOf(pkg: ParsedPackage): { checker: StoredChecker; faults: string[] } {
  if (isInteractive(pkg)) {
    const read = pkg.interactor;
    if (read?.ok) return { checker: { kind: 'interactor', entry: read.interactor.entry, files: read.interactor.files }, faults: [] };
    // The format's own interactor program, in a language the judge runs natively.
    const p = pkg.outputProgram;
    if (p && isNativePackageLanguage(p.language)) {
      const why = programUnavailable(p);
      if (why) return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: [`The package is interactive, but its interactor ${p.path} cannot be run: ${why}.`] };
      return { checker: { kind: 'interactor-program', path: p.path, language: p.language, files: p.files, entry: p.entry, testlib: p.testlib, args: validatorArgs(pkg) }, faults: [] };
    }
    return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: [read ? read.reason : `The package is interactive, but its interactor was not read; ${INTERACTOR_FORM}.`] };
  }
  const custom = pkg.validation.startsWith('custom');
  if (custom) {
    const v = pkg.outputValidator;
    const p = pkg.outputProgram;
    if (!v && p && isNativePackageLanguage(p.language) && !programUnavailable(p)) {
      const args = validatorArgs(pkg);
      const passes = multiPassOf(pkg);
      const faults = passes && p.testlib ? [`A multi-pass problem needs an output validator that writes nextpass.in in the format's calling convention; ${p.path} is a testlib checker.`] : [];
      return { checker: { kind: 'program', path: p.path, language: p.language, files: p.files, entry: p.entry, testlib: p.testlib, args, ...(passes && { passes }) }, faults };
    }
    if (multiPassOf(pkg) && v) return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: [`A multi-pass problem needs its output validator as the format's program (C++, C or Python, writing feedback_dir/nextpass.in); ${v.name} is SG Judge's check() form, which judges one output.`] };
    if (!v) {
      const said = p ? `its output validator ${p.path} cannot be run: ${programUnavailable(p) ?? 'it is not a program the judge knows'}` : 'there is no output validator the judge can run';
      return { checker: { kind: 'tokens', options: parseValidatorFlags('').options }, faults: [`The package asks for custom validation, but ${said}.`] };
    }
    return { checker: { kind: 'validator', name: v.name, language: v.language, source: v.source }, faults: [] };
  }
  const { options, faults } = parseValidatorFlags(pkg.validatorFlags ?? '');
  return { checker: { kind: 'tokens', options }, faults };
}

/** The output validator's (or interactor's) arguments: legacy validator_flags, testdata.yaml's output_validator_args/flags. */
function validatorArgs(pkg: ParsedPackage): string[] {
  return (pkg.validatorFlags ?? '').split(/\s+/).filter(Boolean);
}

/**
 * Why the judge cannot hold this package at all (before any solution is run): its type (the
 * verifier's config part), no test (data), an output validator or interactor it cannot run
 * (validators; server/package-format/verify/).
 */
export function packageFaults(pkg: ParsedPackage): string[] {
  return errorsOf([...problemTypeFindings(pkg), ...testCountFindings(pkg), ...outputValidatorFindings(checkerOf(pkg).faults)]);
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
  const pdf = Object.keys(pkg.statementPdfs ?? {})[0];
  let en = md('en') ?? (langs[0] ? md(langs[0]) : undefined) ?? (pdf ? PDF_STATEMENT_EN : NO_STATEMENT);
  let zh = md('zh') ?? (en === PDF_STATEMENT_EN ? PDF_STATEMENT_ZH : en);
  if (pkg.type.split(/\s+/).includes('scoring')) {
    en = `${SCORING_EN}\n\n${en}`;
    zh = `${SCORING_ZH}\n\n${zh}`;
    notes.push('The package is a scoring problem (points by test group); it is imported as pass/fail, and its problem page says so.');
  }
  return { en, zh, notes };
}

/** The first paragraph of a scoring package's statement here (export takes it off again). */
export const SCORING_EN = '> **Judged pass/fail here.** This problem gives points by test group in its package; on this judge a submission is accepted only when it passes every test, and there are no partial points.';
export const SCORING_ZH = '> **本评测按通过/不通过评判。** 此题在原题包中按测试组给分；在这里只有通过全部测试才算通过，没有部分分。';
/** A statement given only as a PDF: the page says so, and lists the PDF under "Files" (the export writes the PDF, not this). */
export const PDF_STATEMENT_EN = '*The statement of this problem is a PDF: download it under "Statement (PDF)" in the files below.*\n';
export const PDF_STATEMENT_ZH = '*本题的题面是 PDF 文件：请在下方“文件”中下载“题面（PDF）”。*\n';
const NO_STATEMENT = '*This problem\'s package has no statement.*\n';
