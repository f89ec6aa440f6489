// An Apple Wallet pass (.pkpass) for one ticket, built and signed by passkit-generator: pass.json
// (formatVersion 1, an eventTicket with the ticket's QR code), the images, manifest.json (the
// SHA-1 of every file) and `signature`, a detached PKCS #7 signature of the manifest made with the
// operator's Pass Type ID certificate, Apple's WWDR intermediate included (decision 0285).
import { Buffer } from 'node:buffer';
import { PKPass } from 'npm:passkit-generator@3';
import { PASS_IMAGES } from './images.ts';
import type { WalletTicket } from './ticket.ts';

export interface AppleSettings {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase?: string;
  wwdr: string;
}

/** A PEM from the environment: as is, with literal "\n"s, or base64 of the whole PEM. */
export function pem(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const text = value.includes('-----BEGIN') ? value : atob(value.replace(/\s+/g, ''));
  return text.replace(/\\n/g, '\n');
}

export function appleSettings(env: { get(name: string): string | undefined }): AppleSettings | undefined {
  const s = {
    passTypeIdentifier: env.get('APPLE_PASS_TYPE_ID'), teamIdentifier: env.get('APPLE_TEAM_ID'),
    signerCert: pem(env.get('APPLE_PASS_CERT')), signerKey: pem(env.get('APPLE_PASS_KEY')), wwdr: pem(env.get('APPLE_WWDR_CERT')),
    signerKeyPassphrase: env.get('APPLE_PASS_KEY_PASSPHRASE') || undefined,
  };
  return s.passTypeIdentifier && s.teamIdentifier && s.signerCert && s.signerKey && s.wwdr ? (s as AppleSettings) : undefined;
}


export function applePass(t: WalletTicket, s: AppleSettings, site: string, when: string): Uint8Array {
  const e = t.event;
  // Buffers, as passkit-generator hashes and zips them (a plain Uint8Array is hashed differently).
  const files: Record<string, Buffer> = {};
  for (const [name, b64] of Object.entries(PASS_IMAGES)) files[name] = Buffer.from(b64, 'base64');
  const pass = new PKPass(files as never, {
    wwdr: s.wwdr, signerCert: s.signerCert, signerKey: s.signerKey, signerKeyPassphrase: s.signerKeyPassphrase,
  }, {
    formatVersion: 1,
    passTypeIdentifier: s.passTypeIdentifier,
    teamIdentifier: s.teamIdentifier,
    serialNumber: t.ticket_id,
    organizationName: t.organizer ?? 'Gather',
    description: `${t.ticket_type} · ${e.title}`,
    foregroundColor: 'rgb(255, 255, 255)',
    backgroundColor: 'rgb(67, 56, 202)',
    labelColor: 'rgb(224, 231, 255)',
  } as never);
  pass.type = 'eventTicket';
  pass.setBarcodes({ message: t.code, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1', altText: t.code.slice(0, 8) });
  pass.setRelevantDate(new Date(e.starts_at));
  pass.setExpirationDate(new Date(e.ends_at));
  if (e.lat !== null && e.lng !== null) pass.setLocations({ latitude: e.lat, longitude: e.lng, relevantText: e.title });
  pass.primaryFields.push({ key: 'event', label: 'EVENT', value: e.title });
  pass.secondaryFields.push({ key: 'when', label: 'WHEN', value: when });
  if (e.venue_name) pass.auxiliaryFields.push({ key: 'where', label: 'WHERE', value: e.venue_name });
  pass.auxiliaryFields.push({ key: 'ticket', label: 'TICKET', value: `${t.ticket_type} #${t.position}` });
  if (t.holder_name) pass.headerFields.push({ key: 'holder', label: 'HOLDER', value: t.holder_name });
  pass.backFields.push({ key: 'page', label: 'Event page', value: `${site}/events/${e.slug}` });
  if (e.address) pass.backFields.push({ key: 'address', label: 'Address', value: e.address });
  return new Uint8Array(pass.getAsBuffer());
}
