/** Pino's settings for the server's logs; its own module so `start` can log while opening PGlite before Fastify loads (decision 0420). */
export function createLogger(level: string) {
  return { level, base: undefined, timestamp: true } as const;
}
