/**
 * The teacher's people: a roster imported in one step (`POST /api/class/students`, the form on
 * /class), a student's display name changed, a student's password reset (a new one generated and
 * shown once). The CSV rules are `server/storage/roster.ts`'s, shared with the command line.
 * The forms answer with a redirect to the sheet (`GET /class/sheets/:token`, roster-sheets.ts), so a
 * reload shows the same sheet and never adds the students or resets the password again.
 */
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { resetPassword } from '../storage/accounts';
import type { Db } from '../storage/db';
import { checkDisplayName, generatePassword, importRoster, parseRoster, setDisplayName, studentNamed, type Created, type RosterProblem } from '../storage/roster';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { csvField } from './class-csv';
import { isTeacher, viewerOf } from './auth/viewer';
import { judgeAddress } from './judge-address';
import { RosterSheets, type Sheet } from './roster-sheets';

const rosterBody = z.object({ csv: z.string().max(256 * 1024) });
const nameBody = z.object({ displayName: z.string().max(400) });

class RosterRefused extends HttpError {
  constructor(readonly lines: RosterProblem[]) {
    super(400, `Nothing was imported: ${lines.length} line(s) to fix.`);
  }
}

/** The sheet to hand out, as CSV (a download link on the page; never stored). */
function handoutCsv(created: readonly Created[]): string {
  const rows = [['login', 'display name', 'password'], ...created.map((c) => [c.name, c.displayName, c.password ?? ''])];
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export function rosterRoutes(db: Db, classPage: (req: Request, res: Response, extra: Record<string, unknown>) => void): express.Router {
  const router = express.Router();
  const teacher = (res: Response): void => {
    if (viewerOf(res).kind !== 'account') throw notFound('There are no students in local mode (no accounts): start with ACCOUNTS=on.');
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can manage the students.');
  };
  const student = (raw: string) => {
    const s = studentNamed(db, raw);
    if (!s) throw notFound(`There is no student "${raw.slice(0, 40)}".`);
    return s;
  };

  async function importCsv(csv: string): Promise<Created[]> {
    const parsed = parseRoster(db, csv);
    if (parsed.problems.length) throw new RosterRefused(parsed.problems);
    const result = await importRoster(db, parsed.lines);
    if ('problems' in result) throw new RosterRefused(result.problems);
    return result.created;
  }

  const sheets = new RosterSheets();
  const teacherId = (res: Response): number => {
    const v = viewerOf(res);
    return v.kind === 'account' ? v.id : 0;
  };
  const keepSheet = (res: Response, about: Sheet['about'], created: Created[]): string =>
    `/class/sheets/${sheets.keep({ owner: teacherId(res), about, created })}`;

  router.get('/class/sheets/:token', (req, res) => {
    teacher(res);
    const found = sheets.find(String(req.params.token), teacherId(res));
    const zh = res.locals.uiLang === 'zh';
    if (!found)
      throw notFound(
        zh
          ? '这张密码单已不再保留：密码单只在生成后 30 分钟内显示给生成它的老师（学生的密码就是单上的那些；在学生那一行点“新密码”可以重新生成）。'
          : 'This sheet is no longer kept: a sheet of passwords is shown for 30 minutes after it is made, to the teacher who made it (the passwords are the ones on it; "New password" on a student\'s row makes another).',
      );
    const heading =
      found.about.kind === 'roster'
        ? zh ? `已添加 ${found.created.length} 名学生` : `${found.created.length} student(s) added`
        : zh ? `${found.about.name} 的新密码` : `New password for ${found.about.name}`;
    res.set('Cache-Control', 'no-store');
    res.render('roster-sheet', {
      title: heading,
      nav: 'class',
      heading,
      created: found.created,
      address: `${judgeAddress(req)}/login`,
      csvHref: `data:text/csv;charset=utf-8,${encodeURIComponent(handoutCsv(found.created))}`,
    });
  });

  router.post('/api/class/students', rawBody, async (req, res) => {
    teacher(res);
    const parsed = rosterBody.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest('Send {"csv": "login,display name[,password]\\n…"} (at most 256 KiB).');
    try {
      res.status(201).json({ created: await importCsv(parsed.data.csv) });
    } catch (e) {
      if (!(e instanceof RosterRefused)) throw e;
      res.status(400).json({ error: e.message, lines: e.lines });
    }
  });

  router.post('/class/students', rawBody, async (req, res) => {
    teacher(res);
    const form = await parseFormBody(req.get('content-type'), req.body);
    const csv = form.files.get('file') ?? form.fields.get('csv') ?? '';
    try {
      res.redirect(303, keepSheet(res, { kind: 'roster' }, await importCsv(csv)));
    } catch (e) {
      if (!(e instanceof RosterRefused)) throw e;
      res.status(400);
      classPage(req, res, { rosterError: e.message, rosterLines: e.lines, rosterTyped: csv });
    }
  });

  router.post('/api/class/students/:name/password', rawBody, async (req, res) => {
    teacher(res);
    const s = student(String(req.params.name));
    const password = generatePassword();
    await resetPassword(db, s.name, password);
    res.json({ password });
  });

  router.post('/class/students/:name/password', rawBody, async (req, res) => {
    teacher(res);
    const s = student(String(req.params.name));
    const password = generatePassword();
    await resetPassword(db, s.name, password);
    const row = db.prepare('SELECT display_name AS displayName FROM accounts WHERE id = ?').get(s.id) as { displayName: string };
    res.redirect(303, keepSheet(res, { kind: 'reset', name: s.name }, [{ name: s.name, displayName: row.displayName, password }]));
  });

  const rename = (res: Response, raw: string, displayName: string) => {
    teacher(res);
    const s = student(raw);
    const checked = checkDisplayName(displayName);
    if (!checked.ok) throw badRequest(checked.error);
    setDisplayName(db, s.id, checked.value);
    return { name: s.name, displayName: checked.value };
  };
  router.patch('/api/class/students/:name', rawBody, (req, res) => {
    const parsed = nameBody.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest('The field "displayName" must be a string.');
    res.json(rename(res, String(req.params.name), parsed.data.displayName));
  });
  router.post('/class/students/:name/name', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    rename(res, String(req.params.name), form.fields.get('displayName') ?? '');
    res.redirect(303, '/class#students');
  });

  return router;
}
