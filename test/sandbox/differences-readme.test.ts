import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { differencesBlock, README_BEGIN, README_END } from '../../server/sandbox/differences';

/**
 * The README's "Differences from plain Node" table is the allow-list of the differential test
 * (server/sandbox/differences.ts), so a user reads exactly what the tests hold true.
 */
describe('README: differences from plain Node', () => {
  it('shows the allow-list as it is', () => {
    const readme = readFileSync('docs/sandbox.md', 'utf8');
    const begin = readme.indexOf(README_BEGIN);
    const end = readme.indexOf(README_END);
    const advice = 'run `npm run differences` and paste its output into the README\'s "Differences from plain Node" section, replacing the old table';
    expect(begin >= 0 && end > begin, `docs/sandbox.md has no generated differences table: ${advice}`).toBe(true);
    const section = readme.slice(begin, end + README_END.length);
    expect(section, `docs/sandbox.md's differences table is out of date: ${advice}`).toBe(differencesBlock());
  });
});
