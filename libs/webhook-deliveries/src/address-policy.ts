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

/** What `addressRange` calls a public address. */
export const PUBLIC_RANGE = 'unicast';

/**
 * Which range of the IANA special-purpose registries an IP address is in, as ipaddr.js names it (`unicast`: the
 * public internet; `private`, `loopback`, `linkLocal`, `uniqueLocal`, `carrierGradeNat`, `unspecified`, …). The
 * IPv4 address inside an IPv6 form that carries one decides; the IPv4-compatible form is `ipv4Compatible`, NAT64's
 * local use `localUseNat64`. Null for anything that is not an IP address written in full (`127.1`, `0x7f000001`).
 */
export function addressRange(ip: string): string | null {
  if (isIPv4(ip)) return ipaddr.IPv4.parse(ip).range();
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return null;
  const parsed = ipaddr.IPv6.parse(address);
  const range = parsed.range();
  const embedded = EMBEDDED_IPV4[range];
  if (embedded) {
    const halves = embedded(parsed.parts);
    return halves === null ? 'localUseNat64' : addressRange(dotted(...halves));
  }
  return range === PUBLIC_RANGE && parsed.match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : range;
}

/**
 * Whether a webhook may be delivered to this address: only a unicast address of the public internet (private,
 * loopback, link-local, shared, documentation, benchmarking, multicast, reserved, Teredo, discard-only, site-local
 * and more are not). Anything that is not an IP address written in full is not public.
 */
export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === PUBLIC_RANGE;
}

const RANGES_IN_WORDS: Readonly<Record<string, string>> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  uniqueLocal: 'a private network address (unique local)',
  linkLocal: 'a link-local address',
  unspecified: 'an unspecified address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
};

/** What an IP address is when it is no public one, in words ("a loopback address"); null for a public address or no IP. */
export function nonPublicKind(ip: string): string | null {
  const range = addressRange(ip);
  if (range === null || range === PUBLIC_RANGE) return null;
  return RANGES_IN_WORDS[range] ?? 'a reserved or special-purpose address';
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
