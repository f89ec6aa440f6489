import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, heading } from './support/flows.ts';
import { linkFromInbox } from './support/inbox.ts';
import { useApp } from './support/use-app.ts';

// Issue 20: a member whose language is German gets the confirmation email, a promotion email and
// the calendar file in German, end to end (sign-up in a German browser, Auth's config.toml
// templates, notify after a real promotion, event-ics from the event page's link).

const app = useApp();

type Mail = { kind: string; subject: string; text: string; html: string };

async function mailOf(kind: string, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${app.server.url}/_inbox/messages?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as { messages: Mail[] }).messages.find((m) => m.kind === kind);
        return Boolean(found);
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}

describe('a German-speaking member', () => {
  it('signs up in German and gets the confirmation, a promotion and the calendar file in German', async () => {
    const email = `jana-${Date.now()}@example.com`;
    const context = await app.browser.newContext({ locale: 'de-DE', acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchPageErrors(page);

    // Sign-up: the screen is German because the browser is; the language goes with the account.
    await page.goto(`${app.server.url}/auth/sign-up`);
    await expect.poll(() => heading(page), { timeout: 15_000 }).toBe('Erstelle dein Konto');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.getByLabel('Dein Name').fill('Jana Schulz');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('ein langes Passwort');
    await page.getByRole('button', { name: 'Konto erstellen' }).click();
    await page.getByText('Sieh in dein Postfach').waitFor();

    const confirmation = await mailOf('confirmation', email);
    expect(confirmation.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(confirmation.text).toContain('Danke für deine Anmeldung.');
    expect(confirmation.text).toMatch(/E-Mail-Adresse bestätigen: http\S+\/auth\/v1\/verify\?/);
    expect(confirmation.html).toContain('<html lang="de">');
    await page.goto(await linkFromInbox(app.server.url, email, 'confirmation'));
    await page.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: 15_000 });
    const [profile] = (await app.server.db.query<{ id: string; locale: string }>(
      `select p.id, p.locale from public.profiles p join auth.users u on u.id = p.id where u.email = $1`, [email],
    )).rows;
    expect(profile?.locale).toBe('de');

    // A one-place event with a waitlist; Barbara holds the place.
    const [event] = (await app.server.db.query<{ id: string; slug: string }>(
      `insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name, address, lat, lng,
                                  capacity, waitlist_enabled, status)
       select id, 'Stammtisch am Kanal', 'Ein Abend am Wasser.', 'community', now() + interval '5 days', now() + interval '5 days 3 hours',
              'Europe/Berlin', 'Café am Kanal', 'Paul-Lincke-Ufer 42, Berlin', 52.4955, 13.4231, 1, true, 'published'
       from public.profiles where username = 'linus' returning id, slug`,
    )).rows;
    const barbara = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await barbara.auth.signInWithPassword({ email: 'barbara@example.com', password: DEMO_PASSWORD })).error).toBeNull();
    expect((await barbara.rpc('rsvp', { event_id: event!.id })).error).toBeNull();

    // Jana joins the waitlist on the (German) event page.
    await page.goto(`${app.server.url}/events/${event!.slug}`);
    const panel = page.getByRole('region', { name: 'Teilnehmen' });
    await panel.getByRole('button', { name: 'Auf die Warteliste' }).click();
    await panel.getByText('Du stehst auf der Warteliste, auf Platz 1.').waitFor();

    // Barbara cancels: Jana moves up, and `notify` tells her in German.
    expect((await barbara.rpc('cancel_rsvp', { event_id: event!.id })).error).toBeNull();
    const promoted = await mailOf('rsvp_promoted', email);
    expect(promoted.subject).toBe('Du bist dabei: Stammtisch am Kanal');
    expect(promoted.text).toMatch(/^Hallo Jana Schulz,\n\nGute Nachricht: Ein Platz ist frei geworden/);
    expect(promoted.text).toMatch(/Wann: \w+, \d+\. \w+ \d{4} um \d\d:\d\d UTC\+\d \(Europe\/Berlin\)/);
    expect(promoted.text).toMatch(new RegExp(`Zum Event: http\\S+/events/${event!.slug}\\n`));

    // The calendar file from the event page's button is German too.
    await page.reload();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Zum Kalender hinzufügen (.ics)' }).click();
    const file = await (await download).path();
    const ics = readFileSync(file!, 'utf8').replace(/\r\n /g, '');
    expect(ics).toContain('SUMMARY:Stammtisch am Kanal');
    expect(ics).toMatch(new RegExp(`Eventseite: http\\S+/events/${event!.slug}`));
    expect(errors).toEqual([]);
    await context.close();
  });
});
