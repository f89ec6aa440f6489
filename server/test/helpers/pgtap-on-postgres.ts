import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

/**
 * pgTAP on the PostgreSQL cluster the tests run against. PGlite always has it; PostgreSQL has it
 * only where the server's package is installed. When missing, on a local Debian cluster and as
 * root (CI here), Debian's postgresql-<major>-pgtap is installed with apt-get, as the e2e suite
 * installs Chromium; otherwise the answer is the reason to skip, naming the package.
 */
export async function pgtapMissingOnPostgres(url: string): Promise<string | undefined> {
  const probe = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query<{ has: boolean; major: number }>(
        `select exists (select 1 from pg_available_extensions where name = 'pgtap') as has,
                current_setting('server_version_num')::int / 10000 as major`,
      );
      return rows[0]!;
    } finally {
      await c.end();
    }
  };
  const first = await probe();
  if (first.has) return undefined;
  const pkg = `postgresql-${first.major}-pgtap`;
  const host = new URL(url).hostname;
  const local = ['127.0.0.1', 'localhost', '::1', ''].includes(host) && existsSync(`/usr/share/postgresql/${first.major}/extension`);
  if (local && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`pgTAP is not installed on this PostgreSQL ${first.major}: installing Debian's ${pkg} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
    try {
      try {
        install();
      } catch {
        execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
        install();
      }
    } catch (err) {
      console.log(`apt-get could not install ${pkg}: ${(err as Error).message}`);
    }
    if ((await probe()).has) return undefined;
  }
  return `pgTAP is not installed on the PostgreSQL at ${host} (Debian: apt-get install -y ${pkg}; elsewhere the pgtap package for PostgreSQL ${first.major})`;
}
