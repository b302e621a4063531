/**
 * Logging in and out, registering with the class code, and the account page (API tokens):
 * `POST /api/register`, `/api/login`, `/api/logout`, `GET /api/me`, `/api/tokens`, and the same as
 * pages for the browser.
 */
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import {
  accountForToken,
  createAccount,
  findAccount,
  issueToken,
  listApiTokens,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NAME_PATTERN,
  revokeApiToken,
  revokeToken,
  type Role,
} from '../../storage/accounts';
import type { Db } from '../../storage/db';
import { DUMMY_HASH, verifyPassword } from '../../storage/passwords';
import { parseFormBody, parseJsonBody, rawBody } from '../body';
import { badRequest, HttpError, notFound } from '../errors';
import { formatTimestamp, isoTimestamp } from '../present';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './session';
import type { AuthSettings } from './settings';
import { LoginThrottle } from './throttle';
import { viewerOf } from './viewer';

const credentials = z.object({ name: z.string().max(200), password: z.string().max(MAX_PASSWORD_LENGTH * 4) });
const registration = credentials.extend({ classCode: z.string().max(200) });
const tokenRequest = z.object({ label: z.string().max(80).optional() });

function checkNewCredentials(name: string, password: string): void {
  if (!NAME_PATTERN.test(name)) throw badRequest('A name is 1 to 32 letters, digits, "_", "." or "-".');
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(`A password has at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(`A password has at most ${MAX_PASSWORD_LENGTH} characters.`);
}

function fieldsError(e: z.ZodError): HttpError {
  const field = String(e.issues[0]?.path[0] ?? 'body');
  return badRequest(`The field "${field}" is missing or not a string of reasonable length.`);
}

/** A safe place to go back to after logging in: a path on this site only. */
function nextPath(raw: unknown): string {
  return typeof raw === 'string' && /^\/(?![/\\])[^\s]*$/.test(raw) && !raw.startsWith('/login') ? raw : '/problems';
}

export function accountRoutes(db: Db, settings: AuthSettings): express.Router {
  const router = express.Router();
  const throttle = new LoginThrottle();

  async function register(name: string, password: string, classCode: string): Promise<{ id: number; role: Role }> {
    if (settings.classCode === null) throw new HttpError(403, 'Registration is closed: the teacher has not set a class code (CLASS_CODE).');
    if (classCode !== settings.classCode) throw new HttpError(403, 'The class code is wrong; ask your teacher for it.');
    checkNewCredentials(name, password);
    const id = await createAccount(db, name, password, 'student');
    if (id === null) throw new HttpError(409, `The name "${name}" is taken; choose another.`);
    return { id, role: 'student' };
  }

  async function logIn(req: Request, name: string, password: string): Promise<{ id: number; name: string; role: Role }> {
    const address = req.ip ?? '';
    const wait = throttle.waitSeconds(name, address);
    if (wait > 0) throw new HttpError(429, `Too many failed logins for this name or from this address; try again in ${Math.ceil(wait / 60)} minute(s).`);
    const account = findAccount(db, name);
    // Hash even for an unknown name, so the answer's timing does not say which names exist.
    const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok || account.removedAt !== null) {
      throttle.failed(name, address);
      throw new HttpError(401, 'The name or the password is wrong.');
    }
    return account;
  }

  function startSession(req: Request, res: Response, account: number): string {
    const { token } = issueToken(db, account, 'session');
    setSessionCookie(req, res, token);
    return token;
  }

  function endSession(req: Request, res: Response): void {
    const cookie = readCookie(req, SESSION_COOKIE);
    if (cookie) revokeToken(db, cookie);
    const bearer = /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1];
    // A bearer session token (from /api/login) ends too; API tokens are revoked on the account page.
    if (bearer && accountForToken(db, bearer)?.kind === 'session') revokeToken(db, bearer);
    clearSessionCookie(req, res);
  }

  // ---- JSON ----
  router.post('/api/register', rawBody, async (req, res) => {
    const parsed = registration.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw fieldsError(parsed.error);
    const { id, role } = await register(parsed.data.name, parsed.data.password, parsed.data.classCode);
    res.status(201).json({ name: parsed.data.name, role, id });
  });

  router.post('/api/login', rawBody, async (req, res) => {
    const parsed = credentials.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw fieldsError(parsed.error);
    const account = await logIn(req, parsed.data.name, parsed.data.password);
    const token = startSession(req, res, account.id);
    res.json({ token, name: account.name, role: account.role });
  });

  router.post('/api/logout', rawBody, (req, res) => {
    endSession(req, res);
    res.status(204).end();
  });

  router.get('/api/me', (_req, res) => {
    const v = viewerOf(res);
    if (v.kind !== 'account') throw new HttpError(401, 'Nobody is logged in.');
    res.json({ name: v.name, role: v.role });
  });

  const me = (res: Response) => {
    const v = viewerOf(res);
    if (v.kind !== 'account') throw new HttpError(401, 'Log in first.');
    return v;
  };

  router.get('/api/tokens', (_req, res) => {
    res.json(listApiTokens(db, me(res).id).map((t) => ({ id: t.id, label: t.label, createdAt: isoTimestamp(t.createdAt) })));
  });

  router.post('/api/tokens', rawBody, (req, res) => {
    const body = req.body?.length ? parseJsonBody(req.body) : {};
    const parsed = tokenRequest.safeParse(body);
    if (!parsed.success) throw badRequest('The field "label" must be a string of at most 80 characters.');
    const { token, id } = issueToken(db, me(res).id, 'api', parsed.data.label ?? '');
    res.status(201).json({ id, token });
  });

  router.delete('/api/tokens/:id', (req, res) => {
    if (!revokeApiToken(db, me(res).id, String(req.params.id))) throw notFound(`You have no API token ${String(req.params.id).slice(0, 20)}.`);
    res.status(204).end();
  });

  // ---- pages ----
  const loginPage = (res: Response, extra: Record<string, unknown> = {}) =>
    res.render('login', { title: 'Log in', nav: 'login', registration: settings.classCode !== null, ...extra });

  router.get('/login', (req, res) => loginPage(res, { next: nextPath(req.query.next), loggedOut: req.query.out === '1' }));

  router.post('/login', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const name = form.fields.get('name') ?? '';
    const next = nextPath(form.fields.get('next'));
    try {
      const account = await logIn(req, name, form.fields.get('password') ?? '');
      startSession(req, res, account.id);
      res.redirect(303, next);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      res.status(e.status);
      loginPage(res, { error: e.message, name, next });
    }
  });

  router.get('/register', (_req, res) => res.render('register', { title: 'Register', nav: 'login', open: settings.classCode !== null }));

  router.post('/register', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const name = form.fields.get('name') ?? '';
    try {
      const { id } = await register(name, form.fields.get('password') ?? '', form.fields.get('classCode') ?? '');
      startSession(req, res, id);
      res.redirect(303, '/problems');
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      res.status(e.status);
      res.render('register', { title: 'Register', nav: 'login', open: settings.classCode !== null, error: e.message, name });
    }
  });

  router.post('/logout', rawBody, (req, res) => {
    endSession(req, res);
    // The login page then says so: without it a logout looks like nothing happened.
    res.redirect(303, '/login?out=1');
  });

  router.get('/account', (_req, res) => {
    const v = me(res);
    res.render('account', {
      title: 'Account',
      nav: 'account',
      account: { name: v.name, role: v.role },
      tokens: listApiTokens(db, v.id).map((t) => ({ id: t.id, label: t.label, when: formatTimestamp(t.createdAt) })),
    });
  });

  router.post('/account/tokens', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const v = me(res);
    const { token } = issueToken(db, v.id, 'api', (form.fields.get('label') ?? '').slice(0, 80));
    res.render('account', {
      title: 'Account',
      nav: 'account',
      account: { name: v.name, role: v.role },
      newToken: token,
      tokens: listApiTokens(db, v.id).map((t) => ({ id: t.id, label: t.label, when: formatTimestamp(t.createdAt) })),
    });
  });

  router.post('/account/tokens/:id/revoke', rawBody, (req, res) => {
    if (!revokeApiToken(db, me(res).id, String(req.params.id))) throw notFound('You have no such API token.');
    res.redirect(303, '/account');
  });

  return router;
}
