import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJob, submit, waitForVerdict, waitJobDone } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, TYPE_ERROR } from '../helpers/solutions';

/**
 * axe-core, the accessibility engine, on every kind of page, light and dark, desktop and phone:
 * no serious or critical violation anywhere.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SCREENS = {
  desktop: { viewport: { width: 1366, height: 768 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;

let server: RunningServer;
let browser: Browser;
const pages: Record<string, string> = {};

const post = (path: string, body: unknown) => postJob(server.url, path, body);

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'kiki', 'subtraction-game'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const wrongNim = readFileSync(join(ROOT, 'problems/nim/wrong/skips-zeros.ts'), 'utf8');
  const wrongGame = readFileSync(join(ROOT, 'problems/subtraction-game/wrong/always-first.ts'), 'utf8');
  const accepted = await submit(server.url, 'nim', acceptedNim());
  const wa = await submit(server.url, 'nim', wrongNim);
  const ce = await submit(server.url, 'kiki', TYPE_ERROR);
  const dialogue = await submit(server.url, 'subtraction-game', wrongGame);
  const stress = await post('/api/stress', { problem: 'nim', source: wrongNim, cases: 300, size: 'small', seed: 7 });
  const invocation = await post('/api/invocations', { problem: 'nim', source: 'console.log("Yes")', input: '1\n2\n3 3\n' });
  for (const id of [accepted, wa, ce, dialogue]) await waitForVerdict(server.url, id, 120_000);
  for (const path of [`/api/stress/${stress}`, `/api/invocations/${invocation}`]) await waitJobDone(server.url, path);
  Object.assign(pages, {
    '/problems': 'problem list',
    '/problems/nim?hints=1&editorial=ask': 'problem page with a hint and the editorial prompt',
    '/problems/subtraction-game': 'interactive problem page',
    '/submissions': 'submissions list',
    [`/submissions/${accepted}`]: 'accepted submission',
    [`/submissions/${wa}`]: 'wrong answer with its difference',
    [`/submissions/${ce}`]: 'compilation error',
    [`/submissions/${dialogue}`]: 'interactive failure with its dialogue',
    [`/stress/${stress}`]: 'stress run with a counterexample',
    [`/invocations/${invocation}`]: 'custom invocation',
    '/no-such-page': '404 page',
    '/lab': 'SG lab',
    '/lab?problem=subtraction-game': 'SG lab with a table',
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [screen, options] of Object.entries(SCREENS)) {
      it(`no serious or critical violation on any page kind, ${scheme}, ${screen}`, async () => {
        // The pages' CSP allows no inline script: the test lets axe in, the pages stay as served.
        const context = await browser.newContext({ ...options, colorScheme: scheme, bypassCSP: true });
        const found: string[] = [];
        try {
          const p = await context.newPage();
          for (const [path, what] of Object.entries(pages)) {
            await p.goto(`${server.url}${path}`);
            await p.waitForLoadState('load');
            if (path.startsWith('/lab?problem=')) await p.locator('.lab-table, .lab-grid, table').first().waitFor({ timeout: 60_000 }).catch(() => {});
            for (const v of await seriousViolations(p)) found.push(`${what} (${path}): ${v}`);
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual([]);
      }, 300_000);
    }
  }
});
