import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableQueues } from '../src/realtime/changes/table-queues.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { signToken } from './helpers/tokens.ts';
import { collectChanges } from './helpers/realtime.ts';

const ALICE = '00000000-0000-0000-0000-0000000000a1';
const BOB = '00000000-0000-0000-0000-0000000000b2';

let s: TestServer;
let aliceToken: string;
let bobToken: string;
/** Alice again, with other claims: another identity, asking about other rows (a filter). */
let aliceOtherToken: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.rt_burst (id int primary key, owner uuid not null, body text);
    alter table public.rt_burst enable row level security;
    create policy read_own on public.rt_burst for select to authenticated using (owner = (select auth.uid()));
    grant select on public.rt_burst to authenticated, service_role;
    create table public.rt_page (id int primary key, event_id int not null, n int);
    grant select on public.rt_page to anon;
    alter publication supabase_realtime add table public.rt_burst, public.rt_page;`);
  aliceToken = await signToken({ sub: ALICE, role: 'authenticated', aud: 'authenticated' });
  bobToken = await signToken({ sub: BOB, role: 'authenticated', aud: 'authenticated' });
  aliceOtherToken = await signToken({ sub: ALICE, role: 'authenticated', aud: 'authenticated', session_id: 'second-tab' });
});
afterAll(() => s.stop());

/** A bare v2 socket keeping every frame's text, to compare what two subscribers received byte for byte. */
async function rawSocket(): Promise<{ ws: WebSocket; texts: string[]; join(topic: string, changes: object[]): Promise<{ id: number }[]> }> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${s.keys.anonKey}&vsn=2.0.0`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const texts: string[] = [];
  ws.on('message', (data) => texts.push(data.toString()));
  let ref = 0;
  return {
    ws,
    texts,
    async join(topic, changes) {
      const r = String(++ref);
      ws.send(JSON.stringify([r, r, topic, 'phx_join', { config: { postgres_changes: changes } }]));
      await expect.poll(() => texts.some((t) => t.includes('Subscribed to PostgreSQL') && t.includes(topic))).toBe(true);
      const reply = texts.map((t) => JSON.parse(t) as unknown[]).find((m) => m[1] === r && m[3] === 'phx_reply');
      return (reply![4] as { response: { postgres_changes: { id: number }[] } }).response.postgres_changes;
    },
  };
}

describe(`realtime fan-out (${driverName})`, () => {
  it('checks a burst of changes together and gives each member exactly its own rows, in order', async () => {
    const alice = collectChanges(s.as(() => aliceToken), 'burst-alice', { table: 'rt_burst' });
    const bob = collectChanges(s.as(() => bobToken), 'burst-bob', { table: 'rt_burst' });
    const anon = collectChanges(s.anon(), 'burst-anon', { table: 'rt_burst' });
    const service = collectChanges(s.client(s.keys.serviceRoleKey), 'burst-service', { table: 'rt_burst' });
    const aliceFirstTen = collectChanges(s.as(() => aliceOtherToken), 'burst-alice-10', { table: 'rt_burst', filter: 'id=lte.10' });
    await Promise.all([alice.ready, bob.ready, anon.ready, service.ready, aliceFirstTen.ready]);
    // One statement, 40 rows: their notifications arrive together and queue up behind the
    // first, so most are checked in batches (one statement for a batch and every identity).
    await s.db.exec(`insert into public.rt_burst select i, case when i % 2 = 0 then '${ALICE}'::uuid else '${BOB}'::uuid end, 'row ' || i
                     from generate_series(1, 40) i;
                     update public.rt_burst set body = 'changed' where id in (2, 3);`);
    // The check reads the committed row (as Supabase's does): delete only once it was delivered.
    await expect.poll(() => service.got.length).toBe(42);
    await s.db.exec('delete from public.rt_burst where id = 40');
    await expect.poll(() => service.got.length).toBe(43);
    const evens = Array.from({ length: 20 }, (_, i) => 2 * (i + 1));
    const odds = evens.map((n) => n - 1);
    // Deletes are not RLS-checked (as on Supabase): both members hear of row 40's.
    await expect.poll(() => alice.got.length).toBe(22);
    await expect.poll(() => bob.got.length).toBe(22);
    expect(alice.got.slice(0, 20).map((p) => p.new.id)).toEqual(evens);
    expect(alice.got[20]).toMatchObject({ eventType: 'UPDATE', new: { id: 2, body: 'changed' } });
    expect(bob.got.slice(0, 20).map((p) => p.new.id)).toEqual(odds);
    expect(bob.got[20]).toMatchObject({ eventType: 'UPDATE', new: { id: 3, body: 'changed' } });
    expect(alice.got[21]).toMatchObject({ eventType: 'DELETE', old: { id: 40 } });
    expect(service.got.map((p) => `${p.eventType}:${(p.eventType === 'DELETE' ? p.old : p.new).id}`)).toEqual([
      ...Array.from({ length: 40 }, (_, i) => `INSERT:${i + 1}`),
      'UPDATE:2',
      'UPDATE:3',
      'DELETE:40',
    ]);
    expect(anon.got.filter((p) => p.eventType !== 'DELETE')).toEqual([]);
    await expect.poll(() => aliceFirstTen.got.map((p) => `${p.eventType}:${p.new.id}`)).toEqual(['INSERT:2', 'INSERT:4', 'INSERT:6', 'INSERT:8', 'INSERT:10', 'UPDATE:2']);
  });

  it('gives bindings with the same params the same id, so every viewer of a page gets the same frame', async () => {
    const page = { event: '*', schema: 'public', table: 'rt_page', filter: 'event_id=eq.7' };
    const a = await rawSocket();
    const b = await rawSocket();
    try {
      const [idsA, idsB] = [await a.join('realtime:page-7', [page]), await b.join('realtime:page-7', [page, { ...page, filter: 'event_id=eq.8' }])];
      expect(idsA[0]!.id).toBe(idsB[0]!.id);
      expect(idsB[1]!.id).not.toBe(idsB[0]!.id);
      await s.db.exec('insert into public.rt_page values (1, 7, 1)');
      const change = (t: string[]) => t.filter((x) => x.includes('"postgres_changes",{"ids"'));
      await expect.poll(() => change(a.texts).length).toBe(1);
      await expect.poll(() => change(b.texts).length).toBe(1);
      expect(change(a.texts)[0]).toBe(change(b.texts)[0]);
      expect(JSON.parse(change(a.texts)[0]!)[4].ids).toEqual([idsA[0]!.id]);
    } finally {
      a.ws.close();
      b.ws.close();
    }
  });
});

describe('table queues', () => {
  it('takes what queued up meanwhile as one batch, in order, at most max at a time, and goes on after a failure', async () => {
    const batches: number[][] = [];
    const errors: unknown[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const q = new TableQueues<number>(
      async (batch) => {
        batches.push(batch);
        if (batches.length === 1) await gate;
        if (batch.includes(3)) throw new Error('boom');
      },
      (err) => errors.push(err),
      4,
    );
    q.push('t', 1);
    for (let i = 2; i <= 7; i++) q.push('t', i);
    q.push('other', 100);
    expect(batches).toEqual([[1], [100]]);
    release();
    await q.drained();
    expect(batches).toEqual([[1], [100], [2, 3, 4, 5], [6, 7]]);
    expect(errors).toHaveLength(1);
  });
});
