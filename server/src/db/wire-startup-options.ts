/**
 * The settings a database-port client asks for in its startup packet, as Postgres's postmaster
 * takes them: every parameter but user, database, options and replication is a setting
 * (application_name, DateStyle…), and `options` holds command-line switches — `-c name=value`
 * or `--name=value` — which libpq fills from PGOPTIONS. PGlite's own startup ignores them.
 */

const PROTOCOL_3 = 196608;
const NOT_SETTINGS = new Set(['user', 'database', 'options', 'replication']);

/** A StartupMessage (no type byte: length, then protocol 3.0). */
export function isStartupMessage(m: Uint8Array): boolean {
  if (m.byteLength < 8 || m[0] !== 0) return false;
  return Buffer.from(m.buffer, m.byteOffset, m.byteLength).readInt32BE(4) === PROTOCOL_3;
}

/** Its name/value parameters. */
export function startupParameters(m: Uint8Array): Map<string, string> {
  const parts = Buffer.from(m.buffer, m.byteOffset + 8, m.byteLength - 8).toString('utf8').split('\0');
  const params = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) params.set(parts[i]!, parts[i + 1]!);
  return params;
}

export class StartupOptionError extends Error {}

/** `options` split as pg_split_opts does: on whitespace, a backslash keeps the next character. */
function splitOptions(options: string): string[] {
  const out: string[] = [];
  let cur: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const c = options[i]!;
    if (/\s/.test(c)) {
      if (cur !== undefined) out.push(cur);
      cur = undefined;
    } else if (c === '\\' && i + 1 < options.length) cur = (cur ?? '') + options[++i];
    else cur = (cur ?? '') + c;
  }
  if (cur !== undefined) out.push(cur);
  return out;
}

function nameValue(arg: string, shown: string): [string, string] {
  const eq = arg.indexOf('=');
  if (eq <= 0) throw new StartupOptionError(`--${shown} requires a value`);
  return [arg.slice(0, eq).replace(/-/g, '_'), arg.slice(eq + 1)];
}

/** The settings to apply, in order; a switch Postgres would refuse throws, worded as Postgres's. */
export function startupSettings(params: Map<string, string>): [string, string][] {
  const settings: [string, string][] = [];
  for (const [name, value] of params) if (!NOT_SETTINGS.has(name) && !name.startsWith('_pq_.')) settings.push([name, value]);
  const args = splitOptions(params.get('options') ?? '');
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c') {
      const next = args[++i];
      if (next === undefined) throw new StartupOptionError('invalid command-line argument for server process: -c');
      settings.push(nameValue(next, next));
    } else if (a.startsWith('-c')) settings.push(nameValue(a.slice(2), a.slice(2)));
    else if (a.startsWith('--')) settings.push(nameValue(a.slice(2), a.slice(2)));
    else throw new StartupOptionError(`invalid command-line argument for server process: ${a}`);
  }
  return settings;
}
