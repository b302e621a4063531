import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIG_TABLE_STATES, csvChunks, SHOWN_STATES, SHOWN_VALUES, summariseBig } from '../../server/lab/big-table';
import { presentResult } from '../../server/lab/present';
import { runLab } from '../../server/lab/lab';
import { tableCsv } from '../../server/lab/format';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { claimNextLabJob, finishLabJob, getLabJob, getLabTable, insertLabJob, saveLabProgress } from '../../server/storage/lab-jobs';
import { MIGRATIONS } from '../../server/storage/migrations';

const dir = mkdtempSync(join(tmpdir(), 'sg-lab-big-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const deps = { tools: () => Promise.reject(new Error('built-in games never need the sandbox')) };

describe('a big lab table (over 20,000 states)', () => {
  it('is carried summarised: the analysis, the first 1,000 values, a plot; the whole table beside it as CSV', async () => {
    const r = await runLab({ game: { kind: 'octal', code: '0.77' }, to: 50_000 }, deps);
    expect(r.count).toBe(50_001);
    const { result, table } = summariseBig(r);
    expect(result.values).toEqual(r.values.slice(0, SHOWN_VALUES));
    expect(result.states.length).toBe(SHOWN_VALUES);
    expect(result.count).toBe(50_001);
    expect(result.analysis).toEqual(r.analysis);
    expect(result.summary).toEqual(r.summary);
    // The plot: every value each column of n holds, and the values at the exceptions.
    const plot = result.plot!;
    expect(plot.columns * plot.step).toBeGreaterThanOrEqual(50_001);
    const col0 = new Set(r.values.slice(0, plot.step));
    expect(new Set(plot.points.filter((_, i) => i % 2 === 1 && plot.points[i - 1] === 0))).toEqual(col0);
    expect(plot.exceptionValues).toEqual(r.analysis!.exceptions.map((n) => r.values[n]));
    // The CSV in chunks is the CSV of the whole result.
    expect([...csvChunks(table!, 1000)].join('')).toBe(tableCsv(r));
    expect(summariseBig({ ...r, count: BIG_TABLE_STATES }).table).toBeNull();
  });

  it('a table of two parameters up to 40,000 states stays whole (the heatmap draws every state); its CSV keeps the lexicographic order', async () => {
    const r = await runLab({ game: { kind: 'problem', slug: 'ed' }, to: 12 }, deps);
    expect(summariseBig({ ...r, count: BIG_TABLE_STATES + 1 }).table).toBeNull();
    const t = { paramNames: r.game.paramNames, from: r.game.from, to: r.game.to, loopy: r.loopy, values: r.values };
    expect([...csvChunks(t, 7)].join('')).toBe(tableCsv(r));
  });

  it('a table of two parameters over 40,000 states keeps its first whole rows, a table of their own, and the whole table beside them', async () => {
    const r = await runLab({ game: { kind: 'problem', slug: 'ed' }, to: 210 }, deps);
    expect(r.count).toBe(210 * 210);
    const { result, table } = summariseBig(r);
    // 210 states a row: the first 190 rows (39,900 states), the range ending with them.
    expect(result.states.length).toBe(Math.floor(SHOWN_STATES / 210) * 210);
    expect(result.states).toEqual(r.states.slice(0, result.states.length));
    expect(result.values).toEqual(r.values.slice(0, result.states.length));
    expect(result.game.to).toEqual([result.states.at(-1)![0], 210]);
    expect(result).toMatchObject({ count: 210 * 210, wholeTo: [210, 210], summary: r.summary, grid: r.grid, plot: null });
    expect([...csvChunks(table!, 5000)].join('')).toBe(tableCsv(r));
    // What the API and the page carry: the first rows, `cut` saying what the whole table is.
    const shown = presentResult(result, '/api/lab/7/table.csv');
    expect(shown).toMatchObject({ count: 210 * 210, csv: null, text: null, cut: { states: 210 * 210, shown: result.states.length, to: [210, 210], csvUrl: '/api/lab/7/table.csv' } });
    expect(presentResult(r).cut).toBeNull();
  });
});

const version = MIGRATIONS.find((m) => m.name.includes('the whole of a big table'))!.version;

describe(`lab jobs with progress and a whole table (migration ${version})`, () => {
  it('keeps the jobs of a database of the previous version and stores progress and the whole table of new ones', async () => {
    const db = openDatabase(join(dir, 'judge.db'));
    migrate(db, MIGRATIONS.filter((m) => m.version < version));
    // A finished job as the previous version stored it (its result has no count, plot or byPeriodFrom).
    const old = (
      db.prepare("INSERT INTO lab_jobs (request, status, result, created_at, finished_at) VALUES (?, 'done', ?, ?, ?) RETURNING id").get(
        JSON.stringify({ game: { kind: 'nim' }, to: 3 }),
        JSON.stringify({ values: [0, 1, 2, 3], summary: ['old'] }),
        Date.now(),
        Date.now(),
      ) as { id: number }
    ).id;
    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(getLabJob(db, old)).toMatchObject({ status: 'done', progress: null, hasTable: false, result: { values: [0, 1, 2, 3] } });
    expect(getLabTable(db, old)).toBeUndefined();

    const id = insertLabJob(db, { game: { kind: 'octal', code: '0.77' }, to: 30_000 });
    expect(claimNextLabJob(db)?.id).toBe(id);
    saveLabProgress(db, id, 0.25);
    expect(getLabJob(db, id)).toMatchObject({ status: 'running', progress: 0.25 });
    const big = summariseBig(await runLab({ game: { kind: 'octal', code: '0.77' }, to: 30_000 }, deps));
    finishLabJob(db, id, { result: big.result, error: null, table: big.table });
    expect(getLabJob(db, id)).toMatchObject({ status: 'done', progress: null, hasTable: true, result: { count: 30_001 } });
    expect(getLabJob(db, id)!.result!.values.length).toBe(SHOWN_VALUES);
    expect(getLabTable(db, id)!.values.length).toBe(30_001);
    db.close();
  });
});
