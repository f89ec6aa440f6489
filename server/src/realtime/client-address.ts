import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { Config } from '../config/config-schema.ts';

type Trust = Config['trustProxy'];

/** proxy-addr's named ranges, which GATHER_TRUST_PROXY accepts as Fastify does. */
const NAMED: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.1', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

const plain = (addr: string) => (addr.startsWith('::ffff:') && isIP(addr.slice(7)) === 4 ? addr.slice(7) : addr);

/** GATHER_TRUST_PROXY as a test of one hop: is the address `hop` steps from us a proxy we trust? */
export function trustTest(trust: Trust): (addr: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'function') return trust;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED[entry.toLowerCase()];
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
      continue;
    }
    const [net = '', bits] = entry.split('/');
    const type = isIP(plain(net)) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(plain(net))) continue; // the config's own validation is Fastify's; an unusable entry trusts nobody
    if (bits === undefined) list.addAddress(plain(net), type);
    else list.addSubnet(plain(net), Number(bits), type);
  }
  return (addr) => {
    const a = plain(addr);
    const type = isIP(a);
    return type !== 0 && list.check(a, type === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address for a WebSocket upgrade, as Fastify's `request.ip` finds it for HTTP
 * requests: walk X-Forwarded-For from the nearest hop while the hop is a trusted proxy. The
 * upgrade never reaches Fastify, so the per-address connection limit asks here.
 */
export function clientAddress(req: IncomingMessage, trusts: (addr: string, hop: number) => boolean): string {
  const socketAddr = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socketAddr, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) if (!trusts(chain[hop]!, hop)) return chain[hop]!;
  return chain[chain.length - 1]!;
}
