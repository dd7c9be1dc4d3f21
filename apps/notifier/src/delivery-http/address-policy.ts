import { BlockList, isIPv4, isIPv6 } from 'node:net';

const NON_PUBLIC_IPV4: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const NON_PUBLIC_IPV6: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_IPV6) nonPublic.addSubnet(network, prefix, 'ipv6');

/** Whether a webhook may be delivered to this address; anything that is not an IP address is not public. */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return !nonPublic.check(ip, 'ipv4');
  const address = ip.split('%')[0];
  if (!isIPv6(address)) return false;
  const embedded = embeddedIPv4(hextets(address));
  return embedded === null ? !nonPublic.check(address, 'ipv6') : isPublicAddress(embedded);
}

/** IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) addresses reach the IPv4 address inside. */
function embeddedIPv4(words: readonly number[]): string | null {
  const zeros = (from: number, to: number) => words.slice(from, to).every((word) => word === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return dotted(words[6], words[7]);
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return dotted(words[6], words[7]);
  if (words[0] === 0x2002) return dotted(words[1], words[2]);
  return null;
}

function dotted(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit words of a valid IPv6 address. */
function hextets(ip: string): number[] {
  const hexOnly = ip.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((word) => word.toString(16)).join(':'),
  );
  const [head, tail] = hexOnly.split('::');
  const words = (part: string | undefined) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  if (tail === undefined) return words(head);
  const [left, right] = [words(head), words(tail)];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
