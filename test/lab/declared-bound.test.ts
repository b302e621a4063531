import { describe, expect, it } from 'vitest';
import { LabError } from '../../server/lab/errors';
import { runLab, type LabResult } from '../../server/lab/lab';
import { octalGame, subtractionGame } from '../../server/lab/presets';
import { GameError } from '../../server/lab/search';
import { checkTakeAndBreak } from '../../server/lab/take-and-break';
import { useJudge } from '../sandbox/harness';

// A student's game runs as it does in a lab job: compiled by the judge's compiler, in a real sandbox.
const judge = useJudge();
const deps = { tools: async () => ({ compiler: judge.compiler, sandbox: judge.sandbox }) };
const student = (source: string, to: number): Promise<LabResult> => runLab({ game: { kind: 'source', source }, to }, deps);

async function failure(source: string, to = 40): Promise<string> {
  try {
    await student(source, to);
  } catch (e) {
    if (e instanceof LabError) return e.message;
    throw e;
  }
  throw new Error('the lab computed the table');
}

/** Kayles (0.77) as a student writes it: remove one or two pins, leaving zero, one or two rows. */
const KAYLES = `export function options(n: number): number[][] {
  const out: number[][] = [];
  for (const take of [1, 2]) for (let a = 0; 2 * a <= n - take; a++) out.push([a, n - take - a]);
  return out;
}
`;

describe('a student game with export const bound', () => {
  it('Kayles declared with its bound is proven period 12 after its last exception 70, word for word as the built-in 0.77', async () => {
    const mine = await student(`export const bound = 2;\n${KAYLES}`, 200);
    const builtin = await runLab({ game: { kind: 'octal', code: '0.77' }, to: 200 }, deps);
    expect(mine.values).toEqual(builtin.values);
    expect(mine.game.bound).toBe(2);
    expect(mine.analysis).toMatchObject({ preperiod: 71, period: 12, saltus: 0, proven: true, proofNeeds: 168 });
    expect(mine.analysis!.exceptions.at(-1)).toBe(70);
    expect(mine.analysis).toEqual(builtin.analysis);
    expect(mine.summary).toEqual(builtin.summary);
    expect(mine.summary[0]).toBe('period 12 from n = 71: proven (Guy–Smith bound: 168 values needed, 201 computed)');
  });

  it('without a bound the same game is observed, not proven', async () => {
    const r = await student(KAYLES, 200);
    expect(r.game.bound).toBeNull();
    expect(r.analysis).toMatchObject({ preperiod: 71, period: 12, proven: false, proofNeeds: null });
    expect(r.summary[0]).toBe('period 12 from n = 71: seen over 201 values (up to n = 200)');
  });

  it('one value short of the Guy–Smith bound is not proven yet, as for the built-in', async () => {
    const r = await student(`export const bound = 2;\n${KAYLES}`, 166);
    expect(r.analysis).toMatchObject({ period: 12, proven: false, proofNeeds: 168 });
    expect(r.summary[0]).toContain('the Guy–Smith bound needs 168 values to prove it');
  });

  it('options() making a move beyond the declared bound is an error naming the state and the move, not a proof', async () => {
    const over = `export const bound = 2;
export function options(n: number): number[][] {
  const out: number[][] = [];
  for (const take of [1, 2, 3]) if (take <= n) out.push([n - take]);
  return out;
}
`;
    expect(await failure(over)).toBe('options(3): option 3 leaves nothing, removing 3 tokens; the game declares export const bound = 2, so a move removes 1 to 2');
    const kaylesBound1 = await failure(`export const bound = 1;\n${KAYLES}`);
    expect(kaylesBound1).toBe('options(2): option 2 leaves nothing, removing 2 tokens; the game declares export const bound = 1, so a move removes 1 to 1');
  });

  it('a rule that changes with the heap, a partial split or a three-way split is refused: the proof holds for take-and-break games only', async () => {
    const changing = `export const bound = 2;
export function options(n: number): number[][] {
  return n >= 20 ? [[n - 1]] : [1, 2].filter((t) => t <= n).map((t) => [n - t]);
}
`;
    expect(await failure(changing)).toMatch(/^options\(20\): a move cannot remove 2 and leave one heap, but from 3 it can; /);
    const halves = `export const bound = 1;
export function options(n: number): number[][] {
  return n >= 3 ? [[Math.floor((n - 1) / 2), Math.ceil((n - 1) / 2)]] : [];
}
`;
    expect(await failure(halves)).toMatch(/^options\(5\): some moves remove 1 and leave two heaps, but none leaves 1 \+ 3; /);
    const three = `export const bound = 1;
export function options(n: number): number[][] {
  return n >= 4 ? [[1, 1, n - 3]] : [];
}
`;
    expect(await failure(three)).toBe('options(4): option 1 leaves 3 heaps (1 + 1 + 1); a game with export const bound leaves at most two');
  });

  it('refuses a bound that is not a positive integer of the lab’s size, or a game that is not one heap from 0', async () => {
    const game = 'export function options(n: number): number[][] { return n > 0 ? [[n - 1]] : []; }\n';
    expect(await failure(`export const bound = 0;\n${game}`)).toBe('export const bound must be an integer in [1, 1000000] (the most tokens one move removes), not 0');
    expect(await failure(`export const bound = 1.5;\n${game}`)).toMatch(/^export const bound must be an integer in \[1, 1000000\]/);
    expect(await failure(`export const bound = '2';\n${game}`)).toMatch(/, not string$/);
    expect(await failure(`export const bound = 1e9;\n${game}`)).toMatch(/^export const bound must be an integer in \[1, 1000000\]/);
    expect(await failure(`export const bound = 1;\nexport const min = 1;\n${game}`)).toBe('a game with export const bound is a heap of any size n ≥ 0: leave out min and max');
    expect(await failure('export const bound = 1;\nexport function options(x: number, y: number): number[][] { return x > 0 ? [[x - 1, y]] : []; }\n')).toBe(
      'export const bound is for a game of one heap (options(n)), not of 2 parameters',
    );
  });
});

describe('the take-and-break check of a declared bound', () => {
  const optionsOf = (code: string) => {
    const decl = octalGame(code);
    return (n: number) => decl.options([n], {}) as number[][];
  };
  const refusal = (f: () => void): string => {
    try {
      f();
    } catch (e) {
      if (e instanceof GameError) return e.message;
      throw e;
    }
    return 'accepted';
  };

  it('accepts every octal game and subtraction game with its own bound, and refuses a bound one short', () => {
    for (const code of ['0.07', '0.77', '0.137', '0.6', '0.4', '0.1377', '0.31', '0.2', '0.0000007']) {
      const k = code.replace(/^\d*\./, '').replace(/0+$/, '').length;
      expect(refusal(() => checkTakeAndBreak(k, 60, optionsOf(code))), code).toBe('accepted');
      if (k > 1) expect(refusal(() => checkTakeAndBreak(k - 1, 60, optionsOf(code))), code).toMatch(new RegExp(`removing ${k} tokens; the game declares export const bound = ${k - 1}`));
    }
    const sub = subtractionGame([2, 3, 7]);
    expect(refusal(() => checkTakeAndBreak(7, 60, (n) => sub.options([n], {}) as number[][]))).toBe('accepted');
  });

  it('finds the one state where an octal game’s rule was changed', () => {
    const kayles = optionsOf('0.77');
    const dropped = (at: number) => (n: number) => (n === at ? kayles(n).filter((o) => !(o.length === 2 && o[0] === 3)) : kayles(n));
    expect(refusal(() => checkTakeAndBreak(2, 60, dropped(41)))).toMatch(/^options\(41\): some moves remove 1 and leave two heaps, but none leaves 3 \+ 37; /);
    const noSingle = (n: number) => (n === 50 ? kayles(n).filter((o) => o.length !== 1) : kayles(n));
    expect(refusal(() => checkTakeAndBreak(2, 60, noSingle))).toMatch(/^options\(50\): a move cannot remove 1 and leave one heap, but from 2 it can; /);
  });

  it('checks a huge declared bound by the moves there are, not by every number up to the bound', () => {
    // Nim restricted to taking 1: declaring the largest bound must not cost 10⁶ steps per state.
    expect(refusal(() => checkTakeAndBreak(1_000_000, 100_000, (n) => (n > 0 ? [[n - 1]] : [])))).toBe('accepted');
  });
});
