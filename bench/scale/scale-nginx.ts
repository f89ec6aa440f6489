import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX = '/usr/sbin/nginx';
const CONF = fileURLToPath(new URL('../../docs/deploy/nginx.conf', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * docs/deploy/nginx.conf as deployed, with its two instances replaced by `instances` and, when
 * `readsTo` is given, the two read routes sent to those servers instead (the bare limit, behind
 * the same nginx hop and with the same background traffic on the instances).
 */
function conf(prefix: string, listen: number, instances: number[], readsTo?: number[]): string {
  const servers = (ports: number[]) => ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n');
  let text = readFileSync(CONF, 'utf8')
    .replaceAll('/var/lib/gather-nginx', prefix)
    .replace(/    server 127\.0\.0\.1:54321 max_fails=1 fail_timeout=5s;\n    server 127\.0\.0\.1:54322 max_fails=1 fail_timeout=5s;/, servers(instances))
    .replace('    server 127.0.0.1:54321 max_fails=1 fail_timeout=5s;', servers(instances.slice(0, 1)))
    .replace('    server 127.0.0.1:54322 backup;', instances[1] ? `    server 127.0.0.1:${instances[1]} backup;` : '')
    .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${listen};`);
  if (readsTo) {
    text = text
      .replace('  upstream gather_tus {', `  upstream bare_reads {\n${servers(readsTo)}\n    keepalive 64;\n  }\n\n  upstream gather_tus {`)
      .replace(
        '    location / {',
        '    location = /rest/v1/rpc/search_events {\n      proxy_pass http://bare_reads;\n    }\n    location = /rest/v1/events {\n      proxy_pass http://bare_reads;\n    }\n\n    location / {',
      );
  }
  if (/server 127\.0\.0\.1:5432[12]/.test(text)) throw new Error('docs/deploy/nginx.conf changed shape: the bench could not point it at its instances');
  return text;
}

/** Debian's nginx in the foreground with that configuration; resolves once it answers /health. */
export async function startNginx(instances: number[], readsTo?: number[]): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const prefix = mkdtempSync(join(tmpdir(), 'gather-scale-nginx-'));
  const listen = await freePort();
  writeFileSync(join(prefix, 'nginx.conf'), conf(prefix, listen, instances, readsTo));
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${listen}`;
  for (;;) {
    if ((await fetch(`${url}/health`).catch(() => undefined))?.status === 200) break;
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM'); // fast shutdown: viewers' sockets are closed, not waited for
      }),
  };
}
