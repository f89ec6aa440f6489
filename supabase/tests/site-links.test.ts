import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, startGather, type GatherServer } from './support/gather-server.ts';
import { createGroup } from './support/group-cast.ts';
import { ownUrl, siteUrl } from '../functions/_shared/site-url.ts';
import { settledMail } from './support/notification-mail.ts';

// Links follow the address the server is reached at unless the operator sets one (issue 32
// item 4, decision 0319): the project's config.toml names http://127.0.0.1:54321, and a server
// started on another port links to that port, in an event's ICS URL:, a feed's <link> and
// rel=self, and a notification email; every link is fetched and answers.

/** A port nobody listens on now, as `npm start -- --port N` would be given. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const port = (s.address() as { port: number }).port;
  await new Promise((ok) => s.close(ok));
  return port;
}

// The app's pages answer with the built app's index.html; a stand-in keeps this test quick.
const web = mkdtempSync(join(tmpdir(), 'site-links-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><title>Gather</title></head><body><div id="root"></div></body></html>');
afterAll(() => rmSync(web, { recursive: true, force: true }));

interface Links { ics: string; rssLink: string; rssSelf: string; itemLinks: string[]; mail: string[] }

/** A group's event, its ICS and RSS, and a waitlist promotion's email: every link in them. */
async function linksOf(g: GatherServer, headers: Record<string, string> = {}): Promise<Links> {
  const [host, a, b] = [await g.member('links_host'), await g.member('links_a'), await g.member('links_b')];
  const grp = await createGroup(g, host, { name: 'Link checkers' });
  const e = await createEvent(g, host, { title: 'Link night', group_id: grp.id, capacity: 1, waitlist_enabled: true });
  const ics = await (await g.fetch(`/functions/v1/event-ics?slug=${e.slug}`, { headers })).text();
  const rss = await (await g.fetch(`/functions/v1/calendar-feed?group=${grp.slug}&format=rss`, { headers })).text();
  await g.sqlAs(a)('select public.rsvp($1, 0)', [e.id]);
  await g.sqlAs(b)('select public.rsvp($1, 0)', [e.id]);
  await g.sqlAs(a)('select public.cancel_rsvp($1)', [e.id]);
  const [mail] = await settledMail(g, b, 'rsvp_promoted');
  return {
    ics: /^URL:(.*)$/m.exec(ics.replace(/\r\n /g, ''))![1]!.trim(),
    rssLink: /<channel>[\s\S]*?<link>([^<]+)<\/link>/.exec(rss)![1]!,
    rssSelf: /<atom:link href="([^"]+)" rel="self"/.exec(rss)![1]!.replace(/&amp;/g, '&'),
    itemLinks: [...rss.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]!),
    mail: [...new Set([...mail!.text.matchAll(/https?:\/\/[^\s"<>)]+/g), ...mail!.html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => (m[1] ?? m[0]).replace(/&amp;/g, '&')))],
  };
}

describe('on a port other than config.toml names', () => {
  let g: GatherServer;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    g = await startGather({ flags: { port: String(port), web } });
  });
  afterAll(() => g.stop());

  it('links to the port in use, and every link answers: the app for pages, the feed itself for rel=self', async () => {
    // A forged X-Forwarded-Host is ignored: trust_proxy is off.
    const links = await linksOf(g, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const origin = `http://127.0.0.1:${port}`;
    expect(g.url).toBe(origin);
    expect(links.ics).toMatch(new RegExp(`^${origin}/events/link-night`));
    expect(links.rssLink).toMatch(new RegExp(`^${origin}/g/`));
    expect(links.rssSelf).toMatch(new RegExp(`^${origin}/functions/v1/calendar-feed\\?group=`));
    expect(links.itemLinks).toEqual([links.ics]);
    expect(links.mail.length).toBeGreaterThanOrEqual(2);
    for (const link of links.mail) expect(link.startsWith(`${origin}/`)).toBe(true);

    for (const page of [links.ics, links.rssLink, ...links.mail]) {
      const res = await fetch(page);
      expect({ page, status: res.status, type: res.headers.get('content-type') }).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/html/) });
    }
    const self = await fetch(links.rssSelf);
    expect(self.status).toBe(200);
    expect(self.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(await self.text()).toContain('<title>Link checkers · Gather</title>');
  });

  it("signs people up with links to the port in use too (auth's site_url)", async () => {
    const { error } = await g.anon().auth.signUp({ email: 'links-newcomer@example.com', password: 'long enough' });
    expect(error).toBeNull();
    const res = await g.fetch(`/_inbox/messages?to=${encodeURIComponent('links-newcomer@example.com')}`);
    const { messages } = (await res.json()) as { messages: { text: string }[] };
    const verify = /https?:\/\/\S+\/auth\/v1\/verify\S+/.exec(messages[0]!.text)![0];
    const answer = await fetch(verify, { redirect: 'manual' });
    expect(answer.headers.get('location')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}[/#]`));
  });
});

describe('with a site URL the operator set', () => {
  let g: GatherServer;
  beforeAll(async () => {
    g = await startGather({ flags: { siteUrl: 'https://gather.example', trustProxy: 'true', web } });
  });
  afterAll(() => g.stop());

  it('links pages to that site, and the feed to where it was fetched (the proxy named, trusted)', async () => {
    const links = await linksOf(g, { 'x-forwarded-host': 'feeds.example', 'x-forwarded-proto': 'https' });
    expect(links.ics).toMatch(/^https:\/\/gather\.example\/events\/link-night/);
    expect(links.rssLink).toMatch(/^https:\/\/gather\.example\/g\//);
    expect(links.rssSelf).toMatch(/^https:\/\/feeds\.example\/functions\/v1\/calendar-feed\?group=.*&format=rss$/);
    for (const link of links.mail) expect(link).toMatch(/^https:\/\/gather\.example\//);
    // The self link answers where the proxy forwards it: this server, at the same path.
    const self = await g.fetch(new URL(links.rssSelf).pathname + new URL(links.rssSelf).search);
    expect(self.status).toBe(200);
    expect(self.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
  });
});

describe('the functions’ own rule (no server)', () => {
  const env = (vars: Record<string, string>) => ({ get: (k: string) => vars[k] });
  const req = new Request('http://gather.local:8080/calendar-feed?group=g&format=rss');

  it("links to SITE_URL when set, else to the request's origin, else to the API's", () => {
    expect(siteUrl(env({ SITE_URL: 'https://gather.example/', SUPABASE_URL: 'http://127.0.0.1:1' }), req)).toBe('https://gather.example');
    expect(siteUrl(env({ SUPABASE_URL: 'http://127.0.0.1:1' }), req)).toBe('http://gather.local:8080');
    expect(siteUrl(env({ SUPABASE_URL: 'http://127.0.0.1:8080/' }))).toBe('http://127.0.0.1:8080');
  });

  it('gives a feed its own public address, with /functions/v1', () => {
    expect(ownUrl(env({ SUPABASE_URL: 'http://127.0.0.1:1', SITE_URL: 'https://gather.example' }), req))
      .toBe('http://gather.local:8080/functions/v1/calendar-feed?group=g&format=rss');
    // Hosted Supabase: SUPABASE_URL is the public API.
    expect(ownUrl(env({ SUPABASE_URL: 'https://abc.supabase.co' }), new Request('http://edge.internal/calendar-feed?group=g')))
      .toBe('https://abc.supabase.co/functions/v1/calendar-feed?group=g');
  });
});
