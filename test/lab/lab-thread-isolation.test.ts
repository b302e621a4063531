import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';
import { refuseOptions } from '../../server/lab/options-bound';
import { builtinGame, builtinOptions, OPTIONS_COMPONENTS } from '../../server/lab/lab';

/**
 * Issue 39 item 9: one person's oversized lab request fails alone. A real lab thread with a small
 * heap is killed by a table far over it while other people's requests wait behind it; theirs are
 * answered (sent again to the fresh thread), the big one fails with the heap sentence.
 */
describe('the shared lab thread', () => {
  it('fails only the request that kills it at its heap limit', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/fixtures/threads/lab-isolation-driver.ts'], { cwd: ROOT, encoding: 'utf8', timeout: 200_000 });
    const r = JSON.parse(out.trim().split('\n').at(-1)!);
    // The big table is lost (a quick table the thread cannot answer is null: the page offers it as a job).
    expect(r.big).toEqual({ ok: true, value: null });
    expect(r.nim).toMatchObject({ ok: true });
    expect(r.nim.value).toHaveLength(5);
    expect(r.bash.value).toHaveLength(2);
    expect(r.table.value).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 210_000);
});

describe('options refused by counting', () => {
  it('counts an octal game\'s option components exactly, without listing them', async () => {
    for (const [code, n] of [['0.07', 30], ['0.4444', 41], ['0.137', 12], ['0.7777777', 25]] as const) {
      const spec = { kind: 'octal' as const, code };
      const { game } = await builtinGame(spec);
      const listed = (await builtinOptions(spec, [n])).reduce((t, o) => t + Math.max(1, o.length), 0);
      const refusal = refuseOptions(spec, game, [n], listed - 1);
      expect(refusal).toEqual({ reason: 'components', components: listed });
      expect(refuseOptions(spec, game, [n], listed)).toBeNull();
    }
  });

  it('refuses a 32-digit octal code at 100,000 and ED at (10^6, 10^6) before any option exists', async () => {
    const octal = { kind: 'octal' as const, code: `0.${'4'.repeat(32)}` };
    expect(refuseOptions(octal, (await builtinGame(octal)).game, [100_000], OPTIONS_COMPONENTS)?.reason).toBe('components');
    const ed = { kind: 'problem' as const, slug: 'ed' };
    expect(refuseOptions(ed, (await builtinGame(ed)).game, [1_000_000, 1_000_000], OPTIONS_COMPONENTS)).toEqual({ reason: 'box', states: 1e12 });
    expect(refuseOptions(ed, (await builtinGame(ed)).game, [300, 300], OPTIONS_COMPONENTS)).toBeNull();
  });
});
