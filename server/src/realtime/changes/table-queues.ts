/**
 * One queue per table (decision 0185). A queue hands its consumer everything that arrived
 * while the previous batch was being handled, up to `max`, in arrival order: an idle queue
 * takes a change alone (no added latency); a busy one takes the backlog together, so a table's
 * changes cost one row check and one write per socket per batch, not per change (decision 0190).
 */
export class TableQueues<T> {
  private readonly pending = new Map<string, T[]>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly handle: (batch: T[]) => Promise<void>;
  private readonly onError: (err: unknown) => void;
  private readonly max: number;

  constructor(handle: (batch: T[]) => Promise<void>, onError: (err: unknown) => void, max: number) {
    this.handle = handle;
    this.onError = onError;
    this.max = max;
  }

  push(key: string, item: T): void {
    let queue = this.pending.get(key);
    if (!queue) this.pending.set(key, (queue = []));
    queue.push(item);
    if (!this.running.has(key)) this.running.set(key, this.run(key, queue));
  }

  /** Resolves when every queue has run dry. */
  async drained(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  private async run(key: string, queue: T[]): Promise<void> {
    try {
      while (queue.length) {
        const batch = queue.splice(0, this.max);
        await this.handle(batch).catch(this.onError);
      }
    } finally {
      this.pending.delete(key);
      this.running.delete(key);
    }
  }
}
