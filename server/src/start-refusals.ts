// What makes `start` stop before anything opens, kept apart from server.ts so the CLI can check
// it (and hold the port) before the server's modules load (decision 0420).
import type { Config } from './config/config-schema.ts';
import { exposureProblems } from './config/exposure-config.ts';

export class PortInUseError extends Error {}
export class UnsafeExposureError extends Error {}

/** Beyond loopback without the operator accepting the risks by name: refused before anything opens (decision 0092). */
export function refuseUnsafeExposure(config: Config): void {
  const exposed = exposureProblems(config);
  if (exposed.length) throw new UnsafeExposureError(exposed.join('\n'));
}
