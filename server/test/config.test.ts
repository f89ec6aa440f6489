import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/load-config.ts';
import { DEFAULT_JWT_SECRET } from '../src/config/default-keys.ts';

function projectWith(toml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-config-'));
  writeFileSync(join(dir, 'config.toml'), toml);
  return dir;
}

describe('configuration', () => {
  it('uses the contract defaults', () => {
    // No config.toml here: the repository's supabase/ folder has settings of its own.
    const c = loadConfig({}, {});
    const bare = loadConfig({ project: mkdtempSync(join(tmpdir(), 'gather-defaults-')) }, {});
    expect(bare).toMatchObject({ port: 54321, maxRows: 1000, jwtExpiry: 3600, storageFileSizeLimit: 52_428_800 });
    expect(c).toMatchObject({ port: 54321, host: '127.0.0.1', jwtSecret: DEFAULT_JWT_SECRET, maxRows: 1000, jwtExpiry: 3600 });
    expect(c.dbTarget).toMatchObject({ kind: 'pglite', dataDir: join(process.cwd(), '.data/db') });
    expect(c.project).toBe(join(process.cwd(), 'supabase'));
  });

  it('takes flags over environment over config.toml', () => {
    const project = projectWith('[api]\nport = 50000\nmax_rows = 50\n[auth]\njwt_expiry = 600\nsite_url = "http://localhost:5173"\n');
    const fromToml = loadConfig({ project }, {});
    expect(fromToml).toMatchObject({ port: 50000, maxRows: 50, jwtExpiry: 600, siteUrl: 'http://localhost:5173' });
    const fromEnv = loadConfig({ project }, { GATHER_PORT: '50001', GATHER_MAX_ROWS: '7' });
    expect(fromEnv).toMatchObject({ port: 50001, maxRows: 7 });
    expect(loadConfig({ project, port: '50002' }, { GATHER_PORT: '50001' }).port).toBe(50002);
  });

  it('resolves env() references in config.toml as the Supabase CLI does', () => {
    const project = projectWith('[auth]\njwt_secret = "env(MY_SECRET)"\n');
    expect(loadConfig({ project }, { MY_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });

  it('picks the database from --db, GATHER_DB or DATABASE_URL', () => {
    expect(loadConfig({ db: 'memory' }, {}).dbTarget).toMatchObject({ kind: 'memory' });
    expect(loadConfig({}, { DATABASE_URL: 'postgres://u@h:5432/d' }).dbTarget).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/d' });
    expect(loadConfig({}, { GATHER_DB: 'memory', DATABASE_URL: 'postgres://u@h/d' }).dbTarget).toMatchObject({ kind: 'memory' });
  });

  it('reports each bad value with where it came from', () => {
    const err = (() => {
      try {
        loadConfig({ port: 'abc' }, { GATHER_JWT_SECRET: 'short', GATHER_LOG_LEVEL: 'loud' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.message).toContain('--port: must be a number');
    expect(err!.message).toContain('GATHER_JWT_SECRET: must be at least 32 characters');
    expect(err!.message).toContain('GATHER_LOG_LEVEL:');
  });

  it('refuses an unknown --db scheme and a bad config.toml', () => {
    expect(() => loadConfig({ db: 'mysql://x' }, {})).toThrow('--db: unsupported scheme in "mysql://x"');
    expect(() => loadConfig({ project: projectWith('[api\nport = 1') }, {})).toThrow(/config\.toml/);
  });

  it('refuses the public development secret in production', () => {
    expect(() => loadConfig({}, { NODE_ENV: 'production' })).toThrow(/NODE_ENV=production/);
    expect(loadConfig({}, { NODE_ENV: 'production', GATHER_JWT_SECRET: 'y'.repeat(48) }).production).toBe(true);
  });
});
