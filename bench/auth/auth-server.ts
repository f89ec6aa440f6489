// The server under load, in a process of its own so the load generator does not share its event loop.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config/load-config.ts';
import { startServer } from '../../server/src/server.ts';

const EMPTY = fileURLToPath(new URL('../../server/test/fixtures/empty-project', import.meta.url));
const UNLIMITED = '1000000000';

const server = await startServer(
  loadConfig(
    {
      project: EMPTY,
      db: process.argv[2] ?? 'memory',
      port: '0',
      logLevel: 'warn',
      rateLimitSignInSignUps: UNLIMITED,
      rateLimitTokenRefresh: UNLIMITED,
      rateLimitTokenVerifications: UNLIMITED,
    },
    {},
  ),
  { seed: false },
);
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
