import type { Request } from 'express';

/**
 * Who sent a request, for taking turns in the judge queue: the client's address (the judge has no
 * sessions). IPv4 clients seen through an IPv6 socket count as their IPv4 address.
 */
export function clientKey(req: Request): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
