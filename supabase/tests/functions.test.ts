import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let H: Member;
beforeAll(async () => {
  g = await startGather();
  H = await g.member('host');
});
afterAll(() => g.stop());

describe('Gather functions', () => {
  it('geocode finds places offline, without a token', async () => {
    const { data, error } = await g.anon().functions.invoke('geocode', { body: { q: 'Nairobi' } });
    expect(error).toBeNull();
    expect(data.provider).toBe('gazetteer');
    expect(data.results[0]).toMatchObject({ name: 'Nairobi', country: 'KE', label: 'Nairobi, Kenya' });
    const bare = await g.fetch('/functions/v1/geocode?q=lisb');
    expect(bare.status).toBe(200);
    expect(((await bare.json()) as { results: { name: string }[] }).results[0]!.name).toBe('Lisbon');
  });

  it('event-ics serves a calendar file by slug, and 404 for events one may not see', async () => {
    const e = await createEvent(g, H, { title: 'Calendar check' });
    const res = await g.fetch(`/functions/v1/event-ics?slug=${e.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${e.slug}.ics"; filename*=UTF-8''${e.slug}.ics`);
    const ics = await res.text();
    expect(ics).toContain(`UID:${e.id}@gather`);
    expect(ics).toContain('SUMMARY:Calendar check');
    expect(ics.replace(/\r\n /g, '')).toContain(`Event page: `);
    const draft = await createEvent(g, H, { title: 'Hidden draft', status: 'draft' });
    expect((await g.fetch(`/functions/v1/event-ics?slug=${draft.slug}`)).status).toBe(404);
  });

  it("event-ics writes its own words in ?lang=, else in the browser's Accept-Language", async () => {
    const e = await createEvent(g, H, { title: 'Sprachtest' });
    const french = await g.fetch(`/functions/v1/event-ics?slug=${e.slug}&lang=fr`, { headers: { 'accept-language': 'de' } });
    expect(french.headers.get('content-language')).toBe('fr');
    expect((await french.text()).replace(/\r\n /g, '')).toContain('Page de l’événement : ');
    const german = await g.fetch(`/functions/v1/event-ics?slug=${e.slug}`, { headers: { 'accept-language': 'nl, de-AT;q=0.8' } });
    expect(german.headers.get('content-language')).toBe('de');
    expect((await german.text()).replace(/\r\n /g, '')).toContain('Eventseite: ');
  });
});

describe('Gather functions refuse malformed input with a 400, and echo no internals', () => {
  const service = () => ({ authorization: `Bearer ${g.keys.serviceRoleKey}`, apikey: g.keys.serviceRoleKey });
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await g.fetch(`/functions/v1/${path}`, init);
    return { status: res.status, body: await res.text() };
  };
  const post = (body: string, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST', body, headers: { 'content-type': 'application/json', ...headers },
  });

  it('answers each malformed request in the function\'s own shape', async () => {
    const cases: [string, RequestInit, number][] = [
      ['event-ics?id=x', {}, 400],
      ['event-ics?id=00000000-0000-0000-0000-00000000000%27', {}, 400],
      ['event-ics', {}, 400],
      [`event-ics?slug=${'a'.repeat(300)}`, {}, 400],
      ['event-ics?slug=x', { method: 'DELETE' }, 405],
      ['event-ics?slug=x', { headers: { authorization: 'Bearer not.a.jwt' } }, 401],
      ['geocode', post('{"q": 5}'), 400],
      ['geocode', post('null'), 400],
      ['geocode', post('["Lisbon"]'), 400],
      ['geocode', post('{"q": "Lis'), 400],
      ['geocode', post('{"q": "Lisbon", "limit": "many"}'), 400],
      ['geocode', post('{"q": "Lisbon", "limit": 1e9}'), 400],
      ['geocode', post(JSON.stringify({ q: 'L'.repeat(5000) })), 400],
      ['geocode?q=l', {}, 400],
      ['geocode?q=Lisbon', { method: 'PUT' }, 405],
      ['notify', post('{"ids": [', service()), 400],
      ['notify', post('{"ids": "00000000-0000-4000-8000-000000000000"}', service()), 400],
      ['notify', post('{"ids": ["x\'; drop table events; --"]}', service()), 400],
      ['notify', { headers: service() }, 405],
      ['send-reminders', { headers: service() }, 405],
    ];
    for (const [path, init, status] of cases) {
      const res = await call(path, init);
      expect({ path, status: res.status }).toEqual({ path, status });
      expect(JSON.parse(res.body)).toMatchObject({ error: expect.any(String) });
      expect(res.body).not.toMatch(/invalid input syntax|relation "|column "|TypeError|\.ts:\d/);
    }
    // And the good requests still work.
    expect((await call('geocode', post('{"q": "Lisbon", "limit": 2}'))).status).toBe(200);
    expect((await call('geocode?q=Lisbon&limit=3')).status).toBe(200);
  });

  it('says only that the database failed, never what it said', async () => {
    const e = await createEvent(g, H, { title: 'Unreadable for a moment' });
    await g.db.exec('revoke select on public.events from anon');
    try {
      const res = await call(`event-ics?id=${e.id}`);
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toEqual({ error: 'unavailable', message: 'Reading the event failed. Try again later.' });
    } finally {
      await g.db.exec('grant select on public.events to anon');
    }
    await g.db.exec('revoke execute on function public.create_due_reminders() from service_role');
    try {
      const res = await call('send-reminders', post('{}', service()));
      expect(res.status).toBe(503);
      expect(res.body).not.toMatch(/permission|denied|create_due_reminders/);
    } finally {
      await g.db.exec('grant execute on function public.create_due_reminders() to service_role');
    }
    await g.db.exec('revoke execute on function public.notification_email(uuid) from service_role');
    try {
      const res = await call('notify', post('{"id": "00000000-0000-4000-8000-000000000001"}', service()));
      expect(res.status).toBe(502);
      expect(JSON.parse(res.body)).toEqual({
        results: [{ id: '00000000-0000-4000-8000-000000000001', outcome: 'failed', error: 'The notification could not be read or recorded.' }],
      });
    } finally {
      await g.db.exec('grant execute on function public.notification_email(uuid) to service_role');
    }
  });

  it('encodes the event\'s name in Content-Disposition (RFC 6266), whatever it holds', async () => {
    const e = await createEvent(g, H, { title: 'Header check' });
    await g.db.query(`update public.events set slug = $1 where id = $2`, ['x"; filename="evil.html\u00e9', e.id]);
    const res = await g.fetch(`/functions/v1/event-ics?id=${e.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="x_filename_evil.htmle.ics"; filename*=UTF-8''x%22%3B%20filename%3D%22evil.html%C3%A9.ics`,
    );
  });
});
