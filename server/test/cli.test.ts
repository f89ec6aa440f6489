import { createServer } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

function project(migrations: Record<string, string> = {}, seed?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-cli-'));
  mkdirSync(join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) writeFileSync(join(dir, 'migrations', name), sql);
  if (seed) writeFileSync(join(dir, 'seed.sql'), seed);
  return dir;
}

/** Error lines the CLI printed: exactly one is the contract for a failed start. */
function errorLines(out: string): string[] {
  return out.split('\n').filter((l) => l.startsWith('error:'));
}

// Each case spawns whole servers (two in a row for "seeds once"); on a loaded 2-core machine one start took 22 s.
describe('gather-server CLI', { timeout: 120_000 }, () => {
  it('starts, prints ready, the inbox and the keys, seeds once, and shuts down cleanly on SIGTERM', async () => {
    const dir = project(
      { '20260101000000_notes.sql': 'create table public.notes (id int primary key); grant select on public.notes to anon;' },
      'insert into public.notes values (1);',
    );
    const data = join(dir, '.data');
    const first = runCli(['start', '--project', dir, '--db', data, '--port', '0']);
    const ready = await first.waitFor(/ready http:\/\/127\.0\.0\.1:\d+/);
    await first.waitFor(/secret key: sb_secret_\S+/);
    expect(first.output()).toMatch(/anon key: eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    expect(first.output()).toMatch(/service_role key: eyJ/);
    expect(first.output()).toContain('applied 1 migration(s)');
    expect(first.output()).toContain('loaded seed.sql');
    const url = ready.replace('ready ', '');
    expect((await fetch(`${url}/rest/v1/`)).status).toBe(200);
    // The printed inbox is where the server shows its mail: the page answers at that address.
    const inbox = (await first.waitFor(/inbox: http:\/\/\S+/)).split(' ')[1]!;
    expect(inbox).toBe(`${url}/_inbox`);
    const page = await fetch(inbox);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Messages this server queued');
    // The S3 endpoint and keys as `supabase status` prints them; the printed ones work.
    const s3Endpoint = (await first.waitFor(/S3 storage URL: \S+/)).split(': ')[1]!;
    expect(s3Endpoint).toBe(`${url}/storage/v1/s3`);
    const printed = (label: string) => new RegExp(`S3 ${label}: (\\S+)`).exec(first.output())![1]!;
    const s3 = new S3Client({ forcePathStyle: true, endpoint: s3Endpoint, region: printed('region'), credentials: { accessKeyId: printed('access key'), secretAccessKey: printed('secret key') } });
    expect((await s3.send(new ListBucketsCommand({}))).$metadata.httpStatusCode).toBe(200);
    s3.destroy();
    // Which auth rate limits apply, in one line: the CLI's behaviour on loopback in development.
    expect(first.output()).toMatch(/^auth rate limits: as the Supabase CLI on a development server on loopback/m);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A second start reuses the data folder: nothing to migrate, no second seed.
    const second = runCli(['start', '--project', dir, '--db', data, '--port', '0']);
    await second.waitFor(/secret key: /);
    expect(second.output()).not.toContain('applied');
    expect(second.output()).not.toContain('loaded seed.sql');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('stops with one clear line on a bad --db value', async () => {
    const run = runCli(['start', '--db', 'mysql://localhost/x']);
    expect(await run.exited).toBe(1);
    expect(errorLines(run.output())).toEqual(['error: --db: unsupported scheme in "mysql://localhost/x" (use a folder path, "memory" or postgres://…)']);
  });

  it('stops with one clear line naming the file and line of a broken migration', async () => {
    const dir = project({
      '20260101000000_ok.sql': 'create table public.ok (id int);',
      '20260102000000_bad.sql': 'create table public.bad (id int);\ncreate tabel oops (id int);\n',
    });
    const run = runCli(['start', '--project', dir, '--db', 'memory', '--port', '0']);
    expect(await run.exited).toBe(1);
    const lines = errorLines(run.output());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^error: migration .*20260102000000_bad\.sql:2: \[42601\] syntax error at or near "tabel"$/);
  });

  it('stops with one clear line when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = runCli(['start', '--project', project(), '--db', 'memory', '--port', String(port)]);
      expect(await run.exited).toBe(1);
      expect(errorLines(run.output())).toEqual([`error: port ${port} on 127.0.0.1 is already in use (pass --port to choose another)`]);
    } finally {
      blocker.close();
    }
  });

  it('explains bad flags and lists the commands', async () => {
    const run = runCli(['start', '--port', 'http']);
    expect(await run.exited).toBe(1);
    expect(errorLines(run.output())).toEqual(['error: --port: must be a number']);
    const help = runCli(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output()).toMatch(/start .*migrate.*seed.*reset/s);
  });

  it('migrates, seeds and resets from the command line', async () => {
    const dir = project({ '20260101000000_t.sql': 'create table public.t (id int);' }, 'insert into public.t values (1);');
    const data = join(dir, '.data');
    const migrate = runCli(['migrate', '--project', dir, '--db', data]);
    expect(await migrate.exited).toBe(0);
    expect(migrate.output()).toContain('applied 20260101000000 t');
    const seed = runCli(['seed', '--project', dir, '--db', data]);
    expect(await seed.exited).toBe(0);
    expect(seed.output()).toContain('loaded seed.sql');
    const reset = runCli(['reset', '--project', dir, '--db', data]);
    expect(await reset.exited).toBe(0);
    expect(reset.output()).toContain('reset: applied 1 migration(s), loaded seed.sql');
  });
});
