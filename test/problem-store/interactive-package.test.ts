import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store';
import { exportProblem } from '../../server/problem-store/export';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
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

const YAML = `problem_format_version: 2023-07-draft
type: interactive
name: Guess the number
uuid: 5b0a3c52-1f0e-4d6a-9c1e-2f4b8e7a9d10
limits:
  time_limit: 1
  memory: 256
`;

// The interactor: "? g" is answered <, > or =; "! g" ends the game. The words "loop", "throw" and
// "garbage" make it misbehave, so one package holds every hostile interactor this test needs.
const RULES = `export const MAX_QUESTIONS = 30;
export function answer(secret: number, guess: number): string {
  return guess < secret ? '>' : guess > secret ? '<' : '=';
}
`;
const INTERACTOR = `import type { InteractorIO, InteractorVerdict } from '../../server/problems/types';
import { MAX_QUESTIONS, answer } from './rules';

export async function interact(input: string, io: InteractorIO): Promise<InteractorVerdict> {
  const [n, secret] = input.trim().split(/\\s+/).map(Number);
  io.send(String(n));
  for (let asked = 0; ; ) {
    const line = await io.read();
    if (line === null) return { verdict: 'WA', message: 'the program ended without answering' };
    if (line === 'loop') for (;;) {}
    if (line === 'throw') throw new Error('the interactor gave up');
    if (line === 'garbage') { process.stdout.write('%%% not the protocol\\n'); continue; }
    const [kind, value] = line.trim().split(' ');
    const guess = Number(value);
    if (kind === '!') return guess === secret ? { verdict: 'AC', message: 'found ' + secret + ' in ' + asked + ' questions' } : { verdict: 'WA', message: 'answered ' + guess + ', but the number was ' + secret };
    if (kind !== '?' || ++asked > MAX_QUESTIONS) return { verdict: 'WA', message: 'question ' + asked + ': "' + line.slice(0, 40) + '" is not allowed' };
    io.send(answer(secret, guess));
  }
}
`;
const player = (finalAnswer: string) => `import * as readline from 'readline';
const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value as string;
const n = Number(await next());
let lo = 1, hi = n;
for (;;) {
  const mid = Math.floor((lo + hi) / 2);
  console.log('? ' + mid);
  const said = await next();
  if (said === '=') { const x = mid; console.log('! ' + (${finalAnswer})); break; }
  if (said === '>') lo = mid + 1; else hi = mid - 1;
}
`;
const AC = player('x');
const WRONG = player('x + 1');
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

// n and x, 1 <= x <= n <= 10^6: exit 42 when valid, 43 when not (the format's contract).
const VALIDATE = `import * as fs from 'fs';
const [n, x] = fs.readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
process.exit(Number.isInteger(n) && Number.isInteger(x) && 1 <= x && x <= n && n <= 1e6 ? 42 : 43);
`;

function guessPackage(name: string, interactor: Record<string, string> = { 'interactor/interactor.ts': INTERACTOR, 'interactor/rules.ts': RULES }): Buffer {
  const files: Record<string, string> = {
    'problem.yaml': YAML,
    'problem_statement/problem.en.md': 'Find the number $x$ ($1 \\le x \\le n$): ask `? g`, answer `! x`.\n',
    'data/sample/1.in': '10 7\n',
    'data/sample/1.ans': '7\n',
    'data/secret/1.in': '1000 1\n',
    'data/secret/1.ans': '1\n',
    'data/secret/2.in': '1000000 765432\n',
    'data/secret/2.ans': '765432\n',
    'input_validators/validate.ts': VALIDATE,
    'submissions/accepted/binary.ts': AC,
    'submissions/wrong_answer/off-by-one.ts': WRONG,
    ...Object.fromEntries(Object.entries(interactor).map(([k, v]) => [`output_validators/${k}`, v])),
  };
  return zipFiles(Object.entries(files).map(([path, data]) => ({ path: `${name}/${path}`, data: Buffer.from(data) })));
}

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
    server = await startServer({ dataDir });
    const r = await importZip(guessPackage('guess-number'));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(r.solutions.map((s) => `${s.folder}/${s.name} ${s.got}`)).toEqual([
      'accepted/binary.ts AC',
      'wrong_answer/off-by-one.ts WA',
    ]);
    expect(await slugs()).toContain('guess-number');
  });

  it("exports as it came: the interactor's modules under output_validators/, with a note of how it is called", async () => {
    const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
    try {
      const files = Object.fromEntries((await exportProblem('guess-number', db)).files.map((f) => [f.path, f.data.toString('utf8')]));
      expect(files['output_validators/interactor/interactor.ts']).toBe(INTERACTOR);
      expect(files['output_validators/interactor/rules.ts']).toBe(RULES);
      expect(files['output_validators/interactor/README.md']).toContain('interact(input');
      expect(files['problem.yaml']).toMatch(/validation: "?custom interactive"?/);
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
    const cpp = await importZip(guessPackage('guess-cpp', { 'interactor/interactor.cpp': 'int main() { return 42; }\n' }));
    expect(cpp.ok).toBe(false);
    expect(cpp.ok ? '' : cpp.reasons.join(' ')).toMatch(/The interactor is written in C\+\+ \(output_validators\/interactor\/interactor\.cpp\); only interactors in TypeScript or JavaScript written as SG Judge modules are imported/);
    const program = await importZip(guessPackage('guess-program', { 'interactor/interactor.js': "const fs = require('fs');\nprocess.exit(42);\n" }));
    expect(program.ok ? '' : program.reasons.join(' ')).toMatch(/exports no interact\(input, io\): it looks like a stand-alone interactor program/);
    expect(await slugs()).not.toContain('guess-cpp');
    expect(await slugs()).not.toContain('guess-program');
  });
});
