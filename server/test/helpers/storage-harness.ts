import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { TestServer } from './test-server.ts';
import { signToken } from './tokens.ts';

/** The running server of the storage suite, set by the test file's beforeAll. */
export interface StorageSuite {
  s: TestServer;
  /** `file` or `s3`, for the describe titles. */
  backend: string;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

let counter = 0;
/** A bucket name no other test in the run uses. */
export function uniqueBucket(prefix = 'b'): string {
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}`;
}

export const USER_A = '11111111-1111-4111-8111-111111111111';
export const USER_B = '22222222-2222-4222-8222-222222222222';

export function userToken(sub: string): Promise<string> {
  return signToken({ sub, role: 'authenticated', aud: 'authenticated' });
}

/** A supabase-js client whose requests carry `sub`'s user JWT, as a signed-in app's do. */
export async function userClient(s: TestServer, sub: string): Promise<SupabaseClient> {
  return s.client(await userToken(sub));
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

/**
 * An HTTP request with the path sent exactly as given: fetch would normalise `..` and `//`,
 * which is what the path traversal tests must get past.
 */
export function rawRequest(
  s: TestServer,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { ...opts.headers, ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export function serviceHeaders(s: TestServer): Record<string, string> {
  return { apikey: s.keys.anonKey, authorization: `Bearer ${s.keys.serviceRoleKey}` };
}

/** The request storage-js would send for `from(bucket).download(path)`, as a plain fetch. */
export function fetchObject(s: TestServer, path: string, headers: Record<string, string> = {}): Promise<Response> {
  return s.fetch(`/storage/v1/object/${path}`, { headers: { ...serviceHeaders(s), ...headers } });
}
