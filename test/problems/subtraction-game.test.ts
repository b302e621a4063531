import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/subtraction-game/brute';
import { solve as fast } from '../../reference/subtraction-game/fast';
import { grundyTable, Table } from '../../reference/subtraction-game/game';
import { interact, JudgePlayer, strategyOf, type Strategy } from '../../reference/subtraction-game/interactor';
import { loadProblem, loadReference } from '../../server/problems/registry';
import { buildTestSet } from '../../server/problems/testset';
import type { InteractorIO, InteractorVerdict } from '../../server/problems/types';
import { describeProblem } from './harness';

describeProblem('subtraction-game');

/** Plays the interactor in-process against a scripted program: `reply` maps the judge's lines to the program's. */
async function dialogue(input: string, program: (judge: string[]) => string[] | null): Promise<{ verdict: InteractorVerdict; lines: string[] }> {
  const fromJudge: string[] = [];
  const pending: string[] = [];
  const lines: string[] = [];
  const io: InteractorIO = {
    send(line) {
      lines.push(`< ${line}`);
      fromJudge.push(line);
    },
    async read() {
      if (pending.length === 0) {
        const out = program(fromJudge.splice(0));
        if (out === null) return null;
        pending.push(...out);
      }
      const line = pending.shift() ?? null;
      if (line !== null) lines.push(`> ${line}`);
      return line;
    },
  };
  return { verdict: await interact(input, io), lines };
}

/** A perfect player built from the judge's own move finder (independent of the fast reference). */
function perfectProgram(n: number, l: number, r: number) {
  const g = grundyTable(n, l, r);
  const me = new JudgePlayer(n, l, r, g, 'random', 1);
  const table = new Table(n);
  let started = false;
  return (judge: string[]): string[] | null => {
    const out: string[] = [];
    for (const line of judge) {
      if (!started) {
        started = true;
        out.push(g[n] !== 0 ? 'First' : 'Second');
        if (g[n] === 0) return out;
      } else {
        const [a, b] = line.split(' ').map(Number) as [number, number];
        if (a <= 0) return null;
        table.remove({ x: a, y: b });
      }
    }
    const move = me.winningMove(table.segments());
    if (!move) return [...out, '0 0'];
    table.remove(move);
    return [...out, `${move.x} ${move.y}`];
  };
}

describe('subtraction-game: references and the judge', () => {
  it('the fast reference, the Grundy table of the judge and the brute force agree for every N <= 12', () => {
    for (let n = 1; n <= 12; n++) {
      for (let l = 1; l <= n; l++) {
        for (let r = l; r <= n; r++) {
          const input = `${n} ${l} ${r}\n`;
          const truth = brute(input);
          expect(fast(input), input).toBe(truth);
          expect(grundyTable(n, l, r)[n] !== 0 ? 'First\n' : 'Second\n', input).toBe(truth);
        }
      }
    }
  });

  it('the judge finds a winning move whenever the xor is not zero, and it leaves xor zero', () => {
    for (const [n, l, r] of [[30, 2, 5], [40, 3, 3], [25, 1, 1], [33, 4, 9]] as const) {
      const g = grundyTable(n, l, r);
      const judge = new JudgePlayer(n, l, r, g, 'random', 7);
      const table = new Table(n);
      for (let turn = 0; turn < 200; turn++) {
        const segments = table.segments();
        const move = judge.winningMove(segments) ?? judge.anyMove(table);
        if (!move) break;
        if (judge.xorOf(segments) !== 0) {
          table.remove(move);
          expect(judge.xorOf(table.segments()), `${n} ${l} ${r}`).toBe(0);
        } else table.remove(move);
      }
    }
  });

  it('a perfect player wins every stored test against the interactor', async () => {
    const problem = await loadProblem('subtraction-game');
    for (const t of buildTestSet(problem, await loadReference('subtraction-game', 'fast'))) {
      const [n, l, r] = t.input.trim().split(' ').map(Number) as [number, number, number];
      const { verdict } = await dialogue(t.input, perfectProgram(n, l, r));
      expect(verdict.verdict, `${t.label}: ${verdict.message}`).toBe('AC');
    }
  });

  it('the stored tests where the judge must move from a lost position use every strategy', async () => {
    const problem = await loadProblem('subtraction-game');
    const used = new Set<Strategy>();
    for (const t of buildTestSet(problem, await loadReference('subtraction-game', 'fast'))) used.add(strategyOf(t.input));
    expect([...used].sort()).toEqual(['centre', 'longest', 'random']);
    const seconds = buildTestSet(problem, await loadReference('subtraction-game', 'fast')).filter((t) => t.expected === 'Second\n');
    expect(seconds.length).toBeGreaterThanOrEqual(3);
  });

  it('judges the sample dialogue of the statement and explains wrong moves', async () => {
    const sample = await dialogue('6 1 2\n', () => null);
    expect(sample.verdict).toEqual({ verdict: 'WA', message: 'expected First or Second, got end of output', said: { id: 'subtraction.side-ended', args: [] } });

    const script = (lines: string[]) => {
      let i = 0;
      return () => (i < lines.length ? [lines[i++]!] : null);
    };
    const illegal = await dialogue('6 1 2\n', script(['First', '3 2', '3 1']));
    expect(illegal.verdict.verdict).toBe('WA');
    expect(illegal.verdict.message).toMatch(/^move 3: cards 3\.\.3 are not all on the table/);
    expect(illegal.lines.at(-1)).toBe('< -1 -1');

    const tooMany = await dialogue('6 1 2\n', script(['First', '1 3']));
    expect(tooMany.verdict.message).toBe('move 1: you took 3 cards; a move takes between 1 and 2');

    // 2 1 1: whoever moves first loses; going first loses to a judge that plays well.
    const lost = await dialogue('2 1 1\n', script(['First', '1 1', '0 0']));
    expect(lost.verdict.verdict).toBe('WA');
    expect(lost.verdict.message).toBe('move 3: you have no legal move left, so the judge won (you printed First, but from 2 1 1 the second player wins)');

    const garbage = await dialogue('6 1 2\n', script(['first']));
    expect(garbage.verdict.message).toBe('expected First or Second, got "first"');
  });
});
