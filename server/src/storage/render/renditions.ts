import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageBackend } from '../backend/storage-backend.ts';
import type { OutputKind } from './render-image.ts';
import { toTokenString, type TransformOptions } from './transform-options.ts';

/** The derived file's name for one rendition: the options and the encoding, hashed. */
export function renditionName(opts: TransformOptions, kind: OutputKind): string {
  return createHash('sha256').update(`v1|${toTokenString(opts)}|${kind}`).digest('hex').slice(0, 32);
}

/**
 * Renditions of immutable blob versions, kept as derived files beside the blob in the backend
 * (folder or S3), so a repeated request is one read and every server instance shares them. A
 * rendition is a pure function of (blob version, options, encoding): two instances rendering
 * the same one at once write identical bytes, so no locking is needed. Within one instance,
 * concurrent requests for one rendition share a single render, and renders are limited to the
 * machine's cores so a burst of new images cannot starve the other APIs.
 */
export class Renditions {
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly waiting: (() => void)[] = [];
  private running = 0;
  private readonly backend: StorageBackend;
  private readonly log: FastifyBaseLogger;
  private readonly slots: number;

  constructor(backend: StorageBackend, log: FastifyBaseLogger, slots = Math.max(1, availableParallelism() - 1)) {
    this.backend = backend;
    this.log = log;
    this.slots = slots;
  }

  /** The rendition's bytes: from the backend if made before, else made by `render` and stored. */
  async get(blob: string, name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const cached = await this.backend.readDerived(blob, name);
    if (cached) return cached;
    const key = `${blob}\n${name}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.make(blob, name, render).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async make(blob: string, name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    await this.acquire();
    let bytes: Buffer;
    try {
      bytes = await render();
    } finally {
      this.release();
    }
    // Storing is best effort: the caller gets its image even if the backend is briefly unwritable.
    await this.backend.writeDerived(blob, name, bytes).catch((err) => this.log.warn({ err }, 'storage: could not store a rendition'));
    return bytes;
  }

  private acquire(): Promise<void> {
    if (this.running < this.slots) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
