import type { ParsedPackage } from '../package-format/parse';
import { limitsOf } from './package-data';

/**
 * The package as the judge will run it: its limits clamped to the judge's bounds
 * (server/rules/limits.ts), with a note for each one not taken as stated. Done once, as the
 * package is read and before any of its programs runs, so the input validators, the solution
 * table, the interactor's budget and every timer derived from them see the same bounded limits
 * the stored problem gets (a stated `time_limit: 99999999999999999999` once ran the solution table
 * with a safety timer Node could not hold).
 */
export function withJudgeLimits(pkg: ParsedPackage): ParsedPackage {
  const { limits, notes } = limitsOf(pkg);
  if (!notes.length) return pkg;
  return { ...pkg, limits, notes: [...pkg.notes, ...notes] };
}
