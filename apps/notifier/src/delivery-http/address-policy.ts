import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * IPv6 ranges that carry an IPv4 address, which decides: IPv4-mapped (::ffff:0:0/96), SIIT (::ffff:0:0:0/96),
 * NAT64 (64:ff9b::/96; its local-use 64:ff9b:1::/48 is never public) and 6to4 (2002::/16, the address in bits 16–47).
 */
const EMBEDDED_IPV4: Readonly<Record<string, (words: readonly number[]) => readonly [number, number] | null>> = {
  ipv4Mapped: (words) => [words[6], words[7]],
  rfc6145: (words) => [words[6], words[7]],
  rfc6052: (words) => (words[2] === 0 ? [words[6], words[7]] : null),
  '6to4': (words) => [words[1], words[2]],
};

/** The deprecated IPv4-compatible form (::a.b.c.d), which ipaddr.js calls unicast. */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Whether a webhook may be delivered to this address: only a unicast address of the public internet, as ipaddr.js
 * classifies the IANA special-purpose registries (private, loopback, link-local, shared, documentation,
 * benchmarking, multicast, reserved, Teredo, discard-only, site-local and more are not). Anything that is not an IP
 * address written in full (`127.1` and `0x7f000001` included) is not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return ipaddr.IPv4.parse(ip).range() === 'unicast';
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return false;
  const parsed = ipaddr.IPv6.parse(address);
  const range = parsed.range();
  const embedded = EMBEDDED_IPV4[range];
  if (embedded) {
    const halves = embedded(parsed.parts);
    return halves !== null && isPublicAddress(dotted(...halves));
  }
  return range === 'unicast' && !parsed.match(IPV4_COMPATIBLE);
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
