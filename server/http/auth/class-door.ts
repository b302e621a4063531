/**
 * The teacher's side of the door (accounts mode): lift the login limits of a name, open or close
 * registration, and the class code and registration state shown on /class.
 *   POST /api/class/students/:name/unlock   → 204 (404 for no such account)
 *   POST /api/class/registration {"open": b} → 200 {"open": b} (opening also lifts the registration limits)
 *   POST /class/registration (form: open=1|0) → 303 to /class
 *   POST /class/students/:name/unlock (form)  → 303 to /class (the button on the student's row)
 */
import express, { type Response } from 'express';
import { z } from 'zod';
import { findAccount, NAME_PATTERN } from '../../storage/accounts';
import { classCodeOf, registrationOpen, setRegistrationOpen } from '../../storage/class-settings';
import type { Db } from '../../storage/db';
import { parseFormBody, parseJsonBody, rawBody } from '../body';
import { badRequest, notFound } from '../errors';
import { waitSaid, type AuthGuards } from './routes';
import { said, sayIn } from '../../text/messages';
import type { AuthSettings } from './settings';
import { isTeacher, viewerOf } from './viewer';

const openBody = z.object({ open: z.boolean() });

export function classDoorRoutes(db: Db, settings: AuthSettings, guards: AuthGuards): express.Router {
  const router = express.Router();
  const teacherOnly = (res: Response, what: string): void => {
    if (viewerOf(res).kind !== 'account' || !isTeacher(res)) throw notFound(`There is no ${what}.`);
  };

  router.post('/api/class/students/:name/unlock', (req, res) => {
    teacherOnly(res, 'API route POST /api/class/students/:name/unlock');
    const name = String(req.params.name);
    if (!NAME_PATTERN.test(name) || !findAccount(db, name)) throw notFound(`There is no account "${name.slice(0, 40)}".`);
    guards.logins.unlock(name);
    res.status(204).end();
  });

  router.post('/class/students/:name/unlock', rawBody, (req, res) => {
    teacherOnly(res, 'page at /class/students/:name/unlock');
    const name = String(req.params.name);
    if (!NAME_PATTERN.test(name) || !findAccount(db, name)) throw notFound(`There is no account "${name.slice(0, 40)}".`);
    guards.logins.unlock(name);
    res.redirect(303, '/class');
  });

  router.post('/api/class/registration', rawBody, (req, res) => {
    teacherOnly(res, 'API route POST /api/class/registration');
    const parsed = openBody.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest('Send {"open": true} or {"open": false}.');
    setRegistrationOpen(db, parsed.data.open);
    // Opening (again) also lifts the registration limits: the teacher's way past a flood of wrong codes.
    if (parsed.data.open) guards.registrations.clear();
    res.json({ open: parsed.data.open });
  });

  router.post('/class/registration', rawBody, async (req, res) => {
    teacherOnly(res, 'page at /class/registration');
    const form = await parseFormBody(req.get('content-type'), req.body);
    setRegistrationOpen(db, form.fields.get('open') === '1');
    if (form.fields.get('open') === '1') guards.registrations.clear();
    res.redirect(303, '/class');
  });

  // What the /class page shows of registration (its view draws the partial "class-registration"),
  // and the class code on every slip of a sheet of passwords.
  router.get(['/class', '/class/sheets/:token'], (req, res, next) => {
    if (viewerOf(res).kind === 'account' && isTeacher(res)) {
      const { code, generated } = classCodeOf(db, settings.classCode);
      // Showing the flood's notice is what tells the teacher (and lets the right code through the pause).
      const flood = req.path === '/class' ? guards.registrations.tellTeacher() : null;
      const notice = flood && sayIn(said('registration.flood-notice', flood.wrong, flood.addresses, waitSaid(flood.seconds)), res.locals.uiLang === 'zh' ? 'zh' : 'en');
      res.locals.registration = { open: registrationOpen(db), code, generated, notice };
    }
    next();
  });

  return router;
}
