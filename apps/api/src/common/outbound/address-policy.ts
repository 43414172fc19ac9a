import { IPv4, IPv6 } from 'ipaddr.js';
import { isIP } from 'node:net';

/**
 * Which IP addresses an outgoing request may connect to, judged from the address alone. The IANA
 * special-purpose registries' ranges that are not globally reachable are refused whatever the environment;
 * loopback only when the policy allows it (outside production, so local receivers work).
 */
export interface AddressPolicy {
  allowLoopback: boolean;
}

/** ipaddr.js's names of the IPv4 ranges a request may reach: global unicast, and the two anycast services
 * IANA lists as globally reachable (AS112 DNS, AMT relays). Every other name (private, carrierGradeNat,
 * linkLocal, reserved, multicast, broadcast, unspecified, and any a later version adds) is refused. */
const REACHABLE_V4 = new Set<string>(['unicast', 'as112', 'amt']);

/** IPv6 outside global unicast 2000::/3 (IANA IPv6 address space) is refused as a whole: unspecified,
 * IPv4-compatible, discard, dummy prefix, local NAT64 64:ff9b:1::/48, SRv6, unique local, link-local,
 * site-local, multicast and everything unassigned. */
const GLOBAL_UNICAST_V6 = IPv6.parseCIDR('2000::/3');
/** IETF protocol assignments (Teredo, benchmarking, ORCHID…), refused as a whole, its anycast parts too. */
const IETF_PROTOCOL_V6 = IPv6.parseCIDR('2001::/23');
/** ipaddr.js's names of the rest of 2000::/3 a request may reach: global unicast and AS112
 * (2620:4f:8000::/48). Documentation (`reserved`: 2001:db8::/32, 3fff::/20), 6to4 and any name a later
 * version adds are refused. */
const REACHABLE_V6 = new Set<string>(['unicast', 'as112v6']);
/** NAT64's well-known prefix, judged by the IPv4 address it holds (not the local-use 64:ff9b:1::/48). */
const NAT64_V6 = IPv6.parseCIDR('64:ff9b::/96');

/**
 * The address `text` names as the socket layer reads it, or null. Node decides what is an IP address:
 * ipaddr.js alone also takes `127.1`, `0x7f.0.0.1` or `2130706433`. A zone index is dropped (ipaddr.js
 * takes only `%[0-9a-z]+`), and `::a.b.c.d` is the IPv4-compatible address it is (ipaddr.js reads it as
 * `::ffff:a.b.c.d`).
 */
function parseAddress(text: string): IPv4 | IPv6 | null {
  const family = isIP(text);
  if (!family) return null;
  const plain = text.replace(/%.*$/, '');
  try {
    return family === 4 ? IPv4.parse(plain) : IPv6.parse(plain.replace(/^::(?=\d+\.\d+\.\d+\.\d+$)/, '::0:'));
  } catch {
    return null;
  }
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96) or NAT64 (64:ff9b::/96) address, else itself. */
function unwrapIpv4(address: IPv4 | IPv6): IPv4 | IPv6 {
  if (address instanceof IPv4) return address;
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_V6)) return new IPv4(address.toByteArray().slice(12));
  return address;
}

/** Why the policy refuses to connect to this IP address, or null when it may. */
export function addressRefusal(address: string, policy: AddressPolicy): string | null {
  const parsed = parseAddress(address);
  if (!parsed) return `${address} is not an IP address`;
  const judged = unwrapIpv4(parsed);
  if (judged.range() === 'loopback') {
    return policy.allowLoopback ? null : `${address} is a loopback address`;
  }
  const reachable =
    judged instanceof IPv4
      ? REACHABLE_V4.has(judged.range())
      : judged.match(GLOBAL_UNICAST_V6) &&
        !judged.match(IETF_PROTOCOL_V6) &&
        REACHABLE_V6.has(judged.range());
  return reachable ? null : `${address} is a private or reserved address`;
}

/**
 * The key a per-client limit counts under: an IPv4 address itself, the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64 and picks new addresses in it at will). IPv4-mapped and NAT64
 * addresses count as the IPv4 address they hold: a dual-stack server sees IPv4 clients as `::ffff:a.b.c.d`,
 * a stateless NAT64 front (SIIT-DC) as `64:ff9b::a.b.c.d`. Text that is not an IP address is its own key.
 */
export function clientNetworkKey(ip: string): string {
  const parsed = parseAddress(ip);
  if (!parsed) return ip;
  const client = unwrapIpv4(parsed);
  if (client instanceof IPv4) return client.toString();
  return `${new IPv6([...client.parts.slice(0, 4), 0, 0, 0, 0]).toRFC5952String()}/64`;
}

/**
 * The network a client's address is in, for spotting many clients of one network: an IPv4 /24, an IPv6 /48 (a
 * site's usual assignment), IPv4-mapped and NAT64 addresses as the IPv4 they hold. Text that is not an IP address
 * is its own key.
 */
export function clientPrefixKey(ip: string): string {
  const parsed = parseAddress(ip);
  if (!parsed) return ip;
  const client = unwrapIpv4(parsed);
  if (client instanceof IPv4) return `${client.octets.slice(0, 3).join('.')}.0/24`;
  return `${new IPv6([...client.parts.slice(0, 3), 0, 0, 0, 0, 0]).toRFC5952String()}/48`;
}
