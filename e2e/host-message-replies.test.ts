import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { expectCleanAtWidths } from './support/layout.ts';
import { watchPageErrors } from './support/browser.ts';
import { DEMO_PASSWORD, newSignedInPage } from './support/flows.ts';
import { useApp } from './support/use-app.ts';

// "Event hosts' messages can be replied to" (issue 33, decision 0349): a host messages everyone
// going; a guest opens it from the bell, answers the host privately, and the host reads the
// answer in Messages and writes back, live. Axe clean at 360 and 1280 px on each screen.
const app = useApp();
const SLOW = { timeout: 20_000 };

describe("answering a host's message", () => {
  it('a guest answers from the bell, the host reads it in Messages and writes back', async () => {
    // An upcoming event of the seed, its host and a guest going to it (both with the demo password).
    const { rows: [seed] } = await app.server.db.query<{ id: string; title: string; host_email: string; host_name: string; guest_email: string; guest_name: string }>(
      `select e.id, e.title, hu.email as host_email, hp.display_name as host_name, gu.email as guest_email, gp.display_name as guest_name
       from public.events e
       join auth.users hu on hu.id = e.host_id join public.profiles hp on hp.id = e.host_id
       join public.rsvps r on r.event_id = e.id and r.status = 'going' and r.user_id <> e.host_id
       join auth.users gu on gu.id = r.user_id join public.profiles gp on gp.id = r.user_id
       where e.status = 'published' and e.starts_at > now() and hu.email is not null and gu.email is not null
       order by e.starts_at, gu.email limit 1`);
    if (!seed) throw new Error('e2e: the seed has no upcoming event with a guest going');

    const host = createClient(app.server.url, app.server.keys.anonKey, { auth: { persistSession: false } });
    expect((await host.auth.signInWithPassword({ email: seed.host_email, password: DEMO_PASSWORD })).error).toBeNull();
    const sent = await host.rpc('message_attendees', {
      event_id: seed.id, audience: 'going', subject: 'Bring a board', body: 'We are short of boards: bring one if you can.',
    });
    expect(sent.error).toBeNull();

    const guest = await newSignedInPage(app.browser, app.server.url, seed.guest_email, '/');
    const errors = watchPageErrors(guest.page);
    const bell = guest.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), SLOW).toMatch(/^Notifications, \d+ unread$/);
    await bell.click();
    await guest.page.getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: `Message from the hosts of ${seed.title}: Bring a board` }).first().click();

    // The host's words, and a private answer to them.
    await guest.page.getByText('We are short of boards: bring one if you can.').waitFor(SLOW);
    await guest.page.getByRole('heading', { name: `New message to ${seed.host_name}` }).waitFor(SLOW);
    await expectCleanAtWidths(guest.page, 'host message reply');
    await guest.page.getByLabel('Write a message').fill('I can bring two boards.');
    await guest.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByText('I can bring two boards.', { exact: true }).last().waitFor(SLOW);

    // The host finds it in Messages and answers; the guest sees it live.
    const hostPage = await newSignedInPage(app.browser, app.server.url, seed.host_email, '/messages');
    await hostPage.page.getByRole('link', { name: new RegExp(seed.guest_name) }).first().click(SLOW);
    await hostPage.page.getByText('I can bring two boards.', { exact: true }).last().waitFor(SLOW);
    await hostPage.page.getByLabel('Write a message').fill('Wonderful, thank you!');
    await hostPage.page.getByRole('button', { name: 'Send' }).click();
    await guest.page.getByText('Wonderful, thank you!', { exact: true }).last().waitFor(SLOW);
    await expectCleanAtWidths(hostPage.page, 'host reading the answer');
    expect(errors).toEqual([]);
    await guest.context.close();
    await hostPage.context.close();
  });
});
