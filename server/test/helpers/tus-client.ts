import { request } from 'node:http';
import * as tus from 'tus-js-client';
import type { TestServer } from './test-server.ts';

export function tusEndpoint(s: TestServer): string {
  return `${s.url}/storage/v1/upload/resumable`;
}

export function uploadMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

/** A raw TUS request (fetch cannot send a body it then cuts off). */
export async function tusRequest(url: string, method: string, headers: Record<string, string>, body?: Buffer) {
  const res = await fetch(url, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, body: body as never });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Creates an upload and returns its URL (or the error response). */
export async function tusCreate(s: TestServer, token: string, length: number, meta: Record<string, string>, extra: Record<string, string> = {}) {
  return tusRequest(tusEndpoint(s), 'POST', {
    authorization: `Bearer ${token}`,
    'upload-length': String(length),
    'upload-metadata': uploadMetadata(meta),
    ...extra,
  });
}

/**
 * A PATCH that sends `sent` and then drops the connection without finishing the body, as a
 * flaky network does; resolves once the socket is gone.
 */
export function tusPatchCut(url: string, token: string, offset: number, total: number, sent: Buffer): Promise<void> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const req = request({
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(total),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(sent, () => req.destroy());
  });
}

/** tus-js-client, as Uppy and the Supabase docs use it; resolves with the upload URL. */
export function tusJsUpload(
  s: TestServer,
  token: string,
  data: Buffer,
  metadata: Record<string, string>,
  opts: { chunkSize?: number; uploadUrl?: string; abortAfterChunks?: number; upsert?: boolean; dataDuringCreation?: boolean } = {},
): Promise<{ url: string | null; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    const upload: tus.Upload = new tus.Upload(data, {
      endpoint: tusEndpoint(s),
      uploadUrl: opts.uploadUrl,
      headers: { authorization: `Bearer ${token}`, apikey: s.keys.anonKey, ...(opts.upsert ? { 'x-upsert': 'true' } : {}) },
      chunkSize: opts.chunkSize ?? 6 * 1024 * 1024,
      retryDelays: [],
      uploadDataDuringCreation: opts.dataDuringCreation ?? false,
      removeFingerprintOnSuccess: true,
      metadata,
      onChunkComplete: () => {
        chunks++;
        if (opts.abortAfterChunks !== undefined && chunks >= opts.abortAfterChunks) {
          upload.abort().then(() => resolve({ url: upload.url, aborted: true }), reject);
        }
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url, aborted: false }),
    });
    upload.start();
  });
}
