import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { presentMap } from '../../server/mistakes/present';
import { mapWords } from '../../server/mistakes/words';
import { migrate, openDatabase } from '../../server/storage/db';
import { finishMistakeMap, getMistakeMap, insertMistakeMap } from '../../server/storage/mistake-maps';
import { MIGRATIONS } from '../../server/storage/migrations';
import { gridStates } from '../../server/mistakes/probe';
import { loadProbe } from '../../server/mistakes/probes';
import { gridInputs, gridRows, MAP_CPU_BUDGET_MS, runGrid } from '../../server/mistakes/run-grid';
import { PersonTurns, type Head } from '../../server/queue/person-turns';
import { StressBudget } from '../../server/stress/budget';
import { warmJudge } from '../helpers/warm-judge';

/**
 * Issue 48, item 2: a mistake map has a CPU budget and stops a row at its first run out of time, so
 * `for(;;){}` on ed (80 files of 20 states, 1 s each) costs a few runs, not 80 s of a judge thread;
 * and what a map cost is charged in its person's turns.
 */
const judge = warmJudge();

describe('a mistake map within its budget', { timeout: 120_000 }, () => {
  it("groups ed's files by row: two files of 20 states for each x", async () => {
    const probe = await loadProbe('ed');
    const rows = gridRows(gridInputs(probe, gridStates(probe)));
    expect(rows.length).toBe(40);
    expect(rows[0]).toEqual([0, 1]);
    expect(rows.at(-1)).toEqual([78, 79]);
    expect(MAP_CPU_BUDGET_MS).toBe(10_000);
  });

  it('stops each row at its first timed-out run and the whole map once the budget is spent', async () => {
    const probe = await loadProbe('ed');
    // A budget of 2.5 s of CPU: three runs of 1 s, each the first file of its row.
    const map = await runGrid('ed', probe, { source: 'for (;;) {}\n', language: 'typescript' }, judge, new StressBudget(2_500));
    expect(map.ok).toBe(true);
    if (!map.ok) return;
    expect(map.answers.ran).toEqual([0, 2, 4]);
    expect(map.answers.stopped).toBe(true);
    expect(map.answers.usedMs).toBeGreaterThanOrEqual(2_500);
    expect(new Set(map.answers.got)).toEqual(new Set(['?']));
    expect(map.answers.got.length).toBe(1600);
  });

  it('runs every file of a program that answers in time, within the budget', async () => {
    const probe = await loadProbe('ed');
    const map = await runGrid('ed', probe, { source: "const t = require('fs').readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nlet out = ''; for (let i = 0; i < t[0]; i++) out += (t[3 + 3 * i] ^ t[4 + 3 * i]) ? 'YES\\n' : 'NO\\n';\nprocess.stdout.write(out);\n", language: 'javascript' }, judge);
    expect(map.ok).toBe(true);
    if (!map.ok) return;
    expect(map.answers.runs).toBe(80);
    expect(map.answers.stopped).toBe(false);
    expect(map.answers.got.includes('?')).toBe(false);
    expect(map.answers.usedMs).toBeLessThan(MAP_CPU_BUDGET_MS);
  });
});

describe("a map's cost in its person's turns", () => {
  const head = (person: string, id: number): Head => ({ kind: 'submission', id, person, priority: 2, long: false });
  const serve = (turns: PersonTurns, waiting: string[], n: number): string[] => {
    const order: string[] = [];
    let id = 1;
    for (let i = 0; i < n; i++) {
      const h = turns.choose({ heads: waiting.map((p) => head(p, id++)), running: new Map(), runningCap: 1, longAllowed: true })!;
      turns.served(h);
      order.push(h.person);
    }
    return order;
  };

  it('puts a person whose map spent 4 s behind four of the others\' jobs, then back to taking turns', () => {
    const turns = new PersonTurns();
    expect(serve(turns, ['ann', 'bob'], 2)).toEqual(['ann', 'bob']);
    // ann's map (served earlier) reports 4.2 s of CPU: four more turns.
    turns.charge('ann', 4_200);
    expect(serve(turns, ['ann', 'bob', 'cy'], 8)).toEqual(['cy', 'bob', 'cy', 'bob', 'cy', 'ann', 'bob', 'cy']);
  });

  it('charges nothing for a map under a second, and still serves the person when nobody else waits', () => {
    const turns = new PersonTurns();
    serve(turns, ['ann', 'bob'], 2);
    turns.charge('bob', 900);
    expect(serve(turns, ['ann', 'bob'], 2)).toEqual(['ann', 'bob']);
    turns.charge('ann', 9_000);
    expect(serve(turns, ['ann'], 2)).toEqual(['ann', 'ann']);
  });
});

describe('a map the budget stopped says so (migration 51)', () => {
  it('stores the stop with the map, and its page counts the states not run; maps stored before read as not stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-judge-test-map-stop-'));
    try {
      const path = join(dir, 'judge.db');
      const at = MIGRATIONS.findIndex((m) => m.name.startsWith('mistake maps: whether the CPU budget stopped'));
      expect(at).toBeGreaterThan(0);
      const old = openDatabase(path);
      migrate(old, MIGRATIONS.slice(0, at));
      old.pragma('foreign_keys = OFF');
      const probe = await loadProbe('ed');
      const n = gridStates(probe).length;
      old.prepare("INSERT INTO mistake_maps (id, problem, source, status, got, truth, disagree, created_at) VALUES (1, 'ed', 's', 'done', ?, ?, 0, 1)").run('L'.repeat(n), 'L'.repeat(n));
      old.close();

      const db = openDatabase(path);
      migrate(db, MIGRATIONS);
      db.pragma('foreign_keys = OFF');
      expect((await presentMap(getMistakeMap(db, 1)!)).notRun).toBeNull();
      const id = insertMistakeMap(db, { problem: 'ed', source: 'for (;;) {}', language: 'typescript', submission: null, owner: null, requester: '' });
      const got = 'L'.repeat(n - 300) + '?'.repeat(300);
      finishMistakeMap(db, id, { got, truth: 'L'.repeat(n), disagree: 300, error: null, stopped: true });
      const map = await presentMap(getMistakeMap(db, id)!);
      expect(map.notRun).toBe(300);
      expect(mapWords('en').stopped.replace('{0}', String(map.notRun))).toMatch(/^The map’s 10 s of CPU ran out before every state was run: 300 states were not run/);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
