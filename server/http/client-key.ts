import type { Request } from 'express';
import { viewerOfRequest } from './auth/viewer';

/**
 * Who sent a request, for taking turns in the judge queue: the person in accounts mode (so a class
 * behind one NAT address still takes turns), else the client's address. IPv4 clients seen through
 * an IPv6 socket count as their IPv4 address.
 */
export function clientKey(req: Request): string {
  const viewer = viewerOfRequest(req);
  if (viewer.kind === 'account') return `account:${viewer.id}`;
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
