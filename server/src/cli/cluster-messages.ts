/** What a cluster's primary and its workers say to each other over IPC. */
export const CLUSTER_MESSAGE = {
  ready: 'gather:ready',
  metricsRequest: 'gather:metrics?',
  metricsReply: 'gather:metrics',
} as const;

export type ToPrimary =
  | { type: typeof CLUSTER_MESSAGE.ready; url: string }
  | { type: typeof CLUSTER_MESSAGE.metricsRequest; id: number };

export type ToWorker =
  | { type: typeof CLUSTER_MESSAGE.metricsReply; id: number; contentType: string; body: string }
  | { type: typeof CLUSTER_MESSAGE.metricsReply; id: number; error: string };
