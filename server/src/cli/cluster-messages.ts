import type { BucketSpec } from '../http/shared-limits.ts';

/** What a cluster's primary and its workers say to each other over IPC. */
export const CLUSTER_MESSAGE = {
  ready: 'gather:ready',
  metricsRequest: 'gather:metrics?',
  metricsReply: 'gather:metrics',
  take: 'gather:limit-take',
  acquire: 'gather:limit-acquire',
  release: 'gather:limit-release',
  limitReply: 'gather:limit',
  /** A worker about to listen asks the primary to let go of the port it held while preparing. */
  releasePort: 'gather:release-port',
  portReleased: 'gather:port-released',
} as const;

export type ToPrimary =
  | { type: typeof CLUSTER_MESSAGE.ready; url: string }
  | { type: typeof CLUSTER_MESSAGE.releasePort }
  | { type: typeof CLUSTER_MESSAGE.metricsRequest; id: number }
  | { type: typeof CLUSTER_MESSAGE.take; id: number; bucket: BucketSpec; key: string }
  | { type: typeof CLUSTER_MESSAGE.acquire; id: number; name: string; key: string; max: number }
  | { type: typeof CLUSTER_MESSAGE.release; name: string; key: string };

export type ToWorker =
  | { type: typeof CLUSTER_MESSAGE.metricsReply; id: number; contentType: string; body: string }
  | { type: typeof CLUSTER_MESSAGE.metricsReply; id: number; error: string }
  | { type: typeof CLUSTER_MESSAGE.limitReply; id: number; ok: boolean }
  | { type: typeof CLUSTER_MESSAGE.portReleased };
