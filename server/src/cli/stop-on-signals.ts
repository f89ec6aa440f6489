import type { RunningServer } from '../server.ts';

/** SIGTERM or SIGINT: drain (see RunningServer.close) and exit; 1 if the drain failed. */
export function stopOnSignals(server: RunningServer): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`error: shutdown: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}
