// The least an HTTP API can do for the REST bench's requests on this stack: node:http and pg in
// a process of its own, running the very SQL the server generates (planned once here, prepared
// on each connection) with the request's one value bound, and answering the body Postgres built.
// No role switch, no claims, no PostgREST parsing.
import http from 'node:http';
import pg from 'pg';
import { openPostgres } from '../../server/src/db/postgres-driver.ts';
import { planRequest } from '../../server/src/rest/plan/request-plan.ts';
import { loadSchemaCache } from '../../server/src/rest/schema-cache/schema-cache.ts';
import { mutateStatement } from '../../server/src/rest/sql/mutate-statement.ts';
import { readStatements } from '../../server/src/rest/sql/read-statement.ts';
import { CASES } from './rest-cases.ts';

const url = process.argv[2]!;
const db = await openPostgres(url);
const cache = await loadSchemaCache(db, ['public'], ['public', 'extensions']);
await db.close();

interface Route {
  sql: string;
  name: string;
  params: unknown[];
  slot: number;
  value: (typeof CASES)[number]['value'];
}
const routes = new Map<string, Route>();
CASES.forEach((c, n) => {
  const sample = c.path(0);
  const [path, query = ''] = sample.split('?');
  const body = c.body?.(0);
  const plan = planRequest({ cache, maxRows: 1000 }, { method: c.method, path: path!, query, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : Buffer.from(body) });
  if (plan.kind !== 'read' && plan.kind !== 'mutate') throw new Error(`unexpected plan ${plan.kind}`);
  const st = plan.kind === 'read' ? readStatements(plan, 1000).main : mutateStatement(plan);
  const sampleValue = c.value(new URL(`http://x${sample}`), body ?? '');
  const slot = st.params.findIndex((p) => p === sampleValue);
  if (slot < 0) throw new Error(`${c.name}: the sample value is not a parameter of ${st.sql}`);
  routes.set(`${c.method} ${path}`, { sql: st.sql, name: `bare_${n}`, params: st.params, slot, value: c.value });
});

const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'bare-server' });
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const u = new URL(req.url ?? '/', 'http://x');
    const route = routes.get(`${req.method} ${u.pathname.replace('/rest/v1', '')}`);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const values = [...route.params];
    values[route.slot] = route.value(u, Buffer.concat(chunks).toString());
    pool.query<{ body: string }>({ name: route.name, text: route.sql, values }).then(
      (r) => {
        res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(req.method === 'POST' ? '' : r.rows[0]!.body);
      },
      (err: Error) => {
        res.writeHead(500).end(err.message);
      },
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number };
  console.log(`ready http://127.0.0.1:${addr.port}`);
});
process.once('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
