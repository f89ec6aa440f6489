// The limit for the scale bench's reads: node:http and pg in a process of their own, answering
// Discover's search and the event page with the very SQL the server generates for them (planned
// once here, prepared on each connection). No role switch, no claims, no PostgREST parsing.
// argv: <database url> <slug> <starts_after>. Prints `ready <url>`.
import http from 'node:http';
import pg from 'pg';
import { openPostgres } from '../../server/src/db/postgres-driver.ts';
import { planRequest } from '../../server/src/rest/plan/request-plan.ts';
import { loadSchemaCache } from '../../server/src/rest/schema-cache/schema-cache.ts';
import { callStatements } from '../../server/src/rest/sql/call-statement.ts';
import { readStatements } from '../../server/src/rest/sql/read-statement.ts';
import { scaleReads } from './scale-requests.ts';

const [url, slug, startsAfter] = process.argv.slice(2) as [string, string, string];
const db = await openPostgres(url);
const cache = await loadSchemaCache(db, ['public', 'graphql_public'], ['public', 'extensions']);
await db.close();

const routes = new Map<string, { name: string; text: string; values: unknown[] }>();
scaleReads(slug, startsAfter).forEach((r, n) => {
  const plan = planRequest({ cache, maxRows: 1000 }, { method: r.method, path: r.path, query: r.query, headers: r.headers, body: r.body === undefined ? undefined : Buffer.from(r.body) });
  if (plan.kind !== 'read' && plan.kind !== 'call') throw new Error(`${r.name}: unexpected plan ${plan.kind}`);
  const st = plan.kind === 'read' ? readStatements(plan, 1000).main : callStatements(plan).main;
  routes.set(`${r.method} /rest/v1${r.path}`, { name: `bare_scale_${n}`, text: st.sql, values: st.params });
});

const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'bare-read-server' });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const route = routes.get(`${req.method} ${(req.url ?? '/').split('?', 1)[0]}`);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    pool.query<{ body: string }>(route).then(
      (r) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(r.rows[0]!.body);
      },
      (err: Error) => res.writeHead(500).end(err.message),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`ready http://127.0.0.1:${(server.address() as { port: number }).port}`));
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
