import { describe, expect, it } from 'vitest';
import { runRate } from '../../server/queue/stress-job';

describe("a stress run's reported rate", () => {
  it('is all its cases over the computing time of all its turns', () => {
    // Three turns (it yielded twice): 400, 300 and 300 cases, 800 + 600 + 600 ms charged.
    // All 1,000 over the last turn's 600 ms alone would say 1,667 cases/s.
    const usedBeforeLastTurn = 800 + 600;
    expect(runRate(1000, usedBeforeLastTurn + 600)).toBe(500);
    // One turn: the same rule.
    expect(runRate(250, 1000)).toBe(250);
    // Nothing computed (cancelled while queued): no rate rather than a division by zero.
    expect(runRate(0, 0)).toBeNull();
    expect(runRate(7, 3)).toBe(2333);
  });
});
