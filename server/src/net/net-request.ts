/** One row of `net.http_request_queue`, as claimed by the sender. */
export interface QueuedRequest {
  id: string;
  method: string;
  url: string;
  headers: Record<string, unknown> | null;
  body: Uint8Array | null;
  timeout_milliseconds: number;
}

/** What goes into `net._http_response` for a request. */
export interface RecordedResponse {
  id: string;
  status_code: number | null;
  content_type: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timed_out: boolean | null;
  error_msg: string | null;
}

/**
 * The CLI's Kong on its Docker network: its aliases `kong` and `api.supabase.internal`
 * (utils.KongAliases) and its container name `supabase_kong_<project_id>` — chatgpt-your-files
 * stores the second in Vault, chatbot-ui writes the third into a migration.
 */
const KONG_HOSTS = /^(kong|api\.supabase\.internal|supabase_kong_[a-z0-9_-]+)$/i;

/**
 * Hosts that mean "this server" in a Supabase project: `kong:8000` is the API gateway inside the
 * CLI's Docker network, `host.docker.internal` the machine running it. Migrations written for
 * `supabase start` use them to call their own functions.
 */
export function rewriteUrl(url: string, serverUrl: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (KONG_HOSTS.test(u.hostname) && (u.port === '8000' || u.port === '')) {
    const s = new URL(serverUrl);
    u.protocol = s.protocol;
    u.host = s.host;
    return u.toString();
  }
  if (u.hostname === 'host.docker.internal') {
    u.hostname = '127.0.0.1';
    return u.toString();
  }
  return url;
}

/** curl's words for the common failures, as pg_net records them. */
function errorMessage(err: unknown): string {
  const cause = (err as { cause?: NodeJS.ErrnoException }).cause;
  const code = cause?.code ?? (err as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return "Couldn't connect to server";
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "Couldn't resolve host name";
  if (code === 'ECONNRESET') return 'Failure when receiving data from the peer';
  return cause?.message ?? (err as Error).message;
}

/** Sends one queued request and describes the outcome the way pg_net stores it. */
export async function sendRequest(req: QueuedRequest, serverUrl: string): Promise<RecordedResponse> {
  const started = performance.now();
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k] = typeof v === 'string' ? v : JSON.stringify(v);
  const failed = (fields: Partial<RecordedResponse>): RecordedResponse => ({
    id: req.id,
    status_code: null,
    content_type: null,
    headers: null,
    content: null,
    timed_out: false,
    error_msg: null,
    ...fields,
  });
  try {
    const res = await fetch(rewriteUrl(req.url, serverUrl), {
      method: req.method.toUpperCase(),
      headers,
      // A copy on its own ArrayBuffer: DOM typings refuse views over a SharedArrayBuffer-typed buffer.
      body: req.body && req.body.byteLength > 0 ? new Uint8Array(req.body) as Uint8Array<ArrayBuffer> : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(req.timeout_milliseconds),
    });
    // Postgres text cannot hold NUL characters.
    const content = (await res.text()).replaceAll('\u0000', '');
    return {
      id: req.id,
      status_code: res.status,
      content_type: res.headers.get('content-type'),
      headers: Object.fromEntries(res.headers),
      content: content === '' ? null : content,
      timed_out: false,
      error_msg: null,
    };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') {
      const total = (performance.now() - started).toFixed(3);
      return failed({ timed_out: true, error_msg: `Timeout of ${req.timeout_milliseconds} ms reached. Total time: ${total} ms` });
    }
    return failed({ error_msg: errorMessage(err) });
  }
}
