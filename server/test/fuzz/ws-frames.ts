import type { Random } from './random.ts';

/** One frame the fuzzer sends on a realtime socket: text or binary. */
export type Frame = { text: string } | { binary: Buffer };

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A v2 binary "user broadcast push" frame whose header lengths may lie. */
function binaryPush(r: Random): Buffer {
  const topic = Buffer.from(r.pick(['realtime:room', 'realtime:' + 'x'.repeat(200), '']));
  const event = Buffer.from(r.pick(['e', '', '\u0000']));
  const meta = Buffer.from(r.pick(['', '{}', '[]', 'null', '{"a":', deep(500)]));
  const lens = [r.int(256), r.int(256), topic.length, event.length, meta.length].map((n) => (r.chance(0.3) ? r.int(256) : n));
  const header = Buffer.from([3, ...lens, r.pick([0, 1, 2, 255])]);
  return Buffer.concat([header, Buffer.from('1'), Buffer.from('2'), topic, event, meta, r.bytes(r.int(64))]);
}

function phoenix(r: Random, vsn: string, topic: string, event: string, payload: unknown, ref = String(r.int(1000))): string {
  return vsn === '1.0.0' ? JSON.stringify({ topic, event, payload, ref, join_ref: ref }) : JSON.stringify([ref, ref, topic, event, payload]);
}

/** Hostile and malformed frames: garbage, wrong shapes, deep and huge JSON, odd joins and pushes. */
export function hostileFrame(r: Random, vsn: string, tokens: string[]): Frame {
  const topic = r.pick(['realtime:room', 'realtime:', 'realtime:' + 'ä'.repeat(300), 'phoenix', 'realtime:a\u0000b', 'x'.repeat(5_000), 'realtime:event:00000000-0000-0000-0000-000000000000']);
  switch (r.int(16)) {
    case 0: return { text: r.bytes(r.int(300) + 1).toString('latin1') };
    case 1: return { binary: r.bytes(r.int(300) + 1) };
    case 2: return { binary: binaryPush(r) };
    case 3: return { text: r.pick(['', 'null', '[]', '[1,2,3,4,5]', '{}', '"x"', '[null,null,null,null,null]', '{"topic":1,"event":[],"payload":"x"}', '[' + '"a",'.repeat(10_000) + '"a"]']) };
    case 4: return { text: `[null,"1","realtime:room","broadcast",${deep(r.pick([101, 5_000, 50_000]))}]` };
    case 5: return { text: phoenix(r, vsn, topic, 'broadcast', { type: 'broadcast', event: 'e', payload: { x: 'y'.repeat(r.pick([10, 100_000, 600_000])) } }) };
    case 6: return { text: phoenix(r, vsn, topic, 'phx_join', { config: r.pick([null, 'x', { broadcast: 'yes', presence: { key: { a: 1 } }, private: 'true' }, { postgres_changes: [{ event: '*', schema: 'auth', table: 'users' }] }, { postgres_changes: [{ event: 'DROP', schema: 'public', table: 'events', filter: r.pick(['id=eq.', 'id=in.(' + '1,'.repeat(5_000) + '1)', 'x', 'title=like.%', 'id=eq.1;drop table events']) }] }, { postgres_changes: 'all' }]), access_token: r.pick([...tokens, 'a.b.c', '', 'x'.repeat(20_000), 42]) }) };
    case 7: return { text: phoenix(r, vsn, topic, 'presence', { type: 'presence', event: r.pick(['track', 'untrack', 'sync', 'x']), payload: r.pick([null, 'str', { a: deep(50) }, Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i]))]) }) };
    case 8: return { text: phoenix(r, vsn, topic, r.pick(['access_token', 'phx_leave', 'heartbeat', 'phx_close', 'unknown_event', '']), r.pick([{ access_token: r.pick(tokens) }, { access_token: null }, null, [], 'x'])) };
    case 9: return { text: phoenix(r, vsn, topic, 'broadcast', r.pick([{ type: 'broadcast' }, { type: 'broadcast', event: null, payload: null }, { type: 'other', event: 'e' }, 'x', 5])) };
    case 10: return { text: '\ufeff' + phoenix(r, vsn, topic, 'phx_join', {}) };
    case 11: return { text: phoenix(r, vsn, topic, 'phx_join', { config: {} }, r.pick(['', '0', '-1', 'x'.repeat(10_000)])) };
    case 12: return { text: `{"topic":"realtime:room","event":"phx_join","payload":{"config":{}},"ref":"1","__proto__":{"polluted":true}}` };
    case 13: return { text: Buffer.from([0xed, 0xa0, 0x80, 0xff]).toString('latin1') + '["1","1","realtime:room","phx_join",{}]' };
    case 14: return { binary: Buffer.from([3, 255, 255, 255, 255, 255, 1]) };
    default: return { text: phoenix(r, vsn, 'realtime:room', 'broadcast', { type: 'broadcast', event: 'e', payload: { n: r.next() } }) };
  }
}
