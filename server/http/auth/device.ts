/**
 * Device cookies: a browser that logged in as a name carries proof of it (a random id and its
 * HMAC with the name), so its later logins are counted apart from everyone else's guesses at that
 * name: someone else's guesses never lock a person out of their own browser, even behind the same
 * NAT address. The HMAC key lives in the database (class_settings), so cookies outlive restarts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { secretOf } from '../../storage/class-settings';
import type { Db } from '../../storage/db';
import { readCookie } from './session';

export const DEVICE_COOKIE = 'sg_device';
const YEAR_MS = 365 * 24 * 3600 * 1000;

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(db: Db) {
    this.key = Buffer.from(secretOf(db, 'device_key'), 'base64url');
  }

  private mac(id: string, name: string): string {
    return createHmac('sha256', this.key).update(`${id}\0${name.toLowerCase()}`).digest('base64url').slice(0, 32);
  }

  /** The device id when the request carries a cookie earned by logging in as `name`. */
  deviceOf(req: Request, name: string): string | undefined {
    const m = /^([A-Za-z0-9_-]{16,40})\.([A-Za-z0-9_-]{32})$/.exec(readCookie(req, DEVICE_COOKIE) ?? '');
    if (!m) return undefined;
    const expected = Buffer.from(this.mac(m[1]!, name));
    const sent = Buffer.from(m[2]!);
    return expected.length === sent.length && timingSafeEqual(expected, sent) ? m[1] : undefined;
  }

  /** After a successful login: keeps the browser's id when it had one for this name, else a new one. */
  issue(req: Request, res: Response, name: string): void {
    const id = this.deviceOf(req, name) ?? randomBytes(16).toString('base64url');
    res.cookie(DEVICE_COOKIE, `${id}.${this.mac(id, name)}`, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', maxAge: YEAR_MS });
  }
}
