import { describe, expect, it } from 'vitest';
import { runLab } from '../../server/lab/lab';

/**
 * Slow (about 6 s of CPU, more on a busy machine): left out of `npm test`, run with
 * `npm run test:slow`. Gangolli & Plambeck, "A note on periodicity in some octal games", Int. J.
 * Game Theory 18 (1989) 311–320: 0.127 is periodic with period 4, its last exception at n = 46,577
 * (also OEIS A071464, whose n = 1, 2, … are the heaps 1, 2, … here). The Guy–Smith bound needs
 * 2·46,578 + 2·4 + 3 = 93,167 values.
 */
describe('octal 0.127 (slow)', () => {
  it('finds and proves period 4 from n = 46,578, the last exception at 46,577', { timeout: 600_000 }, async () => {
    const r = await runLab({ game: { kind: 'octal', code: '0.127' }, to: 100_000 }, { tools: () => Promise.reject(new Error('no sandbox')) });
    expect(r.values.slice(1, 21)).toEqual([1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0]);
    expect(r.analysis).toMatchObject({ period: 4, saltus: 0, preperiod: 46_578, proven: true, proofNeeds: 93_167, checkedUpTo: 100_000 });
    expect(r.analysis!.exceptions.at(-1)).toBe(46_577);
    expect(r.byPeriodFrom).toBeGreaterThanOrEqual(93_167);
    expect(r.byPeriodFrom).toBeLessThanOrEqual(100_000);
    for (let n = 46_578; n + 4 <= 100_000; n++) if (r.values[n + 4] !== r.values[n]) throw new Error(`G(${n + 4}) ≠ G(${n})`);
  });
});
