import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../src/db/data-dir-lock.ts';
import { runCli, type CliRun } from './helpers/run-cli.ts';

// Issue 14, must-fix 2: two server processes on one PGlite folder both served, and one's
// acknowledged writes were gone after a restart. One owner per folder, with real processes.

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-lock-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(join(dir, 'migrations', '20260101000000_notes.sql'), 'create table public.notes (id int primary key, body text); grant select on public.notes to anon; grant all on public.notes to service_role;');
  return dir;
}

const runs: CliRun[] = [];
function start(dir: string, data: string): CliRun {
  const run = runCli(['start', '--project', dir, '--db', data, '--port', '0']);
  runs.push(run);
  return run;
}
afterEach(async () => {
  for (const r of runs.splice(0)) {
    if (r.child.exitCode === null && r.child.signalCode === null) {
      r.child.kill('SIGKILL');
      await r.exited;
    }
  }
});

async function ready(run: CliRun): Promise<{ url: string; service: string }> {
  const url = (await run.waitFor(/ready http:\/\/127\.0\.0\.1:\d+/)).replace('ready ', '');
  const service = (await run.waitFor(/service_role key: \S+/)).replace('service_role key: ', '');
  return { url, service };
}

async function insert(url: string, service: string, id: number): Promise<number> {
  const res = await fetch(`${url}/rest/v1/notes`, {
    method: 'POST',
    headers: { apikey: service, authorization: `Bearer ${service}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({ id, body: `note ${id}` }),
  });
  return res.status;
}

async function ids(url: string, service: string): Promise<number[]> {
  const res = await fetch(`${url}/rest/v1/notes?select=id&order=id`, { headers: { apikey: service, authorization: `Bearer ${service}` } });
  return ((await res.json()) as { id: number }[]).map((r) => r.id);
}

// Real processes on fresh folders: minutes on a loaded machine.
describe('one server per PGlite data folder', { timeout: 300_000 }, () => {
  it('a second process on the same folder refuses with one line naming the folder and the owner’s pid', async () => {
    const dir = project();
    const data = join(dir, '.data');
    const first = start(dir, data);
    const { url, service } = await ready(first);
    expect(await insert(url, service, 1)).toBe(201);

    const second = start(dir, data);
    // Today it serves too: fail at its `ready` rather than wait for an exit that never comes.
    expect(await Promise.race([second.exited, second.waitFor(/ready http/).then(() => 'served as well', () => 'exited')])).toBe(1);
    const errors = second.output().split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toEqual([
      expect.stringMatching(
        new RegExp(`^error: the data folder ${data.replaceAll('.', '\\.')} is in use by another gather-server \\(pid ${first.child.pid}, since \\S+\\); stop that process first, or pass another --db$`),
      ),
    ]);
    // Other commands that open the folder are refused too.
    const migrate = runCli(['migrate', '--project', dir, '--db', data]);
    expect(await migrate.exited).toBe(1);
    expect(migrate.output()).toContain(`pid ${first.child.pid}`);

    // The owner never noticed.
    expect(await insert(url, service, 2)).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(data, LOCK_FILE))).toBe(false);
  });

  it('a lock left by a process killed with SIGKILL is taken over, with every acknowledged write', async () => {
    const dir = project();
    const data = join(dir, '.data');
    const victim = start(dir, data);
    const a = await ready(victim);
    for (const id of [1, 2, 3]) expect(await insert(a.url, a.service, id)).toBe(201);
    victim.child.kill('SIGKILL');
    await victim.exited;
    expect(JSON.parse(readFileSync(join(data, LOCK_FILE), 'utf8'))).toMatchObject({ pid: victim.child.pid, host: hostname() });

    const heir = start(dir, data);
    const b = await ready(heir);
    expect(heir.output()).toContain(`took over the data folder from pid ${victim.child.pid}, which is gone`);
    expect(await ids(b.url, b.service)).toEqual([1, 2, 3]);
  });

  it('a lock whose pid now belongs to another process is stale; one from another host is not', async () => {
    const dir = project();
    const data = join(dir, '.data');
    mkdirSync(data);
    // This test runner is alive, but it is not the process that wrote the lock (it started at another tick).
    writeFileSync(join(data, LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), started: '2020-01-01T00:00:00.000Z', processStart: 1 }));
    const run = start(dir, data);
    await ready(run);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    // A folder shared with another machine: its process cannot be checked from here.
    writeFileSync(join(data, LOCK_FILE), JSON.stringify({ pid: 4242, host: 'elsewhere.example', started: '2020-01-01T00:00:00.000Z' }));
    const refused = start(dir, data);
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`is in use by another gather-server (pid 4242 on elsewhere.example, since 2020-01-01T00:00:00.000Z); if that process is gone, delete ${join(data, LOCK_FILE)}`);
  });
});
