import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { loadPglite, pgliteModules } from '../src/db/extensions.ts';
import { dumpDataFolder } from '../src/db/pglite-dump.ts';
import { runDbDump } from '../src/cli/db-commands.ts';
import { loadConfig } from '../src/config/load-config.ts';
import { driverName } from './helpers/test-db.ts';

// `gather-server db dump` (decision 0239): pglite-tools' WASM pg_dump on the data folder. Only
// the embedded database has this command; on PostgreSQL pg_dump is the server's own.

const SCHEMA = `
  create extension if not exists vector;
  create table public.places (id bigint generated always as identity primary key, name text not null,
    tags jsonb, embedding vector(3), note text);
  create index on public.places using hnsw (embedding vector_l2_ops);
  create function public.place_count() returns bigint language plpgsql as $$ begin return (select count(*) from public.places); end $$;
  insert into public.places (name, tags, embedding, note) values
    ('Café "Zur Post"', '{"wifi": true}', '[1,2,3]', e'two\\nlines\\tand a tab'),
    ('Park', null, '[0.5,0,-1]', null),
    ('Bücherei', '[1, "x"]', null, 'back\\\\slash');
`;

/** Restores a plain pg_dump into a PGlite: psql's meta-commands dropped, COPY … FROM stdin fed as a blob. */
async function restore(pg: PGlite, dump: string): Promise<void> {
  const lines = dump.split('\n');
  let sql: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const copy = /^COPY (.+) FROM stdin;$/.exec(line);
    if (copy) {
      await pg.exec(sql.join('\n'));
      sql = [];
      const rows: string[] = [];
      while (lines[++i] !== '\\.') rows.push(lines[i]!);
      await pg.query(`COPY ${copy[1]} FROM '/dev/blob'`, [], { blob: new Blob([rows.map((r) => r + '\n').join('')]) });
    } else if (!line.startsWith('\\')) sql.push(line);
  }
  await pg.exec(sql.join('\n'));
}

const ROWS = 'select id, name, tags, embedding::text as embedding, note from public.places order by id';
let dir: string;
let original: unknown[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gather-dump-'));
  const pg = await PGlite.create(dir, { extensions: (await loadPglite(pgliteModules())).extensions });
  await pg.exec(SCHEMA);
  original = (await pg.query(ROWS)).rows;
  await pg.close();
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The command is for the embedded database only: nothing here depends on DATABASE_URL, so the
// PostgreSQL run of the suite skips it rather than doing the same work twice.
if (driverName === 'postgres') console.log('db-dump.test.ts skipped: db dump is for the PGlite data folder; on PostgreSQL pg_dump is the server\'s own');

describe.skipIf(driverName === 'postgres')('db dump (PGlite data folder, pglite-tools pg_dump)', () => {
  it('dumps schema and data that restore into a fresh database unchanged', async () => {
    const dump = await dumpDataFolder(dir, pgliteModules());
    expect(dump).toMatch(/^-- PostgreSQL database dump/m);
    expect(dump).toMatch(/-- Dumped by pg_dump version 18\./);
    expect(dump).toContain('CREATE TABLE public.places');
    expect(dump).toContain('CREATE EXTENSION IF NOT EXISTS vector');
    const fresh = await PGlite.create({ extensions: (await loadPglite(pgliteModules())).extensions });
    try {
      await restore(fresh, dump);
      expect((await fresh.query(ROWS)).rows).toEqual(original);
      expect((await fresh.query('select public.place_count() as n')).rows).toEqual([{ n: 3 }]);
      const idx = await fresh.query(`select indexdef from pg_indexes where tablename = 'places' and indexdef like '%hnsw%'`);
      expect(idx.rows).toHaveLength(1);
      // The identity sequence continues where it was.
      expect((await fresh.query(`insert into public.places (name) values ('new') returning id`)).rows).toEqual([{ id: 4 }]);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it('passes pg_dump options through (schema only)', async () => {
    const dump = await dumpDataFolder(dir, pgliteModules(), ['--schema-only']);
    expect(dump).toContain('CREATE TABLE public.places');
    expect(dump).not.toMatch(/^COPY /m);
  }, 180_000);

  it('refuses while another process owns the folder, and names it', async () => {
    const lock = lockDataDir(dir);
    try {
      // Same process holds it here; the lock file says which pid, and dumpDataFolder refuses as
      // it would for a running server (its own lockDataDir sees a live owner).
      await expect(dumpDataFolder(dir, pgliteModules())).rejects.toThrow(/in use by another gather-server/);
    } finally {
      lock.release();
    }
  });

  it('runs as the CLI command with --file and --schema, and refuses on PostgreSQL', async () => {
    const project = join(dir, '..', `gather-dump-project-${process.pid}`);
    mkdirSync(join(project, 'migrations'), { recursive: true });
    try {
      const file = join(project, 'dump.sql');
      await runDbDump(loadConfig({ project, db: dir, logLevel: 'silent' }, {}), { file, schemas: ['public'] });
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('CREATE TABLE public.places');
      expect(text).not.toContain('CREATE EXTENSION'); // pg_dump -n dumps no extensions
      const pgConfig = loadConfig({ project, db: 'postgres://postgres@127.0.0.1:5432/x', logLevel: 'silent' }, {});
      await expect(runDbDump(pgConfig, { schemas: [] })).rejects.toThrow(/pg_dump "\$DATABASE_URL"/);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses a folder with no database', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'gather-dump-empty-'));
    try {
      await expect(dumpDataFolder(empty, [])).rejects.toThrow(/holds no database/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
