// What a ticket's QR code holds, and how a scanned or typed code is read back. A code is
// `<rsvp id>.<signature>` (supabase/migrations/…_tickets.sql, decision 0052). The QR code holds
// a link to the event's check-in screen with the code in it, so a checker whose phone camera
// opens links lands on the right screen with the code filled in; the in-app scanner and the
// typed form read the same link or the bare code.

const CODE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[0-9a-f]{32}$/;

/** The text a ticket's QR code encodes. */
export function ticketQrPayload(origin: string, slug: string, code: string): string {
  return `${origin}/events/${encodeURIComponent(slug)}/check-in?code=${encodeURIComponent(code)}`;
}

/**
 * The ticket code in a scan or in what someone typed or pasted: a check-in link, or the code
 * itself in any case and with stray spaces or line breaks. Null when it is not a ticket.
 */
export function parseTicketCode(text: string): string | null {
  let candidate = text.trim();
  if (/^https?:\/\//i.test(candidate)) {
    try {
      candidate = new URL(candidate).searchParams.get("code") ?? "";
    } catch {
      return null;
    }
  }
  candidate = candidate.replace(/\s+/g, "").toLowerCase();
  return CODE.test(candidate) ? candidate : null;
}

/** The code in groups, easier to read aloud or compare by eye: "1a2b3c4d-… · 9f8e 7d6c …". */
export function displayCode(code: string): string {
  const [id = "", signature = ""] = code.split(".");
  return `${id}.${signature.replace(/(.{8})(?=.)/g, "$1 ")}`;
}
