// Wallet passes for a paid ticket (issue 31): a .pkpass built and signed with test certificates
// (a stand-in WWDR CA and a Pass Type ID certificate it issued) and checked against Apple's
// documented structure; a Google Wallet save link whose JWT is signed RS256 with the right claims.
import { createHash, generateKeyPairSync } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Member } from './support/gather-server.ts';
import { checkout, orderBecomes, paidEvent } from './support/paid-events.ts';
import { startPaymentsGather, type PaymentsGather } from './support/payments.ts';
import { checkSignature, testCertificate, unzip, type TestCertificate } from './support/pkpass.ts';

let g: PaymentsGather;
let buyer: Member;
let signer: TestCertificate;
let code: string;
const google = generateKeyPairSync('rsa', { modulusLength: 2048 });
const b64 = (s: string) => Buffer.from(s).toString('base64');

beforeAll(async () => {
  const wwdr = testCertificate('Test Apple Worldwide Developer Relations CA');
  signer = testCertificate('Pass Type ID: pass.example.gather', wwdr);
  g = await startPaymentsGather({ env: {
    APPLE_PASS_TYPE_ID: 'pass.example.gather', APPLE_TEAM_ID: 'TEAM123456',
    APPLE_PASS_CERT: b64(signer.certPem), APPLE_PASS_KEY: b64(signer.keyPem), APPLE_WWDR_CERT: b64(wwdr.certPem),
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@gather-test.iam.gserviceaccount.com',
    GOOGLE_WALLET_PRIVATE_KEY: b64(google.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
  } });
  const host = await g.member('host');
  buyer = await g.member('buyer');
  const e = await paidEvent(g, host, { title: 'Jazz night', venue_name: 'Blue Room' });
  const c = await checkout(g, buyer, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
  g.stripe.pay(c.session!);
  await orderBecomes(g, c.orderId!, 'paid');
  const [row] = await g.sqlAs(buyer)<{ d: { tickets: { code: string }[] } }>('select public.order_details($1) as d', [c.orderId]);
  code = row!.d.tickets[0]!.code;
}, 300_000); // the server, the double and the payment functions' first bundles: minutes on a busy machine
afterAll(async () => {
  await g?.stop();
});

const pass = (query: string) => fetch(`${g.url}/functions/v1/wallet-pass?${query}`, { redirect: 'manual' });

it('builds a signed .pkpass with Apple\'s structure for a valid ticket', async () => {
  const started = Date.now();
  const res = await pass(`code=${code}&kind=apple`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  const zip = Buffer.from(await res.arrayBuffer());
  console.log(`.pkpass: ${zip.length} bytes in ${Date.now() - started} ms (first request, function cold)`);
  const files = unzip(zip);
  expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'manifest.json', 'pass.json', 'signature']);
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Record<string, string>;
  for (const [name, data] of files) {
    if (name === 'manifest.json' || name === 'signature') continue;
    expect(manifest[name], name).toBe(createHash('sha1').update(data).digest('hex'));
  }
  const p = JSON.parse(files.get('pass.json')!.toString());
  expect(p).toMatchObject({
    formatVersion: 1, passTypeIdentifier: 'pass.example.gather', teamIdentifier: 'TEAM123456', organizationName: 'host',
    description: 'General · Jazz night', barcodes: [{ format: 'PKBarcodeFormatQR', message: code, messageEncoding: 'iso-8859-1' }],
    eventTicket: { primaryFields: [{ key: 'event', value: 'Jazz night' }] },
  });
  expect(p.serialNumber).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.parse(p.relevantDate)).toBeGreaterThan(Date.now());
  expect(p.locations[0]).toMatchObject({ latitude: 38.7, longitude: -9.1 });
  const check = checkSignature(files.get('signature')!, files.get('manifest.json')!, signer);
  expect(check).toEqual({
    detached: true, digestMatches: true, signatureValid: true, digestAlgorithm: expect.stringMatching(/^sha(1|256)$/),
    certificates: expect.arrayContaining(['Pass Type ID: pass.example.gather', 'Test Apple Worldwide Developer Relations CA']),
  });
  const again = Date.now();
  expect((await pass(`code=${code}&kind=apple`)).status).toBe(200);
  console.log(`.pkpass, warm: ${Date.now() - again} ms`);
});

it('links to Google Wallet with an RS256 JWT for the ticket', async () => {
  const res = await pass(`code=${code}&kind=google`);
  expect(res.status).toBe(302);
  const jwt = /^https:\/\/pay\.google\.com\/gp\/v\/save\/(.+)$/.exec(res.headers.get('location')!)![1]!;
  const key = await importSPKI(google.publicKey.export({ type: 'spki', format: 'pem' }) as string, 'RS256');
  const { payload, protectedHeader } = await jwtVerify(jwt, key, { audience: 'google', issuer: 'wallet@gather-test.iam.gserviceaccount.com' });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload).toMatchObject({ typ: 'savetowallet', origins: [expect.stringMatching(/^http/)] });
  const body = payload.payload as { eventTicketClasses: Record<string, unknown>[]; eventTicketObjects: Record<string, unknown>[] };
  expect(body.eventTicketClasses[0]).toMatchObject({ eventName: { defaultValue: { value: 'Jazz night' } } });
  expect(body.eventTicketObjects[0]).toMatchObject({
    classId: body.eventTicketClasses[0]!.id, state: 'ACTIVE', barcode: { type: 'QR_CODE', value: code }, ticketHolderName: 'buyer',
  });
  expect(String(body.eventTicketObjects[0]!.id)).toMatch(/^3388000000012345678\.gather-ticket-/);
});

it('gives nothing for a code that is not a valid ticket\'s', async () => {
  const forged = code.slice(0, -1) + (code.endsWith('a') ? 'b' : 'a');
  expect((await pass(`code=${forged}&kind=apple`)).status).toBe(404);
  expect((await pass('code=nope&kind=apple')).status).toBe(400);
  expect((await pass(`code=${code}&kind=samsung`)).status).toBe(400);
});
