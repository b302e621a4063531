import type { Request, RequestHandler, Response } from 'express';
import type { Lang } from './statements';

const COOKIE = 'lang';
const ONE_YEAR_S = 365 * 24 * 3600;

function isLang(v: unknown): v is Lang {
  return v === 'en' || v === 'zh';
}

/**
 * The statement language: `?lang=` (which is then remembered in a cookie, so switching works
 * without JavaScript), else the cookie, else the browser's preference, else English.
 */
export function statementLang(req: Request, res: Response): Lang {
  const asked = req.query.lang;
  if (isLang(asked)) {
    res.append('Set-Cookie', `${COOKIE}=${asked}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`);
    return asked;
  }
  const cookie = readCookie(req.headers.cookie, COOKIE);
  if (isLang(cookie)) return cookie;
  const accept = req.acceptsLanguages('en', 'zh');
  return accept === 'zh' ? 'zh' : 'en';
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * `GET page?lang=zh`: remember the choice in the cookie and send the browser to the same address
 * without it, so the address bar (and so a reload or a bookmark) never carries the language.
 */
export const languageChoice: RequestHandler = (req, res, next) => {
  const asked = req.query.lang;
  if (req.method !== 'GET' || !isLang(asked) || req.path.startsWith('/api/')) return next();
  res.append('Set-Cookie', `${COOKIE}=${asked}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax`);
  const url = new URL(req.originalUrl, 'http://x');
  url.searchParams.delete('lang');
  res.redirect(303, url.pathname + url.search + url.hash);
};

/** The language a `lang` cookie names, if it names one. */
export function readCookieLang(header: string | undefined): Lang | undefined {
  const v = readCookie(header, COOKIE);
  return isLang(v) ? v : undefined;
}
