import type { Worker } from 'node:cluster';
import { TokenBucketLimiter } from '../auth/rate-limits.ts';
import type { BucketSpec, SharedLimits } from '../http/shared-limits.ts';
import { CLUSTER_MESSAGE, type ToPrimary, type ToWorker } from './cluster-messages.ts';

/**
 * The primary's side of SharedLimits: one set of token buckets and connection places for all
 * workers, so `--workers N` limits as one server does. Places held by a worker that dies are freed.
 */
export class PrimaryLimits {
  private readonly buckets = new Map<string, TokenBucketLimiter>();
  /** name → key → places held, by worker id. */
  private readonly places = new Map<string, Map<string, Map<number, number>>>();

  /** Answers a worker's limits messages; false for any other message. */
  handle(w: Worker, m: ToPrimary): boolean {
    if (m.type === CLUSTER_MESSAGE.take) {
      w.send({ type: CLUSTER_MESSAGE.limitReply, id: m.id, ok: this.take(m.bucket, m.key) } satisfies ToWorker);
    } else if (m.type === CLUSTER_MESSAGE.acquire) {
      w.send({ type: CLUSTER_MESSAGE.limitReply, id: m.id, ok: this.acquire(w.id, m.name, m.key, m.max) } satisfies ToWorker);
    } else if (m.type === CLUSTER_MESSAGE.release) {
      this.release(w.id, m.name, m.key);
    } else return false;
    return true;
  }

  take(bucket: BucketSpec, key: string): boolean {
    const id = `${bucket.name}|${bucket.events}|${bucket.windowSeconds}|${bucket.burst}`;
    let b = this.buckets.get(id);
    if (!b) this.buckets.set(id, (b = new TokenBucketLimiter(bucket, bucket.burst)));
    return b.take(key);
  }

  acquire(worker: number, name: string, key: string, max: number): boolean {
    let byKey = this.places.get(name);
    if (!byKey) this.places.set(name, (byKey = new Map()));
    let byWorker = byKey.get(key);
    let held = 0;
    for (const n of byWorker?.values() ?? []) held += n;
    if (held >= max) return false;
    if (!byWorker) byKey.set(key, (byWorker = new Map()));
    byWorker.set(worker, (byWorker.get(worker) ?? 0) + 1);
    return true;
  }

  release(worker: number, name: string, key: string): void {
    const byWorker = this.places.get(name)?.get(key);
    const n = (byWorker?.get(worker) ?? 0) - 1;
    if (!byWorker) return;
    if (n > 0) byWorker.set(worker, n);
    else byWorker.delete(worker);
    if (byWorker.size === 0) this.places.get(name)!.delete(key);
  }

  /** A worker died: its sockets are gone, and the places they held with them. */
  forgetWorker(worker: number): void {
    for (const byKey of this.places.values()) {
      for (const [key, byWorker] of byKey) {
        byWorker.delete(worker);
        if (byWorker.size === 0) byKey.delete(key);
      }
    }
  }
}

/** A worker's side: each limit asked of the primary over IPC. */
export function sharedLimitsFromPrimary(): SharedLimits {
  let next = 0;
  const waiting = new Map<number, (ok: boolean) => void>();
  process.on('message', (m: ToWorker) => {
    if (m?.type !== CLUSTER_MESSAGE.limitReply) return;
    waiting.get(m.id)?.(m.ok);
    waiting.delete(m.id);
  });
  const ask = (m: ToPrimary & { id: number }) =>
    new Promise<boolean>((resolve) => {
      waiting.set(m.id, resolve);
      process.send!(m);
    });
  return {
    take: (bucket, key) => ask({ type: CLUSTER_MESSAGE.take, id: ++next, bucket, key }),
    acquire: (name, key, max) => ask({ type: CLUSTER_MESSAGE.acquire, id: ++next, name, key, max }),
    release: (name, key) => void process.send!({ type: CLUSTER_MESSAGE.release, name, key } satisfies ToPrimary),
  };
}
