import type { StoredMail } from './outbox.ts';
import type { StoredSms } from './sms-outbox.ts';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escapes the text, then makes its http(s) links clickable. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The development inbox: every message the server queued, newest first, readable without a mail client. */
export function renderInboxPage(messages: StoredMail[], to?: string, texts: StoredSms[] = []): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> → ${escapeHtml(m.to_address)}
    <small>${escapeHtml(m.kind)} · ${m.created_at.toISOString()} · ${escapeHtml(m.status)}</small></header>
  <pre>${linkify(m.text_body)}</pre>
</article>`,
    )
    .join('\n');
  const sms = texts
    .map(
      (t) => `<article>
  <header><strong>Text</strong> → +${escapeHtml(t.to_phone)}
    <small>${escapeHtml(t.kind)} · ${escapeHtml(t.channel)} · ${t.created_at.toISOString()} · ${escapeHtml(t.status)}</small></header>
  <pre>${escapeHtml(t.body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Inbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font-family: system-ui, sans-serif; max-width: 56rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
  article { border: 1px solid #ddd; border-radius: 6px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
  small { display: block; color: #666; }
  pre { white-space: pre-wrap; word-break: break-all; font: inherit; }
</style></head>
<body>
<h1>Inbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p>Messages this server queued (development only). <a href="/_inbox">All</a> · <a href="/_inbox/messages">JSON</a></p>
<form method="get" action="/_inbox"><label>Recipient <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>
<h2>Email</h2>
${items || '<p>No messages yet.</p>'}
<h2>Text messages</h2>
${sms || '<p>No text messages yet.</p>'}
</body></html>`;
}
