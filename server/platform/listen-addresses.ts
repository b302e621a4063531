import { networkInterfaces } from 'node:os';

/**
 * The addresses to print for a server listening on `host`: on a wildcard host (0.0.0.0, ::) each
 * non-loopback interface's address, which students in the room can type; on a loopback host,
 * localhost; otherwise the host itself.
 */
export function listenUrls(host: string, port: number, interfaces = networkInterfaces()): string[] {
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') return [`http://localhost:${port}`];
  if (host !== '0.0.0.0' && host !== '::') return [`http://${bracket(host)}:${port}`];
  const urls: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const e of entries ?? []) {
      if (e.internal) continue;
      // 0.0.0.0 listens on IPv4 only; :: on both. Link-local IPv6 needs a zone id nobody types.
      if (e.family === 'IPv4') urls.push(`http://${e.address}:${port}`);
      else if (host === '::' && !e.address.toLowerCase().startsWith('fe80')) urls.push(`http://[${e.address}]:${port}`);
    }
  }
  return urls.length ? urls : [`http://localhost:${port}`];
}

function bracket(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
