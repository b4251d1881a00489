import net from 'node:net';

/**
 * Which proxies' `X-Forwarded-For` the server believes, from TRUST_PROXY:
 * - `false` (unset, empty, `false`, `0`): none; `request.ip` is the TCP peer and the header changes nothing.
 * - a list of addresses or CIDR ranges (`10.0.0.5,10.1.0.0/16`, or proxy-addr's `loopback`, `linklocal`,
 *   `uniquelocal`): the header is followed back through those proxies only. The safe choice behind a proxy.
 * - a hop count `N`: the N nearest hops are trusted whoever they are. Safe only when nothing but the proxy can reach
 *   the server; a client that connects directly can then choose its own address.
 * - `true`: every hop is trusted and the client picks its own address. Accepted for completeness, never advised.
 */
export type TrustProxySetting = boolean | number | string[];

/** Fastify's `trustProxy` option: Fastify refuses a bare hop count, so a count becomes a trust function. */
export type FastifyTrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; throws an Error with a readable message for a value that is none of the forms above. */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('a hop count must be between 0 and 10');
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(`"${bad.slice(0, 60)}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal`);
  }
  return entries;
}

export function toFastifyTrustProxy(setting: TrustProxySetting): FastifyTrustProxy {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
