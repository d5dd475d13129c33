/**
 * The client identity that public rate limits count: the request's address (X-Forwarded-For only
 * when TRUST_PROXY says a proxy is trusted, Fastify's `request.ip`), with IPv6 clients counted by
 * their /64, the block one subscriber line gets (docs/api.md#public-engagement-no-key-cors-).
 */
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

export function clientAddress(request: FastifyRequest): string {
  const ip = request.ip;
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}
