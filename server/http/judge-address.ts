/**
 * The address students type to reach this judge, for the handout slips: the one the teacher's
 * browser used, unless that is a loopback name (the teacher on the judge's own machine), then the
 * first address the judge listens on in the room (what the start-up log prints).
 */
import type { Request } from 'express';
import { listenUrls } from '../platform/listen-addresses';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

export function judgeAddress(req: Request): string {
  const host = req.get('host') ?? '';
  if (host !== '' && !LOOPBACK.test(host)) return `${req.protocol}://${host}`;
  const listenHost = String(req.app.get('listen host') ?? '127.0.0.1');
  return listenUrls(listenHost, req.socket.localPort ?? 80)[0]!;
}
