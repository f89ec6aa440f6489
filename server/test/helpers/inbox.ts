import type { TestServer } from './test-server.ts';

/** One message as `/_inbox/messages` lists it. */
export interface InboxMessage {
  id: number;
  created_at: string;
  kind: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  status: string;
}

/** Messages sent to `to`, newest first, from the server's outbox JSON. */
export async function inbox(s: TestServer, to: string): Promise<InboxMessage[]> {
  const res = await s.fetch(`/_inbox/messages?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`inbox: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

/** The newest message to `to` (of `kind`, when given); fails the test when there is none. */
export async function lastMail(s: TestServer, to: string, kind?: string): Promise<InboxMessage> {
  const found = (await inbox(s, to)).find((m) => !kind || m.kind === kind);
  if (!found) throw new Error(`no ${kind ?? ''} mail to ${to}`);
  return found;
}

/** The /auth/v1/verify link in a message. */
export function linkIn(m: InboxMessage): string {
  const url = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(m.text)?.[0];
  if (!url) throw new Error(`no verify link in: ${m.text}`);
  return url;
}

/** The one-time code in a message. */
export function codeIn(m: InboxMessage): string {
  const code = /code: (\d{6,10})/i.exec(m.text)?.[1];
  if (!code) throw new Error(`no code in: ${m.text}`);
  return code;
}

/** Follows an email link as a browser would, without following the redirect; returns where it points. */
export async function followLink(link: string): Promise<{ status: number; location: string }> {
  const res = await fetch(link, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}
