import { runCli, type CliRun } from './run-cli.ts';

export interface CliServer {
  run: CliRun;
  url: string;
  serviceKey: string;
  /** SIGTERM, resolved once it has exited. */
  stop(): Promise<void>;
}

/** `gather-server start` with these arguments in a process of its own, once it says `ready`. */
export async function startCliServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliServer> {
  const run = runCli(['start', ...args], env);
  const url = (await run.waitFor(/ready http:\/\/\S+/)).slice('ready '.length);
  const serviceKey = (await run.waitFor(/service_role key: \S+/)).slice('service_role key: '.length);
  return {
    run,
    url,
    serviceKey,
    async stop() {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
      await run.exited;
    },
  };
}
