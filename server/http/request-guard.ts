/**
 * Refuses requests another web site makes through a student's browser, in every mode (a laptop
 * on loopback included):
 *
 * - `Host` must name this judge (loopback names, the machine's own names and addresses when it
 *   serves a network, `ALLOWED_HOSTS`): a page that rebinds its own DNS name to 127.0.0.1 reaches
 *   the port but not the judge (421).
 * - A write (POST, PUT, PATCH, DELETE) whose `Origin` is not this judge's, or that the browser marks
 *   `Sec-Fetch-Site: cross-site`, is refused (403). Requests without these headers (curl, the CLI,
 *   judge workers) are not browsers acting for someone and pass.
 * - A write with a body under /api (in any letter case) must say `Content-Type: application/json` (415): a browser sends
 *   text/plain or form bodies cross-site without asking first, but never JSON.
 *
 * Independent of sessions: it holds with or without accounts.
 */
import type { Request, RequestHandler, Response } from 'express';
import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]', '::1'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The host names this judge answers to when it listens on `listenHost`, plus `ALLOWED_HOSTS`. */
export function allowedHosts(listenHost: string, extra = process.env.ALLOWED_HOSTS ?? ''): Set<string> {
  const names = new Set(LOOPBACK);
  for (const h of extra.split(',')) if (h.trim()) names.add(h.trim().toLowerCase());
  if (!isLoopback(listenHost)) {
    const name = hostname().toLowerCase();
    names.add(name);
    names.add(`${name}.local`);
    if (listenHost !== '0.0.0.0' && listenHost !== '::') names.add(listenHost.toLowerCase());
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]!.toLowerCase()}]` : a.address);
    }
  }
  return names;
}

/** The name part of a Host header value: `example.org:3000` → `example.org`, `[::1]:3000` → `[::1]`. */
function hostName(value: string): string {
  const v = value.trim().toLowerCase();
  if (v.startsWith('[')) return v.slice(0, v.indexOf(']') + 1);
  const colon = v.lastIndexOf(':');
  return colon < 0 ? v : v.slice(0, colon);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a path is under /api, in any letter case: Express routes case-insensitively, so /API/lab
 * reaches the same handlers and must meet the same rules.
 */
export function isApiPath(path: string): boolean {
  const p = path.toLowerCase();
  return p === '/api' || p.startsWith('/api/');
}

function refuse(req: Request, res: Response, status: number, message: string): void {
  res.status(status);
  if (isApiPath(req.originalUrl.split('?')[0]!)) res.json({ error: message });
  else res.type('text/plain').send(message);
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    const u = new URL(origin);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host === host.toLowerCase();
  } catch {
    return false;
  }
}

export function requestGuard(listenHost: string): RequestHandler {
  const hosts = allowedHosts(listenHost);
  return (req, res, next) => {
    const host = req.headers.host;
    if (host !== undefined && !hosts.has(hostName(host))) {
      return refuse(req, res, 421, `This judge does not answer to the host name "${hostName(host).slice(0, 100)}"; add it to ALLOWED_HOSTS if it is this judge's.`);
    }
    if (!WRITES.has(req.method)) return next();
    const origin = req.headers.origin;
    if (req.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !sameOrigin(origin, host))) {
      return refuse(req, res, 403, 'Refused: this request comes from another web site; only the judge\'s own pages may change things here.');
    }
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    // A problem package upload is a zip: a type no cross-site form can send either.
    const zipUpload = req.path.toLowerCase() === '/api/problems/import' && req.is('application/zip') !== false && req.is('application/zip') !== null;
    if (isApiPath(req.path) && hasBody && !req.is('application/json') && !zipUpload) {
      return refuse(req, res, 415, 'Send the request body as JSON with the header Content-Type: application/json.');
    }
    next();
  };
}
