/**
 * A problem draft as it is stored and checked: the package the export writes and the import reads
 * (a ParsedPackage), the SG Judge files the format has no place for (generator, brute force, the
 * lab's formulas), and the case layout. Drafts from the lab and drafts typed on /problems/new are
 * the same shape, so one check job and one publish path serve both.
 */
import type { ParsedPackage } from '../package-format/parse';
import type { CaseLayout } from '../problems/case-layout';
import type { SgFormula } from './sg-formula';

export interface DraftFile {
  /** Under sg-judge/, forward slashes: "generator.ts", "brute.ts", "lab.json". */
  path: string;
  text: string;
}

/** What a lab draft knows about its game, kept in sg-judge/lab.json. */
export interface LabFacts {
  /** The POST /api/lab body it came from. */
  request: unknown;
  game: string;
  min: number;
  /** Largest state in the input. */
  maxN: number;
  /** Largest state the brute force is run on (the tests holding only states up to it). */
  bruteMax: number;
  proven: boolean;
  analysis: { preperiod: number; period: number; saltus: number; exceptions: number[] } | null;
  fast: SgFormula;
  /** Each predicted wrong solution's formula, by its file name under submissions/wrong_answer/. */
  wrong: { name: string; why: string; formula: SgFormula }[];
  /** Predicted mistakes left out, each with the reason (it gives the right answer on every state). */
  notPredicted: string[];
}

export interface DraftPackage {
  pkg: ParsedPackage;
  /** sg-judge/ files. */
  extra: DraftFile[];
  caseLayout: CaseLayout | null;
  /** TypeScript exporting generate(rng, size), or null. */
  generator: string | null;
  lab: LabFacts | null;
}

/** The largest number of cases one test holds (T ≤ this in every lab draft's statement). */
export const MAX_CASES = 1000;
