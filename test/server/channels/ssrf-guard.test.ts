/**
 * Channel destinations (docs/api.md#channels-key-authenticated: loopback, private and link-local refused, numeric and
 * IPv6 forms included): every IPv6 form that carries an IPv4 address is refused at creation unless it is
 * IPv4-mapped and the IPv4 address is public; the connect-time check uses the same rule.
 */
import { describe, expect, it } from 'vitest';
import type { lookup as dnsLookup } from 'node:dns';
import { guardedLookup, isPublicAddress } from '../../../server/channels/ssrf-guard.ts';
import { useTestServer } from '../../helpers/build-server.ts';

const { server, headers } = useTestServer({}, { workers: false });

const create = (url: string) =>
  server.app.inject({ method: 'POST', url: '/api/v1/channels', headers, payload: { type: 'webhook', url } });

describe('channel URLs with IPv4 inside IPv6', () => {
  it('are refused at creation: IPv4-compatible, translated, NAT64, 6to4, Teredo, mapped private', async () => {
    for (const url of [
      'https://[::127.0.0.1]/',
      'https://[::7f00:1]/hook',
      'https://[::10.0.0.1]/hook',
      'https://[::169.254.169.254]/latest/meta-data',
      'https://[::8.8.8.8]/hook',
      'https://[::ffff:0:127.0.0.1]/hook',
      'https://[64:ff9b::127.0.0.1]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
      'https://[2002:7f00:1::1]/hook',
      'https://[2001:0:7f00:1::1]/hook',
      'https://[::ffff:10.0.0.1]/hook',
      'https://[0:0:0:0:0:0:127.0.0.1]/hook',
    ]) {
      const res = await create(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toEqual([
        { pointer: '/url', detail: 'points at a private, loopback or link-local address' },
      ]);
    }
  });

  it('leave public IPv6 and IPv4-mapped public addresses deliverable, at creation and at connect time', async () => {
    for (const url of ['https://[2606:4700:4700::1111]/hook', 'https://[::ffff:8.8.8.8]/hook']) {
      const res = await create(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    }
    // The connect-time lookup filters the resolved addresses with the same rule.
    expect(['::7f00:1', '::a00:1', '::808:808', '2606:4700:4700::1111'].map(isPublicAddress)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('the connect-time check on its own (DNS rebinding)', () => {
  it('refuses the private address a name resolves to when the socket opens, after it resolved public', async () => {
    // A resolver that answers a public address first (the creation-time check), then loopback.
    const answers = [[{ address: '93.184.216.34', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const rebinding = ((_host: string, _options: object, callback: (...args: unknown[]) => void) =>
      callback(null, answers.shift())) as unknown as typeof dnsLookup;
    const first = await new Promise<unknown>((resolve) =>
      guardedLookup(false, rebinding)('rebind.example', { all: true }, (err, addresses) =>
        resolve(err ?? addresses),
      ),
    );
    expect(first).toEqual([{ address: '93.184.216.34', family: 4 }]);
    const second = await new Promise<unknown>((resolve) =>
      guardedLookup(false, rebinding)('rebind.example', {}, (err) => resolve(err)),
    );
    expect(String(second)).toMatch(/destination not allowed: non-public address/);
  });

  it('keeps only the public addresses of a name that resolves to both, and all of them when allowed', async () => {
    const both = ((_host: string, _options: object, callback: (...args: unknown[]) => void) =>
      callback(null, [
        { address: '10.0.0.8', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ])) as unknown as typeof dnsLookup;
    const picked = await new Promise<unknown>((resolve) =>
      guardedLookup(false, both)('mixed.example', {}, (_err, address) => resolve(address)),
    );
    expect(picked).toBe('93.184.216.34');
    const allowed = await new Promise<unknown>((resolve) =>
      guardedLookup(true, both)('mixed.example', {}, (_err, address) => resolve(address)),
    );
    expect(allowed).toBe('10.0.0.8');
  });
});
