import pg from 'pg';

/**
 * A database of its own on the test's PostgreSQL (DATABASE_URL), not bootstrapped: what a first
 * start finds. `createTestDb` gives a bootstrapped one; start-up tests need the empty kind.
 */
export async function emptyPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL!;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
