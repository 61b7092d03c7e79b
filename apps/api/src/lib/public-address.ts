import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Whether an address lies on the public internet, and a DNS lookup that yields only such
 * addresses: the server fetches URLs a client names (docs/access.md "OAuth") and must not be made
 * to call into its own network. Every address is judged in its canonical form: an IPv6 address that
 * carries an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4) is judged
 * by that IPv4 address, so `[::ffff:127.0.0.1]` is loopback like 127.0.0.1.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and the ranges it lists). */
const internalV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 (broadcast)
] as const) {
  internalV4.addSubnet(network, prefix, 'ipv4');
}

/**
 * IPv6 outside these is not the public internet: only global unicast (2000::/3) is, less the
 * ranges below. Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10), site-local,
 * multicast (ff00::/8) and the discard prefix all lie outside 2000::/3.
 */
const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');
const internalV6 = new BlockList();
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation (RFC 9637)
] as const) {
  internalV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (any textual form), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  if (isIP(address) !== 6) return undefined;
  // The URL parser writes every IPv6 form (embedded dotted quad, upper case, zeros) canonically.
  const canonical = new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':').map((group) => Number.parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
const isZero = (groups: number[]) => groups.every((group) => group === 0);

/** The IPv4 address an IPv6 address carries in one of the standard embeddings, if any. */
export function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  // ::a.b.c.d (IPv4-compatible, also :: and ::1), ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated)
  if (isZero([g0!, g1!, g2!, g3!]) && ((g4 === 0 && (g5 === 0 || g5 === 0xffff)) || (g4 === 0xffff && g5 === 0))) {
    return v4Of(g6, g7);
  }
  // 64:ff9b::a.b.c.d (NAT64, RFC 6052)
  if (g0 === 0x64 && g1 === 0xff9b && isZero([g2!, g3!, g4!, g5!])) return v4Of(g6, g7);
  // 2002:AABB:CCDD::/48 (6to4)
  if (g0 === 0x2002) return v4Of(g1!, g2!);
  return undefined;
}

/** Whether `address` (IPv4 or IPv6 text) is a public internet address in its canonical form. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return !internalV4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const v4 = embeddedIpv4(groups);
  if (v4 !== undefined) return !internalV4.check(v4, 'ipv4');
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return globalUnicast.check(canonical, 'ipv6') && !internalV6.check(canonical, 'ipv6');
}

export class InternalAddressError extends Error {
  constructor(readonly hostname: string) {
    super(`${hostname} does not resolve to public addresses only`);
  }
}

/**
 * A `lookup` for an HTTP request that resolves the host once and answers only when every address
 * it resolves to passes `allowed`: the connection goes to an address that was checked, so the name
 * cannot resolve differently between the check and the connect (DNS rebinding).
 */
export function checkedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0 || addresses.some((entry) => !allowed(entry.address))) {
        return callback(new InternalAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
