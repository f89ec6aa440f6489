import { createServer, type Server } from 'node:http';
import { PortInUseError } from '../start-refusals.ts';

/** The port `start` listens on, held from its first moment until the real server takes it. */
export interface PortClaim {
  /** The port held: the one asked for, or the one the system gave for `--port 0`. */
  port: number;
  /** Stops holding it, at once, so the server (or a cluster's shared handle) binds it next. Idempotent. */
  release(): Promise<void>;
}

const STARTING = JSON.stringify({ message: 'gather-server is starting: preparing the database' });

/**
 * Listens on `host:port` before start-up opens the database (decision 0273). Preparing a database
 * (bootstrap, migrations, seed) takes seconds to minutes, and the port used to be bound only after
 * it: meanwhile anything else could take it (another server, a test's "free" port handed out
 * twice), and start failed late, as "worker 1 exited", after the database work. Now a port in use
 * fails at once, before the database is touched, and a port held is the server's: while it
 * prepares, every request is answered 503 with Retry-After (as `/ready` answers while draining),
 * so a load balancer or health check sees a server starting, not a closed port.
 */
export async function claimPort(host: string, port: number): Promise<PortClaim> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1', connection: 'close' });
    res.end(STARTING);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`port ${port} on ${host} is already in use (pass --port to choose another)`) : err);
    });
    server.listen({ port, host }, () => resolve());
  });
  const address = server.address();
  let released: Promise<void> | undefined;
  return {
    port: typeof address === 'object' && address ? address.port : port,
    release() {
      // close() stops listening at once (the socket is closed now); its callback waits for the 503s in flight.
      released ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return released;
    },
  };
}
