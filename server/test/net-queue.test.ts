import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let s: TestServer;
let receiver: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      if (req.url?.startsWith('/slow')) return; // never answers
      res.writeHead(201, { 'content-type': 'application/json', 'x-reply': 'yes' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  s = await startTestServer();
});
afterAll(async () => {
  await s?.stop();
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
});

const byMarker = (marker: string) => received.filter((r) => r.url.includes(marker) || r.body.includes(marker));

async function response(id: string) {
  const { rows } = await s.db.query<{
    status_code: number | null;
    content_type: string | null;
    headers: Record<string, string> | null;
    content: string | null;
    timed_out: boolean | null;
    error_msg: string | null;
  }>('select status_code, content_type, headers, content, timed_out, error_msg from net._http_response where id = $1', [id]);
  return rows[0];
}

describe('pg_net: net.http_post / net.http_get', () => {
  it('lets a migration enable the extension, as on Supabase', async () => {
    await s.db.exec('create extension if not exists pg_net with schema extensions;');
    const { rows } = await s.db.query(`select 1 from pg_extension where extname = 'pg_net'`);
    expect(rows).toHaveLength(1);
  });

  it('sends a request only after its transaction commits, and records the response', async () => {
    const id = await s.db.transaction(async (tx) => {
      const r = await tx.query<{ id: string }>(
        `select net.http_post(url := $1, body := '{"marker":"commit-1","n":2}'::jsonb, headers := '{"x-test":"1"}'::jsonb)::text as id`,
        [`${base}/hook`],
      );
      // Still inside the transaction: nothing may have gone out.
      await new Promise((r) => setTimeout(r, 1500));
      expect(byMarker('commit-1')).toHaveLength(0);
      return r.rows[0]!.id;
    });
    await expect.poll(() => byMarker('commit-1').length).toBe(1);
    const req = byMarker('commit-1')[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/hook');
    expect(JSON.parse(req.body)).toEqual({ marker: 'commit-1', n: 2 });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-test']).toBe('1');
    await expect.poll(() => response(id)).toBeDefined();
    expect(await response(id)).toEqual({
      status_code: 201,
      content_type: 'application/json',
      headers: expect.objectContaining({ 'x-reply': 'yes' }),
      content: '{"ok":true}',
      timed_out: false,
      error_msg: null,
    });
    const queued = await s.db.query('select 1 from net.http_request_queue where id = $1', [id]);
    expect(queued.rows).toHaveLength(0);
  });

  it('never sends a request whose transaction rolled back', async () => {
    await expect(
      s.db.transaction(async (tx) => {
        await tx.query(`select net.http_post(url := $1, body := '{"marker":"rolled-back"}'::jsonb)`, [`${base}/hook`]);
        throw new Error('roll it back');
      }),
    ).rejects.toThrow('roll it back');
    // A later committed request is sent; by then the rolled-back one would have gone first.
    await s.db.query(`select net.http_post(url := $1, body := '{"marker":"after-rollback"}'::jsonb)`, [`${base}/hook`]);
    await expect.poll(() => byMarker('after-rollback').length).toBe(1);
    expect(byMarker('rolled-back')).toHaveLength(0);
  });

  it('encodes params into the query string of a GET', async () => {
    const { rows } = await s.db.query<{ id: string }>(
      `select net.http_get(url := $1, params := '{"q":"a b&c","marker":"get-1"}'::jsonb, headers := '{"accept":"text/plain"}'::jsonb)::text as id`,
      [`${base}/search`],
    );
    await expect.poll(() => byMarker('get-1').length).toBe(1);
    const req = byMarker('get-1')[0]!;
    expect(req.method).toBe('GET');
    // jsonb orders keys (shorter first), so pg_net sends them in this order too.
    expect(req.url).toBe('/search?q=a%20b%26c&marker=get-1');
    expect(req.headers.accept).toBe('text/plain');
    await expect.poll(async () => (await response(rows[0]!.id))?.status_code).toBe(201);
  });

  it('records a timeout and a refused connection the way pg_net does', async () => {
    const slow = await s.db.query<{ id: string }>(
      `select net.http_get(url := $1, timeout_milliseconds := 300)::text as id`,
      [`${base}/slow?marker=timeout`],
    );
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const refused = await s.db.query<{ id: string }>(`select net.http_delete(url := $1)::text as id`, [
      `http://127.0.0.1:${closedPort}/nothing`,
    ]);
    await expect.poll(() => response(slow.rows[0]!.id)).toBeDefined();
    const t = (await response(slow.rows[0]!.id))!;
    expect(t.timed_out).toBe(true);
    expect(t.status_code).toBeNull();
    expect(t.error_msg).toMatch(/^Timeout of 300 ms reached/);
    await expect.poll(() => response(refused.rows[0]!.id)).toBeDefined();
    expect((await response(refused.rows[0]!.id))!.error_msg).toBe("Couldn't connect to server");
  });

  it('can be called by a trigger fired by an API role (database-webhook style)', async () => {
    await s.db.exec(`
      create table public.net_hooked (id int primary key, note text);
      grant insert on public.net_hooked to authenticated;
      create function public.net_hook() returns trigger language plpgsql as $$
      begin
        perform net.http_post(url := '${base}/webhook', body := jsonb_build_object('marker', 'webhook', 'record', to_jsonb(new)));
        return new;
      end $$;
      create trigger net_hook after insert on public.net_hooked for each row execute function public.net_hook();`);
    await s.db.asRole({ role: 'authenticated', claims: { role: 'authenticated', sub: 'u1' } }, (tx) =>
      tx.query(`insert into public.net_hooked values (1, 'hi')`),
    );
    await expect.poll(() => byMarker('webhook').length).toBe(1);
    expect(JSON.parse(byMarker('webhook')[0]!.body)).toEqual({ marker: 'webhook', record: { id: 1, note: 'hi' } });
  });

  it('refuses a non-JSON content type for http_post, as pg_net does', async () => {
    await expect(
      s.db.query(`select net.http_post(url := $1, headers := '{"Content-Type":"text/plain"}'::jsonb)`, [`${base}/x`]),
    ).rejects.toThrow('Content-Type header must be "application/json"');
  });
});
