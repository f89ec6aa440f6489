import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { generateTypes } from '../src/typegen/gen-types-command.ts';
import { introspect } from '../src/typegen/introspect.ts';
import { renderTypescript } from '../src/typegen/render-typescript.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('./fixtures/typegen-project', import.meta.url));
const EXPECTED = join(PROJECT, 'expected.types.ts');
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GATHER = join(ROOT, 'supabase');

let s: TestServer;
const work = mkdtempSync(join(tmpdir(), 'gather-typegen-'));
beforeAll(async () => {
  s = await startTestServer({ project: PROJECT });
});
afterAll(async () => {
  await s?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function typesFor(schemas: string[]): Promise<string> {
  return renderTypescript(await introspect(s.db, schemas), { defaultSchema: 'public', postgrestVersion: '14.0' });
}

/** Type-checks the files with the TypeScript compiler; @supabase/* resolve from this repository. */
function compile(files: Record<string, string>): string[] {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  const program = ts.createProgram(
    Object.keys(files).map((f) => join(work, f)),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      paths: { '@supabase/*': [join(ROOT, 'node_modules/@supabase/*')] },
    },
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? `${d.file.fileName.slice(work.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : ''}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

// Uses every part of the generated types through supabase-js. The @ts-expect-error lines make the
// check two-sided: if the types degraded to `any`, those directives would be unused, and fail.
const USAGE = `
import { createClient } from '@supabase/supabase-js'
import { Constants, type Database, type Enums, type Tables, type TablesInsert, type TablesUpdate, type CompositeTypes } from './database.types.ts'

const db = createClient<Database>('http://localhost:54321', 'anon')

export async function use() {
  const { data } = await db.from('messages').select('id, message, channels(slug, created_at)').eq('channel_id', 1)
  const first = data![0]!
  const id: number = first.id
  const text: string | null = first.message
  const slug: string | null | undefined = first.channels?.slug
  // @ts-expect-error id is a number
  const wrong: string = first.id

  const user: Tables<'users'> = { username: 'a', status: 'ONLINE', tags: null, data: { a: [1] }, age_range: null, home: null }
  const insert: TablesInsert<'messages'> = { channel_id: 1, username: 'a' }
  // @ts-expect-error an identity column generated always cannot be inserted
  const identity: TablesInsert<'messages'> = { channel_id: 1, username: 'a', id: 5 }
  // @ts-expect-error channel_id is required
  const missing: TablesInsert<'messages'> = { username: 'a' }
  const update: TablesUpdate<'channels'> = { slug: 'x' }
  const status: Enums<'user_status'> = Constants.public.Enums.user_status[1]
  // @ts-expect-error not one of the enum's values
  const badStatus: Enums<'user_status'> = 'AWAY'
  const address: CompositeTypes<'address'> = { street: 'Main', city: null, zip: 1 }
  const view: Tables<'recent_messages'> = { id: 1, channel_id: null, message: null }

  const sum = await db.rpc('add', { a: 1 })
  const n: number | null = sum.data
  // @ts-expect-error a is required
  await db.rpc('add', { b: 2 })
  const stats = await db.rpc('message_stats')
  const total: number | undefined = stats.data?.[0]?.total
  const byChannel = await db.rpc('channel_messages', { cid: 1 }).select('id, username')
  const who: string | undefined = byChannel.data?.[0]?.username

  const notes = await db.schema('personal').from('notes').select('id, body')
  const body: string | undefined = notes.data?.[0]?.body
  return [id, text, slug, wrong, user, insert, identity, missing, update, status, badStatus, address, view, n, total, who, body]
}
`;

describe('gen types', () => {
  it('writes what supabase gen types typescript writes, laid out the same way (golden file)', async () => {
    const text = await typesFor(['public', 'personal']);
    expect(text).toBe(readFileSync(EXPECTED, 'utf8'));
  });

  it('produces types that compile and type supabase-js calls (tables, views, joins, rpc, enums, schemas)', async () => {
    const errors = compile({ 'database.types.ts': await typesFor(['public', 'personal']), 'usage.ts': USAGE });
    expect(errors).toEqual([]);
  });

  it('fails to compile code that misuses them (the check is not vacuous)', () => {
    const errors = compile({
      'database.types.ts': readFileSync(EXPECTED, 'utf8'),
      'misuse.ts': `import { createClient } from '@supabase/supabase-js'
import type { Database } from './database.types.ts'
const db = createClient<Database>('http://x', 'k')
export const q = db.from('messages').insert({ username: 'a', channel_id: 'not a number' })`,
    });
    expect(errors.join('\n')).toMatch(/misuse\.ts:4: .*not assignable/s);
  });

  it('runs from the CLI: gather-server gen types --schema … --output …', { timeout: 120_000 }, async () => {
    const out = join(work, 'cli.types.ts');
    const db = process.env.DATABASE_URL ? ['--db', s.testDb.target] : ['--db', 'memory'];
    await promisify(execFile)(
      process.execPath,
      [join(ROOT, 'server/src/cli/main.ts'), 'gen', 'types', '--project', PROJECT, ...db, '--schema', 'public,personal', '--output', out, '--log-level', 'silent'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: '' } },
    );
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(EXPECTED, 'utf8'));
  });

  it('compiles against the Gather schema (supabase/migrations)', async () => {
    const config = loadConfig({ project: GATHER, db: 'memory', logLevel: 'silent' }, {});
    const text = await generateTypes(config, { schemas: ['public'] });
    expect(text).toContain('export type Database = {');
    const errors = compile({
      'database.types.ts': text,
      'gather.ts': `import { createClient } from '@supabase/supabase-js'
import type { Database, Tables } from './database.types.ts'
export const db = createClient<Database>('http://x', 'k')
type AnyRow = Tables<keyof Database['public']['Tables']>
export type Check = AnyRow extends object ? true : false`,
    });
    expect(errors).toEqual([]);
  });
});
