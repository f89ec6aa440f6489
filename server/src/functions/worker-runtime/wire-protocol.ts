/**
 * Messages between the server (main thread) and a function worker. Bodies stream both ways in
 * chunks; the receiver acknowledges each chunk once it has room for more, and the sender keeps at
 * most CHUNK_WINDOW chunks unacknowledged, so a slow reader slows the writer down.
 */

export const CHUNK_WINDOW = 8;

export type Headers = [string, string][];

/** Server → worker. */
export type ToWorker =
  | {
      t: 'request';
      id: number;
      method: string;
      url: string;
      headers: Headers;
      /** The body streams in req-chunk messages… */
      hasBody: boolean;
      /** …unless it was small and came whole with the request. */
      body?: Uint8Array;
      remoteAddr: { hostname: string; port: number };
    }
  | { t: 'req-chunk'; id: number; chunk: Uint8Array }
  | { t: 'req-end'; id: number }
  | { t: 'req-error'; id: number; message: string }
  /** The server has taken a response chunk off the worker's hands. */
  | { t: 'res-ack'; id: number }
  /** The client went away: abort the request's signal and stop streaming the response. */
  | { t: 'abort'; id: number };

/** Worker → server. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'boot-error'; message: string }
  | { t: 'req-ack'; id: number }
  | {
      t: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: Headers;
      hasBody: boolean;
      /** The first chunk of the body, sent along with the head. */
      chunk?: Uint8Array;
      /** The body is complete (a whole response in one message: the common case). */
      end?: boolean;
    }
  | { t: 'res-chunk'; id: number; chunk: Uint8Array }
  | { t: 'res-end'; id: number }
  /** The handler threw (or its response stream failed): WORKER_ERROR. */
  | { t: 'failed'; id: number; message: string };

export interface WorkerBootData {
  functionName: string;
}
