/**
 * Accounts mode at the door: who the request is from (a session cookie or an API token), the
 * login wall, and the CSRF check on state-changing browser requests. In local mode every request
 * is the one implicit person and none of this runs.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { accountForToken, SESSION_MS } from '../../storage/accounts';
import type { Db } from '../../storage/db';
import { parseFormBody, rawBody } from '../body';
import { HttpError } from '../errors';
import type { Viewer } from './viewer';

export const SESSION_COOKIE = 'sg_session';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

/** Pages and API routes open without logging in. */
const OPEN_PATHS = new Set(['/login', '/register', '/api/login', '/api/register']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF token of a session: derived from the session token, so nothing more is stored, and
 * unknowable to another site (which cannot read the HttpOnly cookie).
 */
export function csrfTokenOf(sessionToken: string): string {
  return createHash('sha256').update(`csrf\0${sessionToken}`).digest('base64url');
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: SESSION_MS });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}

function isApi(req: Request): boolean {
  return req.path === '/api' || req.path.startsWith('/api/');
}

function bearerOf(req: Request): string | undefined {
  const m = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.get('authorization') ?? '');
  return m?.[1];
}

/** Sets `res.locals.viewer` (and what the layout shows), then lets in only logged-in requests. */
export function sessions(db: Db): RequestHandler {
  return (req, res, next) => {
    const bearer = bearerOf(req);
    const cookie = bearer === undefined ? readCookie(req, SESSION_COOKIE) : undefined;
    const token = bearer ?? cookie;
    const account = token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? accountForToken(db, token) : undefined;
    if (account) {
      const viewer: Viewer = { kind: 'account', id: account.id, name: account.name, displayName: account.displayName, role: account.role, via: bearer ? 'bearer' : 'session' };
      res.locals.viewer = viewer;
      res.locals.me = { name: account.name, displayName: account.displayName, teacher: account.role === 'teacher' };
      if (!bearer) res.locals.csrfToken = csrfTokenOf(token!);
    }
    if (OPEN_PATHS.has(req.path)) return next();
    if (!account) {
      if (bearer !== undefined) return next(new HttpError(401, 'The API token is not valid (unknown, revoked or expired).'));
      if (isApi(req)) return next(new HttpError(401, 'Log in first: POST /api/login, or send "Authorization: Bearer <token>".'));
      // A submit sent while logged out comes back to its problem (the draft is kept there), not to /problems.
      const submitOf = req.method === 'POST' ? /^\/problems\/([a-z0-9-]{1,64})\/submit$/.exec(req.path) : null;
      const backTo = submitOf ? `/problems/${submitOf[1]}` : req.method === 'GET' && req.originalUrl.startsWith('/') && !req.originalUrl.startsWith('//') ? req.originalUrl : '';
      const back = backTo ? `?next=${encodeURIComponent(backTo)}` : '';
      return res.redirect(303, `/login${back}`);
    }
    next();
  };
}

/**
 * A POST/DELETE (any state-changing method) carried by the session cookie must prove it comes from
 * one of our pages: the X-CSRF-Token header (page scripts) or a `_csrf` form field (forms). Bearer
 * requests carry no ambient credential and need no token.
 */
export function csrfCheck(): RequestHandler {
  return async (req, res, next) => {
    try {
      const expected = res.locals.csrfToken as string | undefined;
      if (SAFE_METHODS.has(req.method) || expected === undefined || OPEN_PATHS.has(req.path)) return next();
      let sent = req.get(CSRF_HEADER);
      if (sent === undefined && isForm(req)) {
        // The field is in the body: read it now (the route's own parser then finds it read).
        await new Promise<void>((resolve, reject) => rawBody(req, res, (err?: unknown) => (err ? reject(err) : resolve())));
        sent = (await parseFormBody(req.get('content-type'), req.body).catch(() => null))?.fields.get(CSRF_FIELD);
      }
      if (sent === undefined || !sameText(sent, expected)) {
        throw new HttpError(403, 'This request lacks the page\'s security token (CSRF); reload the page and try again.');
      }
      next();
    } catch (e) {
      next(e);
    }
  };
}

function isForm(req: Request): boolean {
  const type = (req.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
