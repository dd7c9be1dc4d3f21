import ipaddr from 'ipaddr.js';

/**
 * Whether a process listening on `host` can be reached from this machine only: `localhost` or a loopback address.
 * Anything else, `0.0.0.0` and `::` included, is treated as public, and the defaults that are convenient on a
 * developer's machine (open metrics, public API documentation) close.
 */
export function listensOnLoopbackOnly(host: string): boolean {
  if (host === 'localhost') return true;
  if (!ipaddr.isValid(host)) return false;
  const address = ipaddr.process(host);
  return address.range() === 'loopback';
}
