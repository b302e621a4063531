import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { readZip } from '../../server/package-format/unzip';
import { importPackage } from '../../server/problem-store';
import { PDF_STATEMENT_ZH, SCORING_ZH } from '../../server/problem-store/package-data';
import { createProgramSandbox } from '../../server/languages/program-sandbox';
import { openDatabase } from '../../server/storage/db';
import type { Person } from '../helpers/accounts';
import { classServer, makeRound } from '../helpers/class-server';
import { removeDataDir, type RunningServer } from '../helpers/server';
import { scoringGroups, writeTree } from './format-fixtures';

/**
 * On the real server, in accounts mode: a package whose statement is only a PDF and which brings
 * attachments/ (each downloadable under its own safe name, as an attachment, with nosniff and a
 * CSP that runs nothing; written back by the export), a LaTeX statement (its maths by KaTeX, an
 * unknown macro shown, never run), and a scoring package's pass/fail sentence in both languages.
 * A contest-only problem's files are as missing as its page before the round.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-problem-files-'));
const work = mkdtempSync(join(tmpdir(), 'sg-problem-files-pkg-'));
let server: RunningServer;
let tess: Person, sam: Person;
let notes: string[] = [];
const MIN = 60_000;
// A PDF of our own (a header, one empty page, no script): its bytes must come back unchanged.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');
const ECHO = "process.stdout.write(require('fs').readFileSync(0, 'utf8'));\n";

beforeAll(async () => {
  const pdfbook = writeTree(join(work, 'pdfbook'), {
    'problem.yaml': 'name: Paper Nim\nlimits:\n  memory: 256\n',
    'data/sample/1.in': '3\n',
    'data/sample/1.ans': '3\n',
    'data/secret/1.in': '5\n',
    'data/secret/1.ans': '5\n',
    'attachments/notes.txt': 'Heaps are small.\n',
    'attachments/grader.py': 'print(input())\n',
    'attachments/page.html': '<script>alert(1)</script>\n',
    'attachments/bad name.txt': 'x\n',
    'attachments/.hidden': 'x\n',
    'submissions/accepted/echo.ts': ECHO,
  });
  mkdirSync(join(pdfbook, 'problem_statement'));
  writeFileSync(join(pdfbook, 'problem_statement/problem.pdf'), PDF);
  const texbook = writeTree(join(work, 'texbook'), {
    'problem.yaml': 'name: Tex Nim\nlimits:\n  memory: 256\n',
    'problem_statement/problem.en.tex': String.raw`\problemname{Tex Nim}
\illustration{0.3}{heaps.png}{Three heaps}
Take stones from one of $n \le 10^{9}$ heaps; the sum is $\sum_{i=1}^{n} a_i$.
\section*{Input}
One integer \texttt{n}. \input{/etc/passwd}
`,
    'data/sample/1.in': '1\n',
    'data/sample/1.ans': '1\n',
    'submissions/accepted/echo.ts': ECHO,
  });
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  const compiler = createCompiler();
  const sandbox = await createProgramSandbox();
  try {
    for (const dir of [pdfbook, texbook, scoringGroups(join(work, 'doubles'))]) {
      const r = await importPackage(db, { path: dir }, { dataDir, owner: null, compiler, sandbox });
      if (!r.ok) throw new Error(r.reasons.join('\n'));
      notes.push(...r.notes);
    }
  } finally {
    db.close();
    await compiler.close();
    await sandbox.close();
  }
  ({ server, people: [tess, sam] } = await classServer(dataDir, [['add-teacher', 'tess'], ['add-student', 'sam']], { problems: [] }));
}, 300_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
  removeDataDir(work);
});

describe('a package\'s PDF statement and attachments on the problem page', () => {
  it('the import report says what is kept and what is left out', () => {
    const said = notes.join('\n');
    expect(said).toContain('The en statement is only a PDF: students get it as it is (a link on the problem page).');
    expect(said).toContain('3 attachment(s) in attachments/ are offered to students as downloads on the problem page.');
    expect(said).toContain('attachments/bad name.txt is not kept');
    expect(said).toContain('attachments/.hidden is not kept');
    expect(said).toContain('The package is a scoring problem (points by test group); it is imported as pass/fail, and its problem page says so.');
  });

  it('a student sees the PDF and each attachment listed and downloads them as they are', async () => {
    const page = await (await sam.browser('/problems/pdfbook')).text();
    expect(page).toContain('The statement of this problem is a PDF: download it under &quot;Statement (PDF)&quot; in the files below.');
    expect(page).toContain('href="/problems/pdfbook/files/statement/problem.en.pdf"');
    for (const name of ['grader.py', 'notes.txt', 'page.html']) expect(page).toContain(`href="/problems/pdfbook/files/attachments/${name}"`);
    expect(page).not.toContain('.hidden');
    // The Chinese version is on the same page (the language switch shows one or the other).
    expect(page).toContain(PDF_STATEMENT_ZH.replace(/^\*|\*\n$/g, ''));
    expect(page).toContain('题面（PDF）');

    const pdf = await sam.browser('/problems/pdfbook/files/statement/problem.en.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="pdfbook.en.pdf"');
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    expect(pdf.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);

    const html = await sam.browser('/problems/pdfbook/files/attachments/page.html');
    expect(html.headers.get('content-type')).toBe('application/octet-stream');
    expect(html.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
    const text = await sam.browser('/problems/pdfbook/files/attachments/notes.txt');
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('Heaps are small.\n');
    const missing = await sam.browser('/problems/pdfbook/files/attachments/nothing.txt');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Problem &quot;pdfbook&quot; has no file &quot;nothing.txt&quot;.');
    expect((await sam.browser('/problems/pdfbook/files/attachments/..%2Fproblem.yaml')).status).toBe(404);
  });

  it('a LaTeX statement: maths by KaTeX, sections as headings, an unknown macro shown and never run', async () => {
    const page = await (await sam.browser('/problems/texbook')).text();
    expect(page).toContain('class="katex"');
    expect(page).toMatch(/<h2[^>]*>Input<\/h2>/);
    expect(page).toContain('Illustration (heaps.png): Three heaps');
    expect(page).toContain('<code>\\input{/etc/passwd}</code>');
    expect(page).not.toContain('root:');
  });

  it('a scoring package says it is judged pass/fail, in English and Chinese', async () => {
    const page = await (await sam.browser('/problems/doubles')).text();
    expect(page).toContain('Judged pass/fail here.');
    expect(page).toContain('on this judge a submission is accepted only when it passes every test, and there are no partial points.');
    expect(page).toContain(SCORING_ZH.replace(/^> \*\*|\*\*.*$/g, ''));
    expect(page).toContain('在这里只有通过全部测试才算通过，没有部分分。');
  });

  it('the export writes the PDF and the attachments back, not the page\'s sentence', async () => {
    const zip = readZip(Buffer.from(await (await tess.browser('/problems/pdfbook/package.zip')).arrayBuffer()));
    if (!zip.ok) throw new Error(zip.reasons.join('\n'));
    const files = new Map(zip.entries.map((e) => [e.path.replace(/^[^/]+\//, ''), e.data]));
    expect(files.get('statement/problem.en.pdf')?.equals(PDF)).toBe(true);
    expect(files.has('statement/problem.en.md')).toBe(false);
    expect(files.get('attachments/notes.txt')?.toString()).toBe('Heaps are small.\n');
    expect([...files.keys()].filter((f) => f.startsWith('attachments/')).sort()).toEqual(['attachments/grader.py', 'attachments/notes.txt', 'attachments/page.html']);
  });

  it('held for a round that has not started: the files are as missing as the page', async () => {
    await makeRound(tess, { name: 'Paper cup', problems: ['pdfbook'], startsAt: Date.now() + 30 * MIN, minutes: 60, rules: 'icpc', participants: [2], hidden: ['pdfbook'] });
    for (const path of ['/problems/pdfbook', '/problems/pdfbook/files/statement/problem.en.pdf', '/problems/pdfbook/files/attachments/notes.txt']) {
      const res = await sam.browser(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('There is no problem &quot;pdfbook&quot;.');
      expect((await tess.browser(path)).status, path).toBe(200);
    }
  });
});
