import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { S3_ERRORS } from './s3-errors.ts';

/**
 * AWS Signature Version 4 as S3 clients sign requests: in the Authorization header, or in the
 * query string (presigned URLs). Verification recomputes the signature from the request as it
 * arrived; the body is covered by the `x-amz-content-sha256` the client signed, which the
 * body readers check against the bytes (see s3-body.ts).
 */

export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGNED_EXPIRY_S = 7 * 24 * 3600;

export interface ClientSignature {
  accessKeyId: string;
  shortDate: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  longDate: string;
  /** The payload hash the client signed (a hex SHA-256, UNSIGNED-PAYLOAD or a STREAMING-… mode). */
  contentSha256: string;
  sessionToken?: string;
  presigned: boolean;
}

function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function credentialScope(credential: string) {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request') throw S3_ERRORS.authorizationMalformed('the Credential must be <key>/<date>/<region>/s3/aws4_request');
  const [accessKeyId, shortDate, region, service] = parts as [string, string, string, string];
  return { accessKeyId, shortDate, region, service };
}

/** The raw query string as name/value pairs, percent-decoded (`+` is a literal plus in S3). */
export function queryPairs(rawUrl: string): [string, string][] {
  const q = rawUrl.indexOf('?');
  if (q < 0) return [];
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      throw S3_ERRORS.invalidArgument('the query string is not valid percent-encoding');
    }
  };
  return rawUrl
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [decode(p), ''] : [decode(p.slice(0, eq)), decode(p.slice(eq + 1))];
    });
}

/** The signature a request carries, or undefined when it carries none. */
export function clientSignatureOf(headers: IncomingHttpHeaders, rawUrl: string): ClientSignature | undefined {
  const auth = one(headers.authorization);
  if (auth?.startsWith('AWS4-HMAC-SHA256 ')) {
    const params = new Map<string, string>();
    for (const part of auth.slice('AWS4-HMAC-SHA256 '.length).split(',')) {
      const eq = part.indexOf('=');
      if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
    }
    const credential = params.get('Credential');
    const signedHeaders = params.get('SignedHeaders');
    const signature = params.get('Signature');
    const longDate = one(headers['x-amz-date']);
    if (!credential || !signedHeaders || !signature) throw S3_ERRORS.authorizationMalformed('the Authorization header needs Credential, SignedHeaders and Signature');
    if (!longDate) throw S3_ERRORS.accessDenied('AWS authentication requires a valid Date or x-amz-date header');
    return {
      ...credentialScope(credential),
      signedHeaders: signedHeaders.split(';'),
      signature,
      longDate,
      contentSha256: one(headers['x-amz-content-sha256']) ?? 'UNSIGNED-PAYLOAD',
      sessionToken: one(headers['x-amz-security-token']),
      presigned: false,
    };
  }
  const query = new Map(queryPairs(rawUrl));
  if (!query.has('X-Amz-Credential')) {
    if (auth) throw S3_ERRORS.authorizationMalformed('only AWS Signature Version 4 (AWS4-HMAC-SHA256) is supported');
    return undefined;
  }
  const signature = query.get('X-Amz-Signature');
  const longDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !longDate || !signedHeaders) {
    throw S3_ERRORS.authorizationMalformed('a presigned URL needs X-Amz-Algorithm=AWS4-HMAC-SHA256, X-Amz-Date, X-Amz-SignedHeaders and X-Amz-Signature');
  }
  const expires = Number(query.get('X-Amz-Expires') ?? '');
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGNED_EXPIRY_S) {
    throw S3_ERRORS.authorizationMalformed('X-Amz-Expires must be a number of seconds from 1 to 604800');
  }
  if (Date.now() > parseLongDate(longDate) + expires * 1000) throw S3_ERRORS.accessDenied('Request has expired');
  return {
    ...credentialScope(query.get('X-Amz-Credential')!),
    signedHeaders: signedHeaders.split(';'),
    signature,
    longDate,
    contentSha256: query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    sessionToken: query.get('X-Amz-Security-Token'),
    presigned: true,
  };
}

function parseLongDate(longDate: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(longDate);
  if (!m) throw S3_ERRORS.accessDenied('X-Amz-Date must be in the ISO 8601 basic format (YYYYMMDDThhmmssZ)');
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

/** The request's time must be within 15 minutes of ours (presigned URLs: their own expiry instead). */
export function checkRequestTime(sig: ClientSignature, now = Date.now()): void {
  if (!sig.longDate.startsWith(sig.shortDate)) throw S3_ERRORS.authorizationMalformed('the Credential date does not match X-Amz-Date');
  const at = parseLongDate(sig.longDate);
  if (!sig.presigned && Math.abs(now - at) > MAX_SKEW_MS) throw S3_ERRORS.requestTimeTooSkewed();
}

/** RFC 3986 encoding as SigV4 wants it: every character but A–Z a–z 0–9 - _ . ~ escaped. */
function rfc3986(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function canonicalQuery(rawUrl: string): string {
  return queryPairs(rawUrl)
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function canonicalHeaders(headers: IncomingHttpHeaders, signed: string[]): string {
  return signed
    .map((name) => {
      const v = headers[name];
      const value = Array.isArray(v) ? v.join(',') : (v ?? '');
      return `${name}:${value.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
}

export function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

export function signingKey(secret: string, sig: Pick<ClientSignature, 'shortDate' | 'region' | 'service'>): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, sig.shortDate), sig.region), sig.service), 'aws4_request');
}

export interface SignedRequest {
  method: string;
  /** The request target as it arrived (path still percent-encoded, with its query). */
  rawUrl: string;
  headers: IncomingHttpHeaders;
}

/** The hex signature the request should carry if it was signed with `secret`. */
export function expectedSignature(secret: string, sig: ClientSignature, req: SignedRequest): string {
  const path = req.rawUrl.split('?')[0] || '/';
  const signed = [...sig.signedHeaders].sort();
  const payload = sig.presigned ? 'UNSIGNED-PAYLOAD' : sig.contentSha256;
  const canonical = [req.method, path, canonicalQuery(req.rawUrl), canonicalHeaders(req.headers, signed), signed.join(';'), payload].join('\n');
  const scope = `${sig.shortDate}/${sig.region}/${sig.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', sig.longDate, scope, createHash('sha256').update(canonical).digest('hex')].join('\n');
  return hmac(signingKey(secret, sig), toSign).toString('hex');
}

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
