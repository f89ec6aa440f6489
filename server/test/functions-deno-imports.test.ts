import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { startRegistryDouble, type RegistryDouble } from './helpers/deno-registry-double.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

/**
 * Imports as Deno resolves them: `jsr:` and deno.land/x URLs from a local double of their
 * documented endpoints (this machine cannot reach jsr.io or deno.land), `npm:` from the real npm
 * registry. Fetched once into the cache; afterwards the functions boot with every registry gone;
 * what was never fetched answers BOOT_ERROR naming the import and how to vendor it.
 */
const FIXTURE = fileURLToPath(new URL('./fixtures/deno-imports-project', import.meta.url));
const REGISTRIES = fileURLToPath(new URL('./fixtures/deno-registries', import.meta.url));
// Nothing listens here: a registry that cannot be reached.
const CLOSED = 'http://127.0.0.1:9';

let work: string;
let project: string;
let cacheDir: string;
let double: RegistryDouble;
let online: TestServer;

/** A package in the function's own node_modules, exporting one file per export condition. */
function writeConditionProbe(dir: string): void {
  const pkg = join(dir, 'functions', 'conditions', 'node_modules', 'cond-probe');
  mkdirSync(pkg, { recursive: true });
  const conditions = ['workerd', 'worker', 'browser', 'bun', 'deno', 'node', 'import', 'default'];
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'cond-probe', version: '1.0.0', exports: Object.fromEntries(conditions.map((c) => [c, `./${c}.mjs`])) }));
  for (const c of conditions) writeFileSync(join(pkg, `${c}.mjs`), `export default ${JSON.stringify(c)};\n`);
}

async function invoke(s: TestServer, name: string): Promise<{ status: number; body: unknown }> {
  const res = await s.fetch(`/functions/v1/${name}`, { headers: { authorization: `Bearer ${s.keys.anonKey}` } });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gather-deno-imports-'));
  project = join(work, 'project');
  cpSync(FIXTURE, project, { recursive: true });
  writeConditionProbe(project);
  cacheDir = join(work, 'cache');
  double = await startRegistryDouble(REGISTRIES);
  online = await startTestServer({
    project,
    dbPort: driverName === 'pglite' ? '0' : 'off',
    functionsCacheDir: cacheDir,
    functionsJsrUrl: `${double.url}/jsr/`,
    functionsUrlOrigins: `https://deno.land=${double.url}`,
  });
}, 180_000);

afterAll(async () => {
  await online?.stop();
  await double?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('imports fetched as Deno fetches them', () => {
  it('jsr: picks the newest version in range that is not yanked, follows its exports, relative files and jsr: imports', async () => {
    const r = await invoke(online, 'jsr-import');
    expect(r).toEqual({ status: 200, body: { version: '1.1.0', greet: 'hi from @gather/words Ada', shout: 'HI FROM @GATHER/WORDS ADA' } });
    // The documented endpoints, each file once: meta, the version's manifest, then files as reached.
    // Cluster workers (GATHER_TEST_WORKERS) share the cache but may fetch at the same moment.
    expect(double.requests).toContain('GET /jsr/@gather/greet/meta.json');
    expect(double.requests).toContain('GET /jsr/@gather/greet/1.1.0_meta.json');
    expect(double.requests).toContain('GET /jsr/@gather/greet/1.1.0/lib/words.ts');
    const fetched = double.requests.filter((r) => r === 'GET /jsr/@gather/greet/1.1.0/mod.ts').length;
    if (online.workers === 1) expect(fetched).toBe(1);
    else {
      expect(fetched).toBeGreaterThanOrEqual(1);
      expect(fetched).toBeLessThanOrEqual(online.workers);
    }
    expect(double.requests.some((r) => r.includes('/1.2.0'))).toBe(false);
  });

  it('https: fetches URL modules; relative imports follow the redirect of an unversioned URL', async () => {
    const r = await invoke(online, 'url-import');
    expect(r).toEqual({ status: 200, body: { pinned: 'hello Ada from hello@v1.0.0', newest: 'hello Ada from hello@v1.1.0' } });
  });

  it('npm: installs the package and its dependencies from the npm registry', async () => {
    const r = await invoke(online, 'npm-import');
    expect(r).toEqual({ status: 200, body: { three: true, four: false } });
  }, 120_000);

  it("npm: uses Deno's export conditions: deno before node and import, never worker/workerd/browser", async () => {
    expect(await invoke(online, 'conditions')).toEqual({ status: 200, body: { build: 'deno' } });
  });

  it('npm:postgres is its Node build and reaches the database at SUPABASE_DB_URL', async () => {
    const r = (await invoke(online, 'npm-import/db')) as { status: number; body: { dbUrl: string; two: number; who: string } };
    expect(r.status).toBe(200);
    expect(r.body.two).toBe(2);
    if (driverName === 'pglite') expect(r.body.dbUrl).toBe(`postgresql://postgres:***@127.0.0.1:${online.dbPort}/postgres`);
    else expect(r.body.dbUrl).toMatch(/^postgres(ql)?:\/\//);
  });

  it("applies the function's deno.json imports and scopes: a jsr: version pinned, a URL prefix mapped to vendored files", async () => {
    expect(await invoke(online, 'mapped')).toEqual({ status: 200, body: { version: '1.0.0', vendored: 'from ./vendor with greet 2.0.0' } });
    expect(double.requests.some((r) => r.includes('vendored'))).toBe(false);
  });

  it('gives Deno.connect (raw TCP for deno.land/x database drivers): read/write, and ConnectionRefused', async () => {
    const r = (await invoke(online, 'tcp')) as { status: number; body: { status: string; reads: number; refused: string } };
    expect(r.status).toBe(200);
    expect(r.body.status).toMatch(/^HTTP\/1\.[01] 200 OK$/);
    expect(r.body.reads).toBeGreaterThan(3);
    expect(r.body.refused).toBe('ConnectionRefused');
  });

  it('refuses a JSR export that points outside its package (503 naming it)', async () => {
    const r = (await invoke(online, 'jsr-escape')) as { status: number; body: { message: string } };
    expect(r.status).toBe(503);
    expect(r.body.message).toContain('cannot load "jsr:@gather/evil@1": its export "." points outside the package');
  });

  it('keeps fetched modules in the cache folder, by registry host and URL', () => {
    const jsrHost = new URL(double.url).host;
    expect(readdirSync(join(cacheDir, 'jsr', jsrHost, '@gather', 'evil')).sort()).toEqual(['1.0.0_meta.json', 'meta.json']);
    expect(readdirSync(join(cacheDir, 'jsr', jsrHost, '@gather', 'greet')).sort()).toEqual(['1.0.0', '1.0.0_meta.json', '1.1.0', '1.1.0_meta.json', '2.0.0', '2.0.0_meta.json', 'meta.json']);
    expect(readdirSync(join(cacheDir, 'remote', 'https', 'deno.land')).length).toBe(8); // 4 modules, each with its headers
    expect(readdirSync(join(cacheDir, 'npm')).sort()).toEqual(['is-odd@3.0.1', 'postgres@3']);
  });
});

describe('cached only (Deno --cached-only)', () => {
  // Starts a server of its own: a cluster of them (GATHER_TEST_WORKERS) takes longer on a busy machine.
  it('never fetches: an import not in the cache fails to boot, saying so', { timeout: 90_000 }, async () => {
    const s = await startTestServer({ project, functionsCacheDir: join(work, 'empty-cache'), functionsJsrUrl: `${double.url}/jsr/`, functionsCachedOnly: 'true' });
    try {
      const before = double.requests.length;
      const r = (await invoke(s, 'jsr-import')) as { status: number; body: { message: string } };
      expect(r.status).toBe(503);
      expect(r.body.message).toContain('cannot load "jsr:@gather/greet@^1": it is not in the cache and fetching is off (cached only)');
      expect(double.requests.length).toBe(before);
    } finally {
      await s.stop();
    }
  });
});

describe('registries gone: the cache serves, the rest is named', () => {
  let offline: TestServer;
  beforeAll(async () => {
    // Same project, cache and registries, plus functions the online server never saw; the JSR and
    // deno.land double is gone and the npm registry is one that cannot be reached.
    await double.close();
    cpSync(join(FIXTURE, 'offline-only'), join(project, 'functions'), { recursive: true });
    offline = await startTestServer({
      project,
      functionsCacheDir: cacheDir,
      functionsJsrUrl: `${double.url}/jsr/`,
      functionsNpmRegistry: `${CLOSED}/`,
      functionsUrlOrigins: `https://deno.land=${double.url}`,
    });
  }, 120_000);
  afterAll(() => offline?.stop());

  it('boots what was fetched once, from the cache alone', async () => {
    expect((await invoke(offline, 'jsr-import')).status).toBe(200);
    expect((await invoke(offline, 'url-import')).status).toBe(200);
    expect(await invoke(offline, 'npm-import')).toEqual({ status: 200, body: { three: true, four: false } });
  });

  it.each([
    ['missing-jsr', 'jsr:@std/path@^1', 'the JSR registry', 'deno.json'],
    ['missing-url', 'https://deno.land/x/oak@v12.6.1/mod.ts', 'cannot be reached (ECONNREFUSED)', 'deno.json'],
    ['missing-npm', 'npm:left-pad@1.3.0', 'the npm registry', 'npm install left-pad'],
  ])('%s: 503 BOOT_ERROR naming the import and how to vendor it', async (name, spec, why, vendor) => {
    const r = (await invoke(offline, name)) as { status: number; body: { code: string; message: string } };
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('BOOT_ERROR');
    expect(r.body.message).toContain('Worker failed to boot (please check logs): ');
    expect(r.body.message).toContain(`cannot load "${spec}"`);
    expect(r.body.message).toContain(why);
    expect(r.body.message).toContain(vendor);
  });

  it('SUPABASE_DB_URL is absent when the embedded database has no port', async () => {
    if (driverName !== 'pglite') {
      console.log('on PostgreSQL SUPABASE_DB_URL is always the database URL; the no-port case is PGlite only');
      return;
    }
    expect(await invoke(offline, 'npm-import/db')).toEqual({ status: 200, body: { dbUrl: null } });
  });
});

