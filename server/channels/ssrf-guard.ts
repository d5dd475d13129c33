/**
 * Where channels may deliver (docs/api.md#channels-key-authenticated: private, loopback and link-local
 * targets refused unless the operator allows them). Checked at creation on the URL and every address
 * its host resolves to, and again at connect time on the address actually connected to (a DNS answer
 * may change between the two). Numeric host forms (`127.1`, `0x7f.0.0.1`, `2130706433`) are
 * normalised by the WHATWG URL parser before the check; IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is checked
 * as IPv4. The other IPv6 forms that carry an IPv4 address are refused whole, whatever that address:
 * IPv4-compatible `::a.b.c.d` (deprecated by RFC 4291 §2.5.5.1, and `[::127.0.0.1]` reads as loopback
 * to some stacks), IPv4-translated `::ffff:0:a.b.c.d` (RFC 6145), NAT64 `64:ff9b::/96` and
 * `64:ff9b:1::/48` (RFC 6052, 8215), 6to4 `2002::/16` (RFC 3056) and Teredo `2001::/32` (RFC 4380).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';
import { InvalidError } from '../errors/errors.ts';

const lookupAll = promisify(dnsLookup);

const IPV4_COMPATIBLE: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse('::'), 96];

/**
 * Only public unicast addresses are reachable without the operator's say-so. ipaddr.js names the
 * embedded-IPv4 ranges other than `::/96` (`rfc6145`, `rfc6052`, `6to4`, `teredo`), so they are not
 * `unicast`; the IPv4-compatible range it counts as unicast, so it is refused here by prefix.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).match(IPV4_COMPATIBLE)) return false;
  return parsed.range() === 'unicast';
}

function refused(detail: string): InvalidError {
  return new InvalidError(`url: ${detail}`, [{ pointer: '/url', detail }]);
}

/**
 * @throws InvalidError (`/url`) for a URL that is not http(s) (https unless private destinations are
 *   allowed), has credentials, or points at (or resolves to) a non-public address.
 */
export async function assertDeliverableUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('must be an absolute URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw refused('must be https');
  if (url.username || url.password) throw refused('must not carry credentials');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: 0 }] : await lookupAll(host, { all: true });
  } catch {
    throw refused(`the host ${host} does not resolve`);
  }
  if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
    throw refused('points at a private, loopback or link-local address');
  }
  return url;
}

/**
 * A `lookup` for http(s).request that refuses non-public addresses at connect time (unless allowed):
 * what the name resolves to when the socket opens, which may differ from what it resolved to when the
 * URL was checked (DNS rebinding).
 * @param resolve the resolver (Node's `dns.lookup`; tests pass one of their own).
 */
export function guardedLookup(
  allowPrivate: boolean,
  resolve: typeof dnsLookup = dnsLookup,
): typeof dnsLookup {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const usable = allowPrivate ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) return callback(new Error('destination not allowed: non-public address'));
      if ((options as { all?: boolean }).all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as unknown as typeof dnsLookup;
}
