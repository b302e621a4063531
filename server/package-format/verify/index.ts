/**
 * One verifier for a problem, in the parts problemtools' verifyproblem checks (its
 * `ProblemAspect`s): config, statement, validators, data, submissions. Each part is a set of
 * functions returning findings (`{ part, severity, text }`, findings.ts); the import
 * (server/problem-store/import.ts), a draft's checks and publish (server/problem-drafts/checks.ts,
 * server/http/problem-draft-routes.ts), the export's structural check and `npm run problem --
 * check` (server/package-format/check.ts) and `npm run check-problems` take their sentences from
 * here. Where each check is:
 *
 * | part        | a package folder, by its format (`folderFindings`) | a read package, and what runs                                                   |
 * | ----------- | -------------------------------------------------- | ------------------------------------------------------------------------------- |
 * | config      | `configFindings`: problem.yaml's keys and values    | `problemTypeFindings`: a type this judge cannot judge; limits clamped and noted by problem-store/package-limits.ts and package-data.ts `limitsOf` |
 * | statement   | `statementFindings`: the version's statement folder | `renderFindings`: a statement that does not render within bounds             |
 * | validators  | `validatorFolderFindings`: input and output validator folders | `outputValidatorFindings` (package-data.ts `checkerOf`), `inputValidationFindings` (the input validators run on every test) |
 * | data        | `dataFindings`: names, .in/.ans pairs, at least one case | `testCountFindings`; a draft's `generatorFindings`                        |
 * | submissions | `submissionFolderFindings`: folders, an accepted solution | `importTableFindings`, `draftTableFindings`, `builtInRowFindings`: the solution tables |
 *
 * What is kept of a package (server/problem-store/kept-bounds.ts) and whether its short name is
 * free (server/problem-store/store.ts `slugFaults`) are the store's, not the problem's.
 */
import { configFindings } from './config';
import { dataFindings } from './data';
import type { Finding } from './findings';
import type { PackageView } from './package-view';
import { statementFindings } from './statement';
import { submissionFolderFindings } from './submissions';
import { validatorFolderFindings } from './validators';

export { PARTS, errorsOf, notesOf, type Finding, type Part, type Severity } from './findings';
export type { PackageView } from './package-view';
export { configFindings, problemTypeFindings } from './config';
export { statementFindings, renderFindings } from './statement';
export { validatorFolderFindings, inputValidationFindings, outputValidatorFindings } from './validators';
export { dataFindings, testCountFindings, generatorFindings } from './data';
export { submissionFolderFindings, importTableFindings, draftTableFindings, builtInRowFindings, rowFaults, MIN_FAILING_TESTS, MIN_SLOW_MARGIN, type DraftRow, type ImportRow } from './submissions';

/** A package folder by its format's structure, every part in order (strict for an export, tolerant for an import). */
export function folderFindings(view: PackageView): Finding[] {
  return [...configFindings(view), ...statementFindings(view), ...dataFindings(view), ...submissionFolderFindings(view), ...validatorFolderFindings(view)];
}
