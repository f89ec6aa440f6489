// The server under load, in a process of its own so the load generator does not share its event loop.
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config/load-config.ts';
import { startServer } from '../../server/src/server.ts';

const PROJECT = fileURLToPath(new URL('./project', import.meta.url));

const server = await startServer(
  loadConfig({ project: PROJECT, db: 'memory', port: '0', logLevel: 'warn', functionsIsolation: process.argv[2] ?? 'process' }, {}),
  { seed: false },
);
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
