import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { listenUrls } from '../../server/platform/listen-addresses';

const room = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [
    { address: '192.168.1.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.1.20/24' },
    { address: 'fe80::1', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fe80::1/64', scopeid: 2 },
    { address: '2001:db8::20', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: '2001:db8::20/64', scopeid: 0 },
  ],
  wlan0: [{ address: '10.0.0.7', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:02', internal: false, cidr: '10.0.0.7/24' }],
} as ReturnType<typeof networkInterfaces>;

describe('the addresses the start-up log prints', () => {
  it('on 0.0.0.0: every non-loopback IPv4 address, none of the loopback', () => {
    expect(listenUrls('0.0.0.0', 3000, room)).toEqual(['http://192.168.1.20:3000', 'http://10.0.0.7:3000']);
  });
  it('on ::: the IPv6 ones too, but not link-local ones', () => {
    expect(listenUrls('::', 3000, room)).toEqual(['http://192.168.1.20:3000', 'http://[2001:db8::20]:3000', 'http://10.0.0.7:3000']);
  });
  it('on loopback: localhost; on one address: that address', () => {
    expect(listenUrls('127.0.0.1', 3000, room)).toEqual(['http://localhost:3000']);
    expect(listenUrls('10.0.0.7', 8080, room)).toEqual(['http://10.0.0.7:8080']);
  });
  it("on this machine's interfaces: one address per non-internal IPv4 interface address", () => {
    const external = Object.values(networkInterfaces()).flat().filter((e) => e && !e.internal && e.family === 'IPv4');
    expect(listenUrls('0.0.0.0', 1, networkInterfaces())).toHaveLength(Math.max(1, external.length));
  });
});
