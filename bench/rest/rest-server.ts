// Child process for the REST bench: the real server on a fresh database with the bench schema.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/src/config/load-config.ts';
import { startServer } from '../../server/src/server.ts';
import { BENCH_SCHEMA } from './bench-schema.ts';

const db = process.argv[2] ?? 'memory';
const project = mkdtempSync(join(tmpdir(), 'gather-rest-bench-'));
mkdirSync(join(project, 'migrations'));
writeFileSync(join(project, 'migrations', '00000000000001_bench.sql'), BENCH_SCHEMA);
const config = loadConfig({ project, db, port: '0', logLevel: 'silent' }, {});
const server = await startServer(config, { seed: false });
console.log(`ready ${server.url}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
