// The scale bench's two load sources: the live viewers' process and an open-loop pacer for writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VIEWERS_SCRIPT = fileURLToPath(new URL('./live-viewers.ts', import.meta.url));

export interface Viewers {
  child: ChildProcess;
  joined: number;
  /** Deliveries so far. */
  count(): number;
  result(): Promise<ViewerResult>;
}

/** The live viewers, in a process of their own (live-viewers.ts), once they have all joined. */
export function startViewers(url: string, apikey: string, eventId: string, viewers: number): Promise<Viewers> {
  const child = spawn(process.execPath, [VIEWERS_SCRIPT, url, apikey, eventId, String(viewers)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      const ready = /^ready (\d+)/m.exec(out);
      if (!ready) return;
      clearInterval(poll);
      resolve({
        child,
        joined: Number(ready[1]),
        count: () => Number([...out.matchAll(/^count (\d+)$/gm)].at(-1)?.[1] ?? 0),
        result: () =>
          new Promise((res, rej) => {
            if (child.exitCode !== null) return rej(new Error(`live viewers exited early (${child.exitCode})`));
            child.once('exit', () => res(JSON.parse(/^result (.*)$/m.exec(out)![1]!) as ViewerResult));
            child.kill('SIGTERM');
          }),
      });
    }, 50);
    child.once('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`live viewers exited with ${code} before joining`));
    });
  });
}

export interface ViewerResult {
  /** Sockets the server closed during the run, by close code. */
  closed: Record<string, number>;
  joined: number;
  joinFailures: number;
  deliveries: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export interface Paced {
  sent: number;
  lat: number[];
  failed: number;
  firstError?: string;
}

/** Fires `op` `perSecond` times a second for `seconds`, not waiting for answers (an open loop). */
export async function paced(perSecond: number, seconds: number, op: (i: number) => Promise<{ status: number; body: string }>): Promise<Paced> {
  const r: Paced = { sent: 0, lat: [], failed: 0 };
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((res) => setTimeout(res, wait));
    r.sent++;
    const t = performance.now();
    inflight.push(
      op(i).then(
        (a) => {
          if (a.status < 300) r.lat.push(performance.now() - t);
          else {
            r.failed++;
            r.firstError ??= `${a.status} ${a.body.slice(0, 200)}`;
          }
        },
        (err: Error) => {
          r.failed++;
          r.firstError ??= err.message;
        },
      ),
    );
  }
  await Promise.all(inflight);
  return r;
}
