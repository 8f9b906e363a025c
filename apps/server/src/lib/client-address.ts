// The address a per-address limit counts. One IPv4 address is one client, but an IPv6 customer
// is handed a whole /64 (2^64 addresses): counting each address apart would let one client walk
// through its prefix and never be limited. So an IPv6 address counts by its /64, and an
// IPv4-mapped IPv6 address (::ffff:1.2.3.4, what a dual-stack socket reports) as the IPv4 one.
import ipaddr from 'ipaddr.js';

export function addressKey(ip: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip.trim());
  } catch {
    return ip; // Not an address (a test's made-up peer): counted as given.
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    const parts = v6.parts.slice(0, 4).map((p) => p.toString(16));
    return `${parts.join(':')}::/64`;
  }
  return parsed.toString();
}
