import { describe, expect, it } from 'vitest';
import { renderNotificationEmail, type EmailEvent } from '../functions/_shared/email-templates.ts';
import { decideEmail, type NotificationRecord } from '../functions/notify/email-decision.ts';

// The emails of a group's notifications and when they are sent (decisions 0103, 0104), as pure
// functions; notify-groups.test.ts sends them through the real pipeline.

const SITE = 'https://gather.example';
const event: EmailEvent & { id: string; status: string; ends_at: string } = {
  id: '6f1c2c1e-0000-4000-8000-000000000001', slug: 'robot-night', title: 'Robot night', status: 'published',
  starts_at: '2099-07-10T19:00:00Z', ends_at: '2099-07-10T22:00:00Z', timezone: 'Europe/Lisbon',
  venue_name: 'LX Factory', address: null, is_online: false, cancel_reason: null,
};
const group = { id: '6f1c2c1e-0000-4000-8000-0000000000aa', slug: 'lisbon-makers', name: 'Lisbon Makers' };
const payload = { group_id: group.id, group_slug: group.slug, group_name: group.name };

const render = (kind: string, extra: Record<string, unknown> = {}, over: Record<string, unknown> = {}) =>
  renderNotificationEmail({ kind, payload: { ...payload, ...extra }, recipientName: 'Ada', event: null, actorName: 'Grace', siteUrl: SITE, group, ...over })!;

function record(over: Partial<NotificationRecord>): NotificationRecord {
  return {
    id: '00000000-0000-4000-8000-00000000000a', kind: 'group_event_published', payload, created_at: '2026-07-01T00:00:00Z',
    emailed_at: null, email_status: null, email: 'ada@example.com', display_name: 'Ada', preferences: {}, event, actor: null,
    group, membership: { status: 'active', role: 'member', alerts: 'all' }, unsubscribe_token: 'tok', ...over,
  };
}

describe('group emails', () => {
  it('a new event names the group, links the event, and carries a one-click unsubscribe link', () => {
    const mail = render('group_event_published', { event_id: event.id, slug: event.slug, title: event.title }, { event, unsubscribeToken: 'g.u.sig' });
    expect(mail.subject).toBe('New event in Lisbon Makers: Robot night');
    expect(mail.text).toContain('Lisbon Makers has a new event: Robot night.');
    expect(mail.text).toContain('When: ');
    expect(mail.text).toContain(`See the event: ${SITE}/events/robot-night`);
    expect(mail.text).toContain(`Stop emails about new events in Lisbon Makers: ${SITE}/unsubscribe?token=g.u.sig`);
    expect(mail.html).toContain(`href="${SITE}/unsubscribe?token=g.u.sig"`);
    expect(render('group_event_published', { slug: 'x', title: 'X' }).text).not.toContain('unsubscribe');
  });

  it('an announcement quotes the organizer and links the group; requests, approvals and roles say what happened', () => {
    const a = render('group_announcement', { subject: 'Venue\nchange', body: 'We <moved>.\nSee you', from_name: 'Grace' });
    expect(a.subject).toBe('Venue change · Lisbon Makers');
    expect(a.text).toContain('Grace sent an announcement to the members of Lisbon Makers:\n\n> We <moved>.\n> See you');
    expect(a.html).toContain('We &#60;moved&#62;.');
    expect(a.text).toContain(`See the group: ${SITE}/g/lisbon-makers`);
    expect(render('group_join_requested').text).toContain(`Grace asked to join Lisbon Makers.`);
    expect(render('group_join_requested').text).toContain(`Review requests: ${SITE}/g/lisbon-makers/manage`);
    expect(render('group_join_approved').subject).toBe('Welcome to Lisbon Makers');
    const role = render('group_role_changed', { role: 'co_organizer', from_name: 'Grace' });
    expect(role.subject).toBe("You're now a co-organizer of Lisbon Makers");
    expect(role.text).toContain(`Manage the group: ${SITE}/g/lisbon-makers/manage`);
    expect(render('group_role_changed', { role: 'event_organizer' }).text).toContain(`See the group: ${SITE}/g/lisbon-makers`);
    // The payload's copy stands in when the group is gone.
    expect(render('group_join_approved', {}, { group: null }).text).toContain(`${SITE}/g/lisbon-makers`);
    expect(render('group_join_declined', {}, {})).toBeUndefined();
  });

  it('sends a new-event alert to active members whose alerts are on, while the event is still to come', () => {
    const now = new Date('2026-07-01T00:00:00Z');
    expect(decideEmail(record({}), now)).toEqual({ send: true, kind: 'group_event_published' });
    expect(decideEmail(record({ membership: { status: 'active', role: 'member', alerts: 'none' } }), now)).toMatchObject({ outcome: 'opted_out' });
    expect(decideEmail(record({ membership: null }), now)).toMatchObject({ outcome: 'skipped', why: 'no longer a member of the group' });
    expect(decideEmail(record({ membership: { status: 'banned', role: 'member', alerts: 'all' } }), now)).toMatchObject({ outcome: 'skipped' });
    expect(decideEmail(record({ event: { ...event, status: 'cancelled' } }), now)).toMatchObject({ outcome: 'skipped', why: 'the event is cancelled' });
    expect(decideEmail(record({ event: null }), now)).toMatchObject({ outcome: 'skipped' });
    expect(decideEmail(record({}), new Date('2099-07-10T20:00:00Z'))).toMatchObject({ why: 'the event has started' });
    // The global switches do not touch alerts; announcements follow "messages from hosts".
    expect(decideEmail(record({ preferences: { email_host_messages: false } }), now)).toMatchObject({ send: true });
    expect(decideEmail(record({ kind: 'group_announcement', preferences: { email_host_messages: false } }), now)).toMatchObject({ outcome: 'opted_out' });
    expect(decideEmail(record({ kind: 'group_announcement', membership: null }), now)).toMatchObject({ outcome: 'skipped' });
    expect(decideEmail(record({ kind: 'group_announcement', membership: { status: 'active', role: 'member', alerts: 'none' } }), now)).toMatchObject({ send: true });
    // Requests to join are host news: the database planned their email from the organizer's
    // per-kind choice (decision 0311); what reaches notify is to be sent.
    expect(decideEmail(record({ kind: 'group_join_requested', preferences: { email_rsvp_updates: false } }), now)).toMatchObject({ send: true });
  });
});
