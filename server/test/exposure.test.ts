import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_JWT_SECRET } from '../src/config/default-keys.ts';
import { exposureProblems, isLoopback } from '../src/config/exposure-config.ts';
import { runCli, type CliRun } from './helpers/run-cli.ts';

// Issue 14: `--host 0.0.0.0` in development handed every account out through /_inbox, and the
// default JWT secret is public. Beyond loopback the server refuses both unless told by name.

describe('what counts as loopback', () => {
  it('is this machine only', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', 'app.localhost', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', '::ffff:10.0.0.1', '128.0.0.1']) expect(isLoopback(h), h).toBe(false);
  });

  it('names each risk and the flag that accepts it', () => {
    const base = { host: '0.0.0.0', jwtSecret: DEFAULT_JWT_SECRET, production: false, insecureDefaultJwtSecret: false, insecurePublicInbox: false };
    expect(exposureProblems({ ...base, host: '127.0.0.1' })).toEqual([]);
    const both = exposureProblems(base);
    expect(both).toHaveLength(2);
    expect(both[0]).toContain('--insecure-default-jwt-secret');
    expect(both[1]).toContain('--insecure-public-inbox');
    expect(exposureProblems({ ...base, jwtSecret: 'x'.repeat(40), production: true })).toEqual([]);
    expect(exposureProblems({ ...base, insecureDefaultJwtSecret: true, insecurePublicInbox: true })).toEqual([]);
  });
});

const runs: CliRun[] = [];
afterEach(async () => {
  for (const r of runs.splice(0)) {
    if (r.child.exitCode === null && r.child.signalCode === null) {
      r.child.kill('SIGKILL');
      await r.exited;
    }
  }
});

function start(args: string[], env: NodeJS.ProcessEnv = {}): CliRun {
  const project = mkdtempSync(join(tmpdir(), 'gather-exposure-'));
  mkdirSync(join(project, 'migrations'));
  const run = runCli(['start', '--project', project, '--db', 'memory', '--port', '0', ...args], env);
  runs.push(run);
  return run;
}

describe('gather-server start beyond loopback', { timeout: 180_000 }, () => {
  it('refuses the default secret and the open inbox, one line each, before opening anything', async () => {
    const run = start(['--host', '0.0.0.0']);
    expect(await Promise.race([run.exited, run.waitFor(/ready http/).then(() => 'listened')])).toBe(1);
    const errors = run.output().split('\n').filter((l) => /^(error: |\s+--host)/.test(l));
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^error: --host 0\.0\.0\.0: the JWT secret is the public default, .*--insecure-default-jwt-secret \(GATHER_INSECURE_DEFAULT_JWT_SECRET=true\)$/);
    expect(errors[1]).toMatch(/--host 0\.0\.0\.0: \/_inbox shows every sign-in mail .*--insecure-public-inbox \(GATHER_INSECURE_PUBLIC_INBOX=true\)$/);
  });

  it('starts when the operator accepts the risks by name, or removes them', async () => {
    const accepted = start(['--host', '0.0.0.0', '--insecure-default-jwt-secret'], { GATHER_INSECURE_PUBLIC_INBOX: 'true' });
    await accepted.waitFor(/ready http:\/\/0\.0\.0\.0:\d+/);
    await accepted.waitFor(/secret key: /);
    expect(accepted.output()).toMatch(/^inbox: http:\/\/0\.0\.0\.0:\d+\/_inbox /m);
    const safe = start(['--host', '0.0.0.0'], { GATHER_JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters', NODE_ENV: 'production' });
    await safe.waitFor(/ready http:\/\/0\.0\.0\.0:\d+/);
    // In production there is no inbox (a 404), so start points at none.
    await safe.waitFor(/secret key: /);
    expect(safe.output()).not.toContain('inbox:');
  });
});
