import { jsonTooDeep, TOO_DEEP_MESSAGE } from '../../http/json-guard.ts';
import type { BroadcastMessage, PhoenixMessage, Vsn } from './messages.ts';

/** Kinds of realtime's V2 binary frames: 3 = user broadcast push (in), 4 = user broadcast (out). */
const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const ENCODING_JSON = 1;

export class ProtocolError extends Error {}

function text(bytes: Uint8Array, start: number, len: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, len).toString('utf8');
}

/** A text frame: v2 is `[join_ref, ref, topic, event, payload]`, v1 an object. */
export function decodeText(data: string, vsn: Vsn): PhoenixMessage {
  if (jsonTooDeep(data)) throw new ProtocolError(TOO_DEEP_MESSAGE);
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new ProtocolError('frame is not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('topic and event must be strings');
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload };
  }
  const m = parsed as Record<string, unknown> | null;
  if (!m || typeof m !== 'object' || typeof m.topic !== 'string' || typeof m.event !== 'string') {
    throw new ProtocolError('expected {topic, event, payload, ref}');
  }
  return { joinRef: refOf(m.join_ref), ref: refOf(m.ref), topic: m.topic, event: m.event, payload: m.payload };
}

function parseJson(textValue: string, what: string): unknown {
  if (jsonTooDeep(textValue)) throw new ProtocolError(`${what}: ${TOO_DEEP_MESSAGE}`);
  try {
    return JSON.parse(textValue);
  } catch {
    throw new ProtocolError(`${what} is not JSON`);
  }
}

function refOf(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

/** A v2 binary frame: only kind 3 (a client's broadcast) is valid from a client. */
export function decodeBinary(bytes: Uint8Array): PhoenixMessage {
  if (bytes.length < 7 || bytes[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('unsupported binary frame');
  const [joinLen, refLen, topicLen, eventLen, metaLen, encoding] = Array.from(bytes.subarray(1, 7));
  let at = 7;
  const take = (n: number) => {
    if (at + n > bytes.length) throw new ProtocolError('truncated binary frame');
    const s = text(bytes, at, n);
    at += n;
    return s;
  };
  const joinRef = take(joinLen!);
  const ref = take(refLen!);
  const topic = take(topicLen!);
  const event = take(eventLen!);
  const metaText = take(metaLen!);
  const body = bytes.subarray(at);
  let payload: unknown;
  let binary: Uint8Array | undefined;
  if (encoding === ENCODING_JSON) payload = parseJson(Buffer.from(body).toString('utf8'), 'broadcast payload');
  else binary = new Uint8Array(body);
  const meta = metaText ? parseJson(metaText, 'broadcast meta') : undefined;
  if (meta !== undefined && (meta === null || typeof meta !== 'object' || Array.isArray(meta))) throw new ProtocolError('broadcast meta must be an object');
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload, binary, meta: meta as Record<string, unknown> | undefined },
  };
}

export function encodeText(m: PhoenixMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([m.joinRef, m.ref, m.topic, m.event, m.payload]);
  return JSON.stringify({ topic: m.topic, event: m.event, payload: m.payload, ref: m.ref });
}

/**
 * A postgres_changes frame around `dataJson`, already serialized once for every subscriber of
 * the change: the same text encodeText gives, without re-serializing the row per subscriber.
 */
export function encodeChangeFrame(topic: string, ids: number[], dataJson: string, vsn: Vsn): string {
  const payload = `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`;
  if (vsn === '2.0.0') return `[null,null,${JSON.stringify(topic)},"postgres_changes",${payload}]`;
  return `{"topic":${JSON.stringify(topic)},"event":"postgres_changes","payload":${payload},"ref":null}`;
}

/**
 * A v2 kind-4 frame for a broadcast whose payload is raw bytes, with its metadata (a database
 * broadcast's `{id}`, a replayed one's `{replayed, id}`) as upstream's serializer writes it.
 */
export function encodeBinaryBroadcast(b: BroadcastMessage & { binary: Uint8Array }): Uint8Array {
  const topic = Buffer.from(b.topic);
  const event = Buffer.from(b.event);
  if (topic.length > 255 || event.length > 255) throw new ProtocolError('topic or event longer than 255 bytes');
  const meta = b.meta ? Buffer.from(JSON.stringify(b.meta)) : Buffer.alloc(0);
  if (meta.length > 255) throw new ProtocolError('metadata longer than 255 bytes');
  const header = Buffer.from([USER_BROADCAST, topic.length, event.length, meta.length, 0]);
  return Buffer.concat([header, topic, event, meta, b.binary]);
}

/** How a subscriber on `vsn` receives a broadcast: JSON as a text frame, bytes as kind 4 on v2. */
export function encodeBroadcast(b: BroadcastMessage, vsn: Vsn): string | Uint8Array | undefined {
  if (b.binary) return vsn === '2.0.0' ? encodeBinaryBroadcast(b as BroadcastMessage & { binary: Uint8Array }) : undefined;
  const payload: Record<string, unknown> = { type: 'broadcast', event: b.event, payload: b.payload };
  if (b.meta) payload.meta = b.meta;
  return encodeText({ joinRef: null, ref: null, topic: b.topic, event: 'broadcast', payload }, vsn);
}
