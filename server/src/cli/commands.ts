import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type ConfigFlags } from '../config/load-config.ts';
import { workerCount, WorkerCountError } from './worker-count.ts';

// Each command's modules load when it runs: `start` opens the database before the server's
// modules load (decision 0420), and the other commands do not load the server at all.
const dbCommands = () => import('./db-commands.ts');

const USAGE = `usage: gather-server <command> [options]

commands:
  start       apply migrations, seed on first start, serve the APIs and the web app
  migrate     apply pending migrations and exit
  seed        run <project>/seed.sql again, upload config.toml's bucket files, and exit
  seed buckets
              only upload the files under config.toml's [storage.buckets.*] objects_path,
              as 'supabase seed buckets' does (unchanged files are skipped)
  reset       empty the database, then bootstrap, migrate and seed
  gen types   write TypeScript types for the database, as 'supabase gen types typescript' does
              [--schema public] (repeatable or comma-separated) [--output FILE] (default stdout)
  db dump     pg_dump 18 of the embedded database, in-process (no PostgreSQL client needed);
              refuses while a server uses the folder. [--file FILE] (default stdout)
              [--schema S] (repeatable or comma-separated) [--data-only] [--schema-only]
  test db [PATH…]
              run the pgTAP files (*.sql, *.pg) under <project>/tests, or the paths given, as
              'supabase test db' does (pg_prove's output; exit 1 when a test fails); uses a
              running server's database port, else opens the database itself

options (each also an environment variable):
  --project DIR     Supabase project folder            GATHER_PROJECT   (supabase)
  --port N          port to listen on                  GATHER_PORT      (54321)
  --host H          address to listen on               GATHER_HOST      (127.0.0.1)
  --db VALUE        folder | memory | postgres://…     GATHER_DB, DATABASE_URL (.data/db)
  --storage VALUE   folder | s3://…                    GATHER_STORAGE   (.data/storage)
  --web DIR         built web app to serve at /        GATHER_WEB
  --log-level L     fatal|error|warn|info|debug|trace|silent  GATHER_LOG_LEVEL (info)
  --workers N       server processes sharing the port  GATHER_WORKERS   (cores on PostgreSQL, 1 on PGlite)
  --db-port N|off   database port (PGlite: wire protocol)  GATHER_DB_PORT (54322)
  --metrics VALUE   Prometheus metrics: /path or [host:]port  GATHER_METRICS (off)
  --auto-expose-new-tables
                    grant new public tables to anon, authenticated and service_role, as
                    Supabase did before 2026 (an older project's migrations expect it)
                    GATHER_AUTO_EXPOSE_NEW_TABLES (config.toml [api] auto_expose_new_tables; off)

  Beyond loopback (--host 0.0.0.0, a LAN address) start refuses two development defaults
  unless you accept the risk by its name:
  --insecure-default-jwt-secret  the public default JWT secret: anyone can sign service-role tokens
                                 GATHER_INSECURE_DEFAULT_JWT_SECRET
  --insecure-public-inbox        /_inbox on (NODE_ENV is not production): anyone reads every sign-in mail
                                 GATHER_INSECURE_PUBLIC_INBOX`;

const OPTIONS = {
  project: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  storage: { type: 'string' },
  web: { type: 'string' },
  'log-level': { type: 'string' },
  workers: { type: 'string' },
  'db-port': { type: 'string' },
  metrics: { type: 'string' },
  'insecure-default-jwt-secret': { type: 'boolean' },
  'insecure-public-inbox': { type: 'boolean' },
  'auto-expose-new-tables': { type: 'boolean' },
  schema: { type: 'string', multiple: true },
  output: { type: 'string', short: 'o' },
  file: { type: 'string', short: 'f' },
  'data-only': { type: 'boolean' },
  'schema-only': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function splitList(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

function fail(message: string): never {
  console.error(`error: ${message.replaceAll('\n', '\n       ')}`);
  process.exit(1);
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    fail(`${(err as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  // `test db` takes the files to run after it, as the Supabase CLI does.
  const testPaths = positionals[0] === 'test' && positionals[1] === 'db' ? positionals.splice(2) : [];
  const command = positionals.join(' ');
  if (values.help || command === '' || command === 'help') {
    console.log(USAGE);
    return;
  }
  const {
    help: _help,
    'log-level': logLevel,
    'db-port': dbPort,
    'insecure-default-jwt-secret': insecureDefaultJwtSecret,
    'insecure-public-inbox': insecurePublicInbox,
    'auto-expose-new-tables': autoExposeNewTables,
    schema,
    output,
    file,
    'data-only': dataOnly,
    'schema-only': schemaOnly,
    ...rest
  } = values;
  const flags: ConfigFlags = {
    ...rest,
    ...(logLevel ? { logLevel } : {}),
    ...(dbPort ? { dbPort } : {}),
    ...(insecureDefaultJwtSecret ? { insecureDefaultJwtSecret: 'true' } : {}),
    ...(insecurePublicInbox ? { insecurePublicInbox: 'true' } : {}),
    ...(autoExposeNewTables ? { autoExposeNewTables: 'true' } : {}),
  } as ConfigFlags;
  let config;
  try {
    config = loadConfig(flags);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (command === 'start') {
    try {
      workerCount(config);
    } catch (err) {
      if (err instanceof WorkerCountError) fail(err.message);
      throw err;
    }
  }
  switch (command) {
    case 'start':
      return (await import('./start-command.ts')).runStart(config);
    case 'migrate':
      return (await dbCommands()).runMigrate(config);
    case 'seed':
      return (await dbCommands()).runSeed(config);
    case 'seed buckets':
      return (await dbCommands()).runSeedBuckets(config);
    case 'reset':
      return (await dbCommands()).runReset(config);
    case 'db dump':
      return (await dbCommands()).runDbDump(config, { file, schemas: splitList(schema), dataOnly, schemaOnly });
    case 'test db':
      process.exitCode = await (await import('../testdb/test-db-command.ts')).runTestDb(config, { paths: testPaths });
      return;
    case 'gen types':
    case 'gen types typescript': {
      const schemas = splitList(schema ?? ['public']);
      return (await import('../typegen/gen-types-command.ts')).runGenTypes(config, { schemas, output });
    }
    default:
      fail(`unknown command "${command}"\n${USAGE}`);
  }
}

main().catch((err: Error) => fail(err.message));
