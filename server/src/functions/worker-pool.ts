import { FunctionWorker, type FunctionRequest, type FunctionResponse, type WorkerLimits, type WorkerLoss } from './function-worker.ts';


/**
 * The workers of one built function: up to `size`, started as concurrent requests need them.
 * Each request goes to the live worker with the fewest requests in flight; a worker that dies or
 * is retired is dropped and the next request starts a fresh one, so the function keeps serving.
 * A worker with nothing to do for `idleMs` exits, the last one too: an idle function holds no
 * memory, and its next request starts a worker again (decision 0371).
 */
export class WorkerPool {
  private workers: FunctionWorker[] = [];
  private readonly idleTimer: NodeJS.Timeout;
  private closed = false;
  private readonly bundleFile: string;
  private readonly env: Record<string, string>;
  private readonly limits: WorkerLimits;
  private readonly size: number;
  private readonly idleMs: number;
  /** Hears of each worker lost to a failure, which the next request replaces (metrics). */
  onWorkerLost?: (loss: WorkerLoss) => void;

  constructor(bundleFile: string, env: Record<string, string>, limits: WorkerLimits, size: number, idleMs: number) {
    this.bundleFile = bundleFile;
    this.env = env;
    this.limits = limits;
    this.size = size;
    this.idleMs = idleMs;
    this.idleTimer = setInterval(() => this.stopIdle(), Math.min(Math.max(idleMs / 4, 250), 15_000));
    this.idleTimer.unref();
  }

  private spawn(): FunctionWorker {
    const w = new FunctionWorker(this.bundleFile, this.env, this.limits, (gone, loss) => {
      this.workers = this.workers.filter((x) => x !== gone);
      if (loss) this.onWorkerLost?.(loss);
    });
    this.workers.push(w);
    return w;
  }

  private pick(): FunctionWorker {
    let best: FunctionWorker | undefined;
    for (const w of this.workers) {
      if (w.retired) continue;
      if (!best || w.inflight < best.inflight) best = w;
    }
    if (!best || (best.inflight > 0 && this.workers.length < this.size)) return this.spawn();
    return best;
  }

  dispatch(req: FunctionRequest): Promise<FunctionResponse> {
    if (this.closed) throw new Error('worker pool is closed');
    return this.pick().dispatch(req);
  }

  private stopIdle(): void {
    const now = Date.now();
    for (const w of this.workers) if (!w.retired && w.inflight === 0 && now - w.lastUsed >= this.idleMs) w.retire();
  }

  /** Finishes in-flight requests on the current workers, then stops them (used after a rebuild). */
  retire(): void {
    this.closed = true;
    clearInterval(this.idleTimer);
    for (const w of [...this.workers]) w.retire();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.idleTimer);
    await Promise.all(this.workers.map((w) => w.terminate()));
    this.workers = [];
  }
}
