import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { importPackage } from '../../server/problem-store';
import { exportProblem } from '../../server/problem-store/export';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
import { AC, guessPackage, INTERACTOR, RULES, VALIDATE, WRONG } from '../helpers/guess-number-package';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * An interactive package written by hand (guess a number), imported beside a running judge: its
 * interactor, two TypeScript modules in SG Judge's form, plays every game in a sandbox of its own.
 * A correct player gets AC, a wrong answer WA with the interactor's sentence, a silent player TLE;
 * an interactor that loops, throws or writes garbage makes the submission IE with a sentence, and
 * the server serves throughout. Interactors in other forms are refused, nothing stored.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-interactive-pkg-'));
let server: RunningServer | undefined;
const compiler = createCompiler();
const sandboxP = createSandbox();
afterAll(async () => {
  await server?.stop();
  await compiler.close();
  await (await sandboxP).close();
  removeDataDir(dataDir);
});

const SILENT = `import * as readline from 'readline';
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
await lines.next();
await lines.next();
`;
const saying = (word: string) => `import * as readline from 'readline';
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
await lines.next();
console.log('${word}');
await lines.next();
`;

async function importZip(zip: Buffer) {
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  try {
    return await importPackage(db, { zip }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
  } finally {
    db.close();
  }
}

async function slugs(): Promise<string[]> {
  return ((await (await fetch(`${server!.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
}

describe('an imported interactive package', { timeout: 60_000 }, () => {
  it('is imported with its solution table judged by its sandboxed interactor', async () => {
    server = await startServer({ dataDir, workers: 1 });
    const r = await importZip(guessPackage('guess-number'));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(r.solutions.map((s) => `${s.folder}/${s.name} ${s.got}`)).toEqual([
      'accepted/binary.ts AC',
      'wrong_answer/off-by-one.ts WA',
    ]);
    expect(await slugs()).toContain('guess-number');
  });

  it("exports as it came: the interactor's modules in a folder of 2023-07's output_validator/, with a note of how it is called", async () => {
    const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
    try {
      const files = Object.fromEntries((await exportProblem('guess-number', db)).files.map((f) => [f.path, f.data.toString('utf8')]));
      expect(files['output_validator/interactor/interactor.ts']).toBe(INTERACTOR);
      expect(files['output_validator/interactor/rules.ts']).toBe(RULES);
      expect(files['output_validator/interactor/README.md']).toContain('interact(input');
      expect(files['problem.yaml']).toMatch(/type: "?interactive"?/);
      expect(files['problem.yaml']).not.toMatch(/validation/);
      expect(files['input_validators/validate.ts']).toBe(VALIDATE);
    } finally {
      db.close();
    }
  });

  it('judges submissions through it: AC, WA with its sentence, TLE for a player that never answers; hostile interactors are IE', async () => {
    const url = server!.url;
    // The looping interactor costs its whole CPU budget: submitted first, judged beside the others.
    const ids = {
      loop: await submit(url, 'guess-number', saying('loop')),
      ac: await submit(url, 'guess-number', AC),
      wa: await submit(url, 'guess-number', WRONG),
      silent: await submit(url, 'guess-number', SILENT),
      throws: await submit(url, 'guess-number', saying('throw')),
      garbage: await submit(url, 'guess-number', saying('garbage')),
    };
    const message = async (id: number) => {
      const page = await (await fetch(`${url}/submissions/${id}`)).text();
      return page.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&gt;/g, '>').replace(/&lt;/g, '<');
    };
    const ac = await waitForVerdict(url, ids.ac);
    expect(ac.verdict).toBe('AC');
    const wa = await waitForVerdict(url, ids.wa);
    expect([wa.verdict, wa.failedTest]).toEqual(['WA', 1]);
    // The dialogue and the interactor's sentence, as on a built-in interactive problem's page.
    const waPage = await message(ids.wa);
    expect(waPage).toContain('answered 8, but the number was 7');
    expect(waPage).toMatch(/> \? 5\n< >/);
    expect((await waitForVerdict(url, ids.silent)).verdict).toBe('TLE');
    // A rejudge plays the games again against the same interactor: nothing changes.
    const started = await fetch(`${url}/api/rejudge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ submission: ids.wa }) });
    expect(started.status).toBe(202);
    const rejudge = (await started.json()) as { id: number };
    let state: { status: string; done: number; failed: number; changed: unknown[] };
    do {
      await new Promise((r) => setTimeout(r, 150));
      state = (await (await fetch(`${url}/api/rejudge/${rejudge.id}`)).json()) as typeof state;
    } while (state.status !== 'done');
    expect([state.done, state.failed, state.changed]).toEqual([1, 0, []]);
    expect((await waitForVerdict(url, ids.wa)).verdict).toBe('WA');
    // "Run the samples" plays the same game and shows the dialogue as the sample's output.
    const run = (await (await fetch(`${url}/api/sample-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'guess-number', source: WRONG }) })).json()) as { id: number };
    let sample: { status: string; samples: { verdict: string; output: string; message: string }[] };
    do {
      await new Promise((r) => setTimeout(r, 150));
      sample = (await (await fetch(`${url}/api/sample-runs/${run.id}`)).json()) as typeof sample;
    } while (sample.status !== 'done');
    expect(sample.samples.map((x) => [x.verdict, x.message])).toEqual([['WA', 'answered 8, but the number was 7']]);
    expect(sample.samples[0]!.output).toMatch(/^< 10\n> \? 5\n< >\n/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const throws = await waitForVerdict(url, ids.throws);
    expect(throws.verdict).toBe('IE');
    expect(await message(ids.throws)).toMatch(/the interactor failed: it threw: .*the interactor gave up/);
    expect((await waitForVerdict(url, ids.garbage)).verdict).toBe('IE');
    expect(await message(ids.garbage)).toMatch(/it broke the judge's protocol, writing "%%% not the protocol"/);
    const loop = await waitForVerdict(url, ids.loop, 50_000);
    expect(loop.verdict).toBe('IE');
    expect(await message(ids.loop)).toMatch(/the interactor failed: it ran past its \d+ ms of CPU time and was stopped/);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('refuses interactors in other languages or forms with a sentence naming what is supported, storing nothing', async () => {
    // C++ and Python interactors are the format's programs (program-interactor.test.ts); Java is not run here.
    const java = await importZip(guessPackage('guess-java', { 'interactor/Interactor.java': 'public class Interactor { public static void main(String[] a) { System.exit(42); } }\n' }));
    expect(java.ok).toBe(false);
    expect(java.ok ? '' : java.reasons.join(' ')).toMatch(/The interactor is written in Java \(output_validators\/interactor\/Interactor\.java\); interactors are imported as the format's programs in C\+\+ or Python \(testlib ones too\), or in TypeScript or JavaScript written as SG Judge modules/);
    const program = await importZip(guessPackage('guess-program', { 'interactor/interactor.js': "const fs = require('fs');\nprocess.exit(42);\n" }));
    expect(program.ok ? '' : program.reasons.join(' ')).toMatch(/exports no interact\(input, io\): it looks like a stand-alone interactor program/);
    expect(await slugs()).not.toContain('guess-java');
    expect(await slugs()).not.toContain('guess-program');
  });
});
