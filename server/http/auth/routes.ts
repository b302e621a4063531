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
  issueSessionIfCurrent,
  issueToken,
  listApiTokens,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  NAME_PATTERN,
  nameRefusal,
  revokeApiToken,
  revokeToken,
  tokenHash,
  type Role,
} from '../../storage/accounts';
import type { Db } from '../../storage/db';
import { classCodeOf, registrationOpen } from '../../storage/class-settings';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../storage/passwords';
import { changeOwnPassword, checkDisplayName, setDisplayName } from '../../storage/roster';
import { parseFormBody, parseJsonBody, rawBody } from '../body';
import { badRequest, errorIn, HttpError, notFound } from '../errors';
import { said, type Said } from '../../text/messages';
import { formatTimestamp, isoTimestamp } from '../present';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from './session';
import type { AuthSettings } from './settings';
import { DeviceCookies } from './device';
import { busy, HashGate } from './hash-gate';
import { LoginThrottle, RegistrationThrottle } from './throttle';
import { viewerOf } from './viewer';

const credentials = z.object({ name: z.string().max(200), password: z.string().max(MAX_PASSWORD_LENGTH * 4) });
const registration = credentials.extend({ classCode: z.string().max(200), displayName: z.string().max(400).optional() });
const passwordChange = z.object({ current: z.string().max(MAX_PASSWORD_LENGTH * 4), password: z.string().max(MAX_PASSWORD_LENGTH * 4) });
const accountChange = z.object({ displayName: z.string().max(400) });

/** The display name as typed, or the login when left empty; a 400 for a malformed one. */
function displayNameOr(raw: string | undefined, login: string): string {
  if (raw === undefined || raw.trim() === '') return login;
  const checked = checkDisplayName(raw);
  if (!checked.ok) throw badRequest(checked.error);
  return checked.value;
}

function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw badRequest(`A password has at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw badRequest(`A password has at most ${MAX_PASSWORD_LENGTH} characters.`);
}
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

/** The limits in front of logging in and registering, shared with the teacher's routes (unlock). */
export class AuthGuards {
  readonly logins = new LoginThrottle();
  readonly registrations = new RegistrationThrottle();
  readonly hashes = new HashGate();
}

/** A wait as a message: seconds under 90, else whole minutes. */
export const waitSaid = (seconds: number): Said => (seconds < 90 ? said('wait.seconds', seconds) : said('wait.minutes', Math.ceil(seconds / 60)));

const tooMany = (seconds: number, what: string): HttpError =>
  new HttpError(429, `Too many ${what}; try again in ${seconds < 90 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}, or ask your teacher to unlock your name.`);

export function accountRoutes(db: Db, settings: AuthSettings, guards: AuthGuards = new AuthGuards()): express.Router {
  const router = express.Router();
  const { logins, registrations, hashes } = guards;
  const devices = new DeviceCookies(db);
  const classCode = classCodeOf(db, settings.classCode).code;
  const isOpen = () => registrationOpen(db);

  async function register(req: Request, name: string, password: string, code: string, displayName?: string): Promise<{ id: number; role: Role; displayName: string }> {
    if (!isOpen()) throw new HttpError(403, 'Registration is closed: the teacher has closed it on the class page.');
    const address = req.ip ?? '';
    const wait = registrations.waitSeconds(address);
    if (wait > 0) throw new HttpError(429, said('registration.address-wait', waitSaid(wait)));
    const right = code.trim() === classCode;
    // The class-wide pause (wrong codes from many addresses): the right code passes once a teacher has been told.
    const paused = registrations.pausedSeconds();
    if (paused > 0 && !(right && registrations.rightCodePasses())) {
      // A wrong code still counts against its address, so each address's own bound holds through the pause.
      if (!right) registrations.wrongCode(address);
      throw new HttpError(429, said(registrations.rightCodePasses() ? 'registration.paused-wrong' : 'registration.paused', waitSaid(paused)));
    }
    if (!right) {
      registrations.wrongCode(address);
      throw new HttpError(403, 'The class code is wrong; ask your teacher for it.');
    }
    checkNewCredentials(name, password);
    const shown = displayNameOr(displayName, name);
    const refusal = nameRefusal(db, name);
    if (refusal) throw new HttpError(409, refusal);
    if (!hashes.hasRoom()) throw busy();
    const id = await createAccount(db, name, password, 'student', { distinct: true, displayName: shown, hash: (p) => hashes.run(() => hashPassword(p)) });
    if (id === null) throw new HttpError(409, `The name "${name}" is taken; choose another.`);
    registrations.registered(address);
    return { id, role: 'student', displayName: shown };
  }

  /**
   * Checks the password and issues the session. The attempt is counted before the hash and given
   * back only on success; the session is issued only if no reset or removal happened meanwhile.
   */
  async function logIn(req: Request, res: Response, name: string, password: string): Promise<{ id: number; name: string; displayName: string; role: Role; token: string }> {
    const place = { name, address: req.ip ?? '', device: devices.deviceOf(req, name) };
    const ticket = logins.begin(place);
    if ('waitSeconds' in ticket) throw tooMany(ticket.waitSeconds, 'failed logins for this name from here');
    const account = findAccount(db, name);
    let ok: boolean;
    try {
      // Hash even for an unknown name, so the answer's timing does not say which names exist.
      ok = await hashes.run(() => verifyPassword(password, account?.passwordHash ?? DUMMY_HASH));
    } catch (e) {
      logins.cancelled(ticket);
      throw e;
    }
    if (!account || !ok || account.removedAt !== null) throw new HttpError(401, 'The name or the password is wrong.');
    const session = issueSessionIfCurrent(db, account.id, account.generation);
    if (!session) throw new HttpError(401, 'The password was changed (or the account removed) while you were logging in; log in again.');
    logins.succeeded(ticket, place);
    setSessionCookie(req, res, session.token);
    devices.issue(req, res, account.name);
    return { ...account, token: session.token };
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
    const { id, role, displayName } = await register(req, parsed.data.name, parsed.data.password, parsed.data.classCode, parsed.data.displayName);
    res.status(201).json({ name: parsed.data.name, displayName, role, id });
  });

  router.post('/api/login', rawBody, async (req, res) => {
    const parsed = credentials.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw fieldsError(parsed.error);
    const account = await logIn(req, res, parsed.data.name, parsed.data.password);
    res.json({ token: account.token, name: account.name, displayName: account.displayName, role: account.role });
  });

  router.post('/api/logout', rawBody, (req, res) => {
    endSession(req, res);
    res.status(204).end();
  });

  router.get('/api/me', (_req, res) => {
    const v = viewerOf(res);
    if (v.kind !== 'account') throw new HttpError(401, 'Nobody is logged in.');
    res.json({ name: v.name, displayName: v.displayName, role: v.role });
  });

  router.patch('/api/account', rawBody, (req, res) => {
    const parsed = accountChange.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw badRequest('The field "displayName" must be a string.');
    const v = me(res);
    const displayName = displayNameOr(parsed.data.displayName, '');
    if (displayName === '') throw badRequest('A display name is 1 to 64 characters.');
    setDisplayName(db, v.id, displayName);
    res.json({ name: v.name, displayName, role: v.role });
  });

  /** The session making the change stays; every other session and API token ends. */
  async function changePassword(req: Request, res: Response, current: string, password: string): Promise<void> {
    checkNewPassword(password);
    const v = me(res);
    const keep = v.via === 'session' ? readCookie(req, SESSION_COOKIE) : /^Bearer\s+(\S+)/i.exec(req.get('authorization') ?? '')?.[1];
    if (!(await changeOwnPassword(db, v.id, current, password, keep ? tokenHash(keep) : null))) throw new HttpError(401, 'The current password is wrong.');
  }

  router.post('/api/account/password', rawBody, async (req, res) => {
    const parsed = passwordChange.safeParse(parseJsonBody(req.body));
    if (!parsed.success) throw fieldsError(parsed.error);
    await changePassword(req, res, parsed.data.current, parsed.data.password);
    res.status(204).end();
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
    res.render('login', { title: 'Log in', nav: 'login', registration: isOpen(), ...extra });

  router.get('/login', (req, res) => loginPage(res, { next: nextPath(req.query.next), loggedOut: req.query.out === '1' }));

  router.post('/login', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const name = form.fields.get('name') ?? '';
    const next = nextPath(form.fields.get('next'));
    try {
      await logIn(req, res, name, form.fields.get('password') ?? '');
      res.redirect(303, next);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      res.status(e.status);
      loginPage(res, { error: e.message, name, next });
    }
  });

  router.get('/register', (_req, res) => res.render('register', { title: 'Register', nav: 'login', open: isOpen() }));

  router.post('/register', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const name = form.fields.get('name') ?? '';
    const displayName = form.fields.get('displayName') ?? '';
    try {
      if ((form.fields.get('password') ?? '') !== (form.fields.get('password2') ?? '')) throw badRequest('The two passwords differ; type the same one twice.');
      const { id } = await register(req, name, form.fields.get('password') ?? '', form.fields.get('classCode') ?? '', displayName);
      startSession(req, res, id);
      res.redirect(303, '/problems');
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      res.status(e.status);
      res.render('register', { title: 'Register', nav: 'login', open: isOpen(), error: errorIn(e, res.locals.uiLang === 'zh' ? 'zh' : 'en'), name, displayName });
    }
  });

  router.post('/logout', rawBody, (req, res) => {
    endSession(req, res);
    // The login page then says so: without it a logout looks like nothing happened.
    res.redirect(303, '/login?out=1');
  });

  const accountPage = (res: Response, extra: Record<string, unknown> = {}) => {
    const v = me(res);
    res.render('account', {
      title: 'Account',
      nav: 'account',
      account: { name: v.name, displayName: v.displayName, role: v.role },
      tokens: listApiTokens(db, v.id).map((t) => ({ id: t.id, label: t.label, when: formatTimestamp(t.createdAt) })),
      saved: res.req.query.saved === 'name' ? 'name' : res.req.query.saved === 'password' ? 'password' : null,
      ...extra,
    });
  };
  router.get('/account', (_req, res) => accountPage(res));

  router.post('/account/name', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const typed = form.fields.get('displayName') ?? '';
    const checked = checkDisplayName(typed);
    if (!checked.ok) {
      res.status(400);
      return accountPage(res, { nameError: checked.error, typedName: typed });
    }
    setDisplayName(db, me(res).id, checked.value);
    res.redirect(303, '/account?saved=name');
  });

  router.post('/account/password', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const password = form.fields.get('password') ?? '';
    try {
      if (password !== (form.fields.get('password2') ?? '')) throw badRequest('The two new passwords differ; type the same one twice.');
      await changePassword(req, res, form.fields.get('current') ?? '', password);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      res.status(e.status);
      return accountPage(res, { passwordError: e.message });
    }
    res.redirect(303, '/account?saved=password');
  });

  router.post('/account/tokens', rawBody, async (req, res) => {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const v = me(res);
    const { token } = issueToken(db, v.id, 'api', (form.fields.get('label') ?? '').slice(0, 80));
    accountPage(res, { newToken: token });
  });

  router.post('/account/tokens/:id/revoke', rawBody, (req, res) => {
    if (!revokeApiToken(db, me(res).id, String(req.params.id))) throw notFound('You have no such API token.');
    res.redirect(303, '/account');
  });

  return router;
}
