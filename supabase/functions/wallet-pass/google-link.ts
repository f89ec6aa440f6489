// A "Save to Google Wallet" link for one ticket: https://pay.google.com/gp/v/save/<JWT>, the JWT
// signed RS256 with the operator's service account key, `aud: google`, `typ: savetowallet`, the
// site as its origin, carrying an eventTicketClass (the event) and an eventTicketObject (the
// ticket, its QR code) as Google's Wallet API documents them (decision 0285).
import { importPKCS8, SignJWT } from 'npm:jose@6';
import { pem } from './apple-pass.ts';
import type { WalletTicket } from './ticket.ts';

export interface GoogleSettings {
  issuerId: string;
  serviceAccountEmail: string;
  privateKey: string;
}

export function googleSettings(env: { get(name: string): string | undefined }): GoogleSettings | undefined {
  const s = { issuerId: env.get('GOOGLE_WALLET_ISSUER_ID'), serviceAccountEmail: env.get('GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL'), privateKey: pem(env.get('GOOGLE_WALLET_PRIVATE_KEY')) };
  return s.issuerId && s.serviceAccountEmail && s.privateKey ? (s as GoogleSettings) : undefined;
}

const text = (value: string) => ({ defaultValue: { language: 'en', value } });

export async function googleSaveUrl(t: WalletTicket, s: GoogleSettings, site: string): Promise<string> {
  const e = t.event;
  // Ids are "<issuer id>.<suffix>" with letters, digits, '.', '_' or '-'.
  const classId = `${s.issuerId}.gather-event-${e.id}`;
  const payload = {
    eventTicketClasses: [{
      id: classId,
      issuerName: t.organizer ?? 'Gather',
      reviewStatus: 'UNDER_REVIEW',
      eventName: text(e.title),
      eventId: e.id,
      dateTime: { start: e.starts_at, end: e.ends_at },
      ...(e.venue_name ? { venue: { name: text(e.venue_name), address: text(e.address ?? e.venue_name) } } : {}),
      homepageUri: { uri: `${site}/events/${e.slug}`, description: e.title },
    }],
    eventTicketObjects: [{
      id: `${s.issuerId}.gather-ticket-${t.ticket_id}`,
      classId,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: t.code, alternateText: t.code.slice(0, 8) },
      ...(t.holder_name ? { ticketHolderName: t.holder_name } : {}),
      ticketType: text(t.ticket_type),
      ticketNumber: String(t.position),
    }],
  };
  const key = await importPKCS8(s.privateKey, 'RS256');
  const jwt = await new SignJWT({ origins: [site], typ: 'savetowallet', payload })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(s.serviceAccountEmail)
    .setAudience('google')
    .setIssuedAt()
    .sign(key);
  return `https://pay.google.com/gp/v/save/${jwt}`;
}
