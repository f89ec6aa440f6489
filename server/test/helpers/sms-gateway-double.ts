import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  provider: 'twilio' | 'vonage' | 'messagebird';
  to: string;
  from: string;
  body: string;
}

export interface SmsGatewayDouble {
  url: string;
  sent: SentSms[];
  /** Numbers (digits, no '+') the gateway refuses, as each provider words a bad recipient. */
  refuse: Set<string>;
  /** The code of the first message to `phone` from `sent[after]` on, waited for (delivery is asynchronous). */
  codeFor(phone: string, after?: number): Promise<string>;
  stop(): Promise<void>;
}

export const TWILIO = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'twilio-test-token', messageServiceSid: 'MG0123456789abcdef0123456789abcdef' };
export const VONAGE = { apiKey: 'vonage-key', apiSecret: 'vonage-secret', from: 'Gather' };
export const MESSAGEBIRD = { accessKey: 'live_messagebird-test-key', originator: 'Gather' };

/**
 * A stand-in for the three gateways' documented send endpoints: Twilio's
 * POST /2010-04-01/Accounts/{sid}/Messages.json (Basic auth), Vonage's POST /sms/json (key and
 * secret in the form) and MessageBird's POST /messages (`Authorization: AccessKey …`).
 */
export async function startSmsGatewayDouble(): Promise<SmsGatewayDouble> {
  const sent: SentSms[] = [];
  const refuse = new Set<string>();
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const f = new URLSearchParams(raw);
    const url = req.url ?? '';
    if (req.method === 'POST' && url === `/2010-04-01/Accounts/${TWILIO.accountSid}/Messages.json`) {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${TWILIO.accountSid}:${TWILIO.authToken}`).toString('base64')}`) {
        return json(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      }
      const to = (f.get('To') ?? '').replace(/^(whatsapp:)?\+/, '');
      if (refuse.has(to)) return json(res, 400, { code: 21211, message: `The 'To' number +${to} is not a valid phone number.`, status: 400 });
      sent.push({ provider: 'twilio', to, from: f.get('From') ?? '', body: f.get('Body') ?? '' });
      return json(res, 201, { sid: `SM${randomUUID().replace(/-/g, '')}`, status: 'queued', to: `+${to}`, body: f.get('Body') });
    }
    if (req.method === 'POST' && url === '/sms/json') {
      if (f.get('api_key') !== VONAGE.apiKey || f.get('api_secret') !== VONAGE.apiSecret) {
        return json(res, 200, { 'message-count': '1', messages: [{ status: '4', 'error-text': 'Bad Credentials' }] });
      }
      const to = f.get('to') ?? '';
      if (refuse.has(to)) return json(res, 200, { 'message-count': '1', messages: [{ to, status: '6', 'error-text': 'Unroutable message - rejected' }] });
      sent.push({ provider: 'vonage', to, from: f.get('from') ?? '', body: f.get('text') ?? '' });
      return json(res, 200, { 'message-count': '1', messages: [{ to, 'message-id': randomUUID(), status: '0' }] });
    }
    if (req.method === 'POST' && url === '/messages') {
      if (req.headers.authorization !== `AccessKey ${MESSAGEBIRD.accessKey}`) return json(res, 401, { errors: [{ code: 2, description: 'Request not allowed (incorrect access_key)' }] });
      const to = f.get('recipients') ?? '';
      if (refuse.has(to)) return json(res, 422, { errors: [{ code: 9, description: 'no (correct) recipients found' }] });
      sent.push({ provider: 'messagebird', to, from: f.get('originator') ?? '', body: f.get('body') ?? '' });
      return json(res, 201, { id: randomUUID().replace(/-/g, ''), body: f.get('body'), recipients: { totalCount: 1, totalSentCount: 1 } });
    }
    json(res, 404, { message: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    refuse,
    async codeFor(phone, after = 0) {
      const to = phone.replace(/^\+/, '');
      for (let i = 0; i < 400; i++) {
        const hit = sent.slice(after).find((m) => m.to === to);
        const code = hit && /(\d{6,10})/.exec(hit.body)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no text message to ${phone}`);
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
