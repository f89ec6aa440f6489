import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config-schema.ts';
import { startServer } from '../server.ts';

/** Starts the server, prints `ready <url>` and the keys, and shuts down cleanly on a signal. */
export async function runStart(config: Config): Promise<void> {
  const server = await startServer(config);
  // Handlers first: a supervisor may signal as soon as it reads `ready`.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`error: shutdown: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  const { keys, prepared } = server;
  if (prepared.migrations.length > 0) console.log(`applied ${prepared.migrations.length} migration(s)`);
  if (prepared.seeded) console.log('loaded seed.sql');
  console.log(`ready ${server.url}`);
  console.log(`anon key: ${keys.anonKey}`);
  console.log(`service_role key: ${keys.serviceRoleKey}`);
  console.log(`publishable key: ${keys.publishableKey}`);
  console.log(`secret key: ${keys.secretKey}`);
  for (const note of seedNotes(config.project)) console.log(note);
}

/** Lines of seed.sql that start with `-- demo:` (how to sign in to the demo data), printed at start. */
function seedNotes(projectDir: string): string[] {
  const file = join(projectDir, 'seed.sql');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('-- demo:'))
    .map((l) => l.slice(3).trim());
}
