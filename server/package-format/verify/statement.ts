/**
 * The statement part: the version's statement folder holds one (problem.<language>.md, .tex or
 * .pdf; LaTeX only in legacy), and what the judge will show renders within its bounds
 * (server/render/statement-renderer.ts: a statement that does not is refused before anything of
 * the package runs, since it would break the problem's page).
 */
import { STATEMENT_DIR } from '../layout';
import type { Said } from '../../text/messages';
import { english } from '../../text/messages';
import { findingsOf, type Finding } from './findings';
import type { PackageView } from './package-view';

export function statementFindings({ listing, version, strict }: PackageView): Finding[] {
  const { found, error } = findingsOf('statement', strict);
  const statementDir = STATEMENT_DIR[version];
  const statements = listing.files.filter((f) => new RegExp(`^${statementDir}/problem(\\.[a-z]{2,3})?\\.(md|tex|pdf)$`).test(f));
  if (strict && !statements.length) error(`${statementDir}/ holds no problem.<language>.md, .tex or .pdf.`);
  if (strict && version === 'legacy' && statements.some((f) => f.endsWith('.md'))) error(`${statementDir}/: the legacy format's statements are LaTeX (.tex), not Markdown.`);
  return found;
}

/** The statements the renderer refused (`statementRenderer().refusals`), as errors in English. */
export function renderFindings(refusals: readonly Said[]): Finding[] {
  return refusals.map((r) => ({ part: 'statement', severity: 'error', text: english(r) }));
}
