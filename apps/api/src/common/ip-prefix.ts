import { IPv6, isValid, parse } from 'ipaddr.js';

/**
 * Where a request came from, as shown to the admin (sessions, audit log): the network, never the full address.
 * IPv4 by its /24 (`203.0.113.0/24`), IPv6 by its /48 (`2001:db8:1::/48`, a site's usual allocation); an
 * IPv4-mapped IPv6 address counts as its IPv4. '' for no address, `unknown` for one that does not parse.
 */
export function ipPrefix(ip: string | undefined): string {
  if (!ip) return '';
  if (!isValid(ip)) return 'unknown';
  let address = parse(ip);
  if (address instanceof IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  if (address instanceof IPv6) {
    return `${new IPv6([...address.parts.slice(0, 3), 0, 0, 0, 0, 0]).toString()}/48`;
  }
  const [a, b, c] = address.toByteArray();
  return `${a}.${b}.${c}.0/24`;
}
