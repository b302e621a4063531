/**
 * The data part: the tests under data/ (names the format allows, every .in with its .ans, nothing
 * else beside them but the format's own files), at least one test case, and a stored problem's
 * generator (stress tests run it later; here it must compile and export generate).
 */
import type { Compiler } from '../../compile/types';
import type { ParsedPackage } from '../parse';
import { findingsOf, type Finding } from './findings';
import type { PackageView } from './package-view';

/** Test case and folder names the format allows. */
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;
/** What may lie beside the tests in data/. */
const BESIDE_TESTS = /\.(desc|hint|png|jpe?g|svg|gif|files|interaction|yaml|out|ans\.wrong-.*)$/i;

/** The tests under data/ of a package folder. */
export function dataFindings({ listing, strict }: PackageView): Finding[] {
  const { found, error, note, soft } = findingsOf('data', strict);
  const { files } = listing;
  const all = new Set(files);
  let cases = 0;
  if (strict) for (const group of ['sample', 'secret']) if (!files.some((f) => f.startsWith(`data/${group}/`))) error(`data/${group}/ is missing.`);
  const strays: string[] = [];
  for (const f of files.filter((f) => f.startsWith('data/'))) {
    const parts = f.split('/');
    const bad = parts.slice(1).find((p) => !NAME.test(p));
    if (bad && !/^(testdata|test_group)\.yaml$/.test(bad)) soft(`${f}: the format allows only letters, digits, "_", "." and "-" in names, not starting with a dot.`);
    const stem = f.replace(/\.[^./]*$/, '');
    if (f.endsWith('.in')) {
      if (!/^data\/(sample|secret)\//.test(f)) {
        strays.push(f);
        continue;
      }
      cases++;
      if (!all.has(`${stem}.ans`)) error(`${f} has no ${stem.replace(/^.*\//, '')}.ans.`);
    } else if (f.endsWith('.ans')) {
      if (!all.has(`${stem}.in`) && !all.has(`${stem}.interaction`)) soft(`${f} has no ${stem.replace(/^.*\//, '')}.in${strict ? '' : ': ignored'}.`);
    } else if (!BESIDE_TESTS.test(f) && !/(^|\/)(testdata|test_group)\.yaml$/.test(f)) {
      soft(`${f} is not a file the format puts in test data${strict ? '' : ': ignored'}.`);
    }
  }
  if (strays.length) note(`${strays.length} test(s) lie outside data/sample/ and data/secret/ (${strays.slice(0, 2).join(', ')}): not judged.`);
  if (!cases) error('The package holds no test case: there is no .in file under data/sample/ or data/secret/, so there is nothing to judge a submission on.');
  return found;
}

/** A read package with no test at all. */
export function testCountFindings(pkg: Pick<ParsedPackage, 'samples' | 'secret'>): Finding[] {
  const { found, error } = findingsOf('data');
  if (!pkg.samples.length && !pkg.secret.length) error('The package holds no test case, so there is nothing to judge a submission on.');
  return found;
}

/** A draft's generator: stress tests run it later; here it must at least compile and export generate. */
export async function generatorFindings(generator: string | null, compiler: Compiler): Promise<Finding[]> {
  const { found, error } = findingsOf('data');
  if (generator !== null) {
    const g = await compiler.compile(generator);
    if (!g.ok) error(`The generator does not compile:\n${g.diagnostics.slice(0, 2000)}`);
    else if (!/\bexport\s+(async\s+)?function\s+generate\b|\bexport\s+const\s+generate\b/.test(generator)) error('The generator must export a function generate(rng, size).');
  }
  return found;
}
