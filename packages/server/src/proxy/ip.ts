/**
 * IP address classification for the playground proxy: which resolved addresses the proxy must never connect to.
 * Pure functions, no Node APIs, so the same checks run on edge runtimes.
 */

/** Parses a dotted-quad IPv4 address (canonical decimal form only, as resolvers and the URL parser produce). */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    bytes.push(n);
  }
  return bytes;
}

/** Parses an IPv6 address (with optional `::`, embedded dotted quad and zone id) into 16 bytes. */
export function parseIPv6(input: string): number[] | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const lastColon = text.lastIndexOf(':');
  const lastPart = text.slice(lastColon + 1);
  if (lastPart.includes('.')) {
    const v4 = parseIPv4(lastPart);
    if (!v4) return null;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hex(v4[0] ?? 0, v4[1] ?? 0)}:${hex(v4[2] ?? 0, v4[3] ?? 0)}`;
  }
  const doubles = text.split('::');
  if (doubles.length > 2) return null;
  const toGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = toGroups(doubles[0] ?? '');
  const rest = doubles.length === 2 ? toGroups(doubles[1] ?? '') : [];
  if (!head || !rest) return null;
  const total = head.length + rest.length;
  let groups: number[];
  if (doubles.length === 2) {
    if (total > 7) return null;
    groups = [...head, ...new Array<number>(8 - total).fill(0), ...rest];
  } else {
    if (total !== 8) return null;
    groups = head;
  }
  const bytes: number[] = [];
  for (const g of groups) bytes.push(g >> 8, g & 0xff);
  return bytes.length === 16 ? bytes : null;
}

interface Range {
  bytes: number[];
  prefix: number;
  reason: string;
}

function range(cidr: string, reason: string): Range {
  const [addr, prefix] = cidr.split('/');
  const bytes = parseIPv4(addr ?? '') ?? parseIPv6(addr ?? '');
  if (!bytes) throw new Error(`bad CIDR ${cidr}`);
  return { bytes, prefix: Number(prefix), reason };
}

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false;
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

const IPV4_BLOCKED: Range[] = [
  range('169.254.169.254/32', 'cloud metadata address'),
  range('0.0.0.0/8', 'unspecified / "this network" address'),
  range('10.0.0.0/8', 'private address'),
  range('100.64.0.0/10', 'carrier-grade NAT (shared) address'),
  range('127.0.0.0/8', 'loopback address'),
  range('169.254.0.0/16', 'link-local address'),
  range('172.16.0.0/12', 'private address'),
  range('192.0.0.0/24', 'IETF protocol assignment address'),
  range('192.0.2.0/24', 'documentation address'),
  range('192.88.99.0/24', '6to4 relay address'),
  range('192.168.0.0/16', 'private address'),
  range('198.18.0.0/15', 'benchmarking address'),
  range('198.51.100.0/24', 'documentation address'),
  range('203.0.113.0/24', 'documentation address'),
  range('224.0.0.0/4', 'multicast address'),
  range('240.0.0.0/4', 'reserved address'),
];

const IPV6_BLOCKED: Range[] = [
  range('fd00:ec2::254/128', 'cloud metadata address'),
  range('::/128', 'unspecified address'),
  range('::1/128', 'loopback address'),
  range('64:ff9b:1::/48', 'local-use NAT64 address'),
  range('100::/64', 'discard-only address'),
  range('2001::/32', 'Teredo tunnelling address'),
  range('2001:db8::/32', 'documentation address'),
  range('fc00::/7', 'unique-local address'),
  range('fe80::/10', 'link-local address'),
  range('fec0::/10', 'site-local address'),
  range('ff00::/8', 'multicast address'),
];

/** IPv6 prefixes that embed an IPv4 address: the embedded address is checked instead. */
const IPV6_EMBEDDING: Array<{ r: Range; offset: number; label: string }> = [
  { r: range('::ffff:0:0/96', ''), offset: 12, label: 'IPv4-mapped' },
  { r: range('64:ff9b::/96', ''), offset: 12, label: 'NAT64' },
  { r: range('2002::/16', ''), offset: 2, label: '6to4' },
  { r: range('::/96', ''), offset: 12, label: 'IPv4-compatible' },
];

/**
 * Why the proxy must not connect to `address` (an IP literal, IPv4 or IPv6, brackets allowed), or `null` when it
 * is a public unicast address. Anything that does not parse as an IP address is refused too.
 */
export function blockedAddressReason(address: string): string | null {
  const v4 = parseIPv4(address);
  if (v4) return checkV4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return 'not an IP address';
  for (const r of IPV6_BLOCKED) if (inRange(v6, r)) return r.reason;
  for (const { r, offset, label } of IPV6_EMBEDDING) {
    if (inRange(v6, r)) {
      const reason = checkV4(v6.slice(offset, offset + 4));
      return reason ? `${label} form of a ${reason}` : null;
    }
  }
  return null;
}

function checkV4(bytes: number[]): string | null {
  if (bytes.every((b) => b === 255)) return 'broadcast address';
  for (const r of IPV4_BLOCKED) if (inRange(bytes, r)) return r.reason;
  return null;
}

/** 4 or 6 when `host` (brackets allowed) is an IP literal, else 0. */
export function ipFamily(host: string): 0 | 4 | 6 {
  if (parseIPv4(host)) return 4;
  if (parseIPv6(host)) return 6;
  return 0;
}
