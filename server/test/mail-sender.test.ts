import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configTomlNotes } from '../src/config/config-toml.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { mailSettings } from '../src/mail/mail-settings.ts';
import { lastMail } from './helpers/inbox.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Who mail comes from (issue 32): the CLI's default sender is admin@email.com; the demo names
// itself in supabase/config.toml's [inbucket], and an operator's SMTP settings win over that.

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-sender-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}
const fromOf = (project: string, env: NodeJS.ProcessEnv = {}) => mailSettings(loadConfig({ project }, env)).from;
const INBUCKET = '[inbucket]\nenabled = true\nadmin_email = "no-reply@gather.localhost"\nsender_name = "Gather"\n';

describe('mail sender', () => {
  it('is the demo\'s own address in the repository\'s project, the CLI default elsewhere', () => {
    expect(fromOf(join(process.cwd(), 'supabase'))).toBe('"Gather" <no-reply@gather.localhost>');
    expect(fromOf(projectWith(''))).toBe('"Gather" <admin@email.com>');
    expect(configTomlNotes(projectWith(INBUCKET), {})).toEqual([]);
  });

  it('takes [auth.email.smtp] over [inbucket], and the environment over both', () => {
    const smtp = '[auth.email.smtp]\nenabled = true\nhost = "smtp.example.org"\nport = 587\nadmin_email = "events@example.org"\nsender_name = "Our club"\n';
    expect(fromOf(projectWith(INBUCKET + smtp))).toBe('"Our club" <events@example.org>');
    const env = { GATHER_SMTP_ADMIN_EMAIL: 'hello@club.example', GATHER_SMTP_SENDER_NAME: 'Club' };
    expect(fromOf(projectWith(INBUCKET), env)).toBe('"Club" <hello@club.example>');
  });
});

describe(`mail sender on a running server (${driverName})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ project: projectWith(INBUCKET + '[auth.email]\nenable_confirmations = true\n') });
  });
  afterAll(() => s?.stop());

  it('sends the sign-up confirmation from the configured sender', async () => {
    const email = `sender-${Date.now()}@example.com`;
    const { error } = await s.client().auth.signUp({ email, password: 'correct horse 9' });
    expect(error).toBeNull();
    expect((await lastMail(s, email)).from).toBe('"Gather" <no-reply@gather.localhost>');
  });
});
