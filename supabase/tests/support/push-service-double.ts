// A local double of a browser's push service (RFC 8030), for the tests: it takes a message only
// as the real services do — a VAPID JWT (RFC 8292) signed ES256 by the key in the header, for
// this service's origin, expiring within a day — and it decrypts the aes128gcm payload (RFC 8188,
// RFC 8291) with the subscription's own private key, which the test made as a browser would. It
// answers 201, or 410 for a subscription the test has said is gone. Written from the RFCs with
// node:crypto, not with the web-push package the server sends with, so it checks that package.
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestSubscription {
  endpoint: string;
  /** What the browser hands the app: PushSubscription.toJSON().keys. */
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
}

export interface PushServiceDouble {
  url: string;
  /** A new browser subscription on this service (its keys made here, as a browser makes them). */
  subscribe(): TestSubscription;
  /** The service answers 410 Gone for this subscription from now on. */
  expire(sub: TestSubscription): void;
  received: ReceivedPush[];
  /** Requests refused, with why (a bad signature, a wrong audience, …): a test expects none. */
  refused: { endpoint: string; status: number; why: string }[];
  close(): Promise<void>;
}

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** ES256 signature of a JWT against a raw uncompressed P-256 public key (65 bytes). */
function jwtSignedBy(jwt: string, publicKey: Buffer): boolean {
  const [head, body, sig] = jwt.split('.');
  if (!head || !body || !sig || publicKey.length !== 65 || publicKey[0] !== 4) return false;
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(publicKey.subarray(1, 33)), y: b64url(publicKey.subarray(33, 65)) },
    format: 'jwk',
  });
  return verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padding delimiter 0x02. */
export function decryptAes128gcm(body: Buffer, sub: TestSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = sub.ecdh.getPublicKey();
  const ecdhSecret = sub.ecdh.computeSecret(asPublic);
  const prkKey = hmac(sub.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record padding delimiter (0x02)');
  return padded.subarray(0, end);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** `vapidPublicKey`: the server's key (base64url), the only one whose messages are taken. */
export async function startPushServiceDouble(vapidPublicKey: string): Promise<PushServiceDouble> {
  const subs = new Map<string, TestSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: PushServiceDouble['refused'] = [];
  let origin = '';

  const server = createServer(async (req, res) => {
    const endpoint = `${origin}${req.url}`;
    const answer = (status: number, why?: string) => {
      if (why) refused.push({ endpoint, status, why });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(why ?? '');
    };
    const body = await readBody(req);
    const sub = subs.get(endpoint);
    if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription');
    if (gone.has(endpoint)) return void res.writeHead(410).end();
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return answer(401, `Authorization is not "vapid t=…, k=…": ${req.headers.authorization}`);
    const [, jwt, k] = auth as unknown as [string, string, string];
    if (k !== vapidPublicKey) return answer(403, 'k is not the application server key this subscription was made with');
    if (!jwtSignedBy(jwt, Buffer.from(k, 'base64url'))) return answer(403, 'the JWT is not signed ES256 by k');
    const header = JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { alg?: string };
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as ReceivedPush['claims'];
    const now = Math.floor(Date.now() / 1000);
    if (header.alg !== 'ES256') return answer(403, `alg ${header.alg}`);
    if (claims.aud !== origin) return answer(403, `aud ${claims.aud} is not ${origin}`);
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return answer(403, `exp ${claims.exp} is not within 24 h`);
    if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return answer(403, `sub ${claims.sub}`);
    if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, `content-encoding ${req.headers['content-encoding']}`);
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header missing');
    if (body.length > 4096) return answer(413, 'payload over 4096 bytes');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, sub).toString('utf8'));
    } catch (err) {
      return answer(400, `cannot decrypt: ${(err as Error).message}`);
    }
    received.push({ endpoint, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, claims });
    res.writeHead(201, { location: `${endpoint}/messages/${received.length}` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${origin}/push/${randomBytes(12).toString('hex')}`;
      const sub = { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) }, ecdh, authSecret };
      subs.set(endpoint, sub);
      return sub;
    },
    expire(sub) {
      gone.add(sub.endpoint);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A VAPID key pair as `npx web-push generate-vapid-keys` makes one (base64url, raw). */
export function vapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const raw = ecdh.getPrivateKey();
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(Buffer.concat([Buffer.alloc(32 - raw.length), raw])) };
}
