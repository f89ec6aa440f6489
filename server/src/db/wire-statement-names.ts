/**
 * Named prepared statements of database-port clients, kept apart (decision 0226). All clients
 * share PGlite's one backend, so two tools (two Prisma connections, or one reconnecting) that
 * both prepare "s0" would collide. Each client's statement names get its own prefix in the
 * messages that name a statement; unnamed statements and portals are left alone (they last one
 * exchange, and exchanges never interleave).
 */

/** The prefix for one client's statements, also used to deallocate them when it leaves. */
export const statementPrefix = (client: number): string => `t${client}_`;

/** Offset of the statement name in a Parse, Bind, Describe-statement or Close-statement message. */
function statementNameAt(b: Buffer): number | undefined {
  switch (b[0]) {
    case 0x50: // Parse: name first
      return 5;
    case 0x42: // Bind: portal name, then statement name
      return b.indexOf(0, 5) + 1;
    case 0x44: // Describe
    case 0x43: // Close
      return b[5] === 0x53 ? 6 : undefined; // 'S'tatement, not 'P'ortal
    default:
      return undefined;
  }
}

/** The message with its statement name prefixed; the same message when it names none. */
export function prefixStatementName(m: Uint8Array, prefix: string): Uint8Array {
  const b = Buffer.from(m.buffer, m.byteOffset, m.byteLength);
  const at = statementNameAt(b);
  if (at === undefined || at <= 0 || b[at] === 0) return m;
  const out = Buffer.concat([b.subarray(0, at), Buffer.from(prefix, 'utf8'), b.subarray(at)]);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}

/** SQL that lists the DEALLOCATE statements for a client's prepared statements. */
export function deallocateSql(prefix: string): string {
  return `select coalesce(string_agg(format('deallocate %I', name), '; '), '') from pg_prepared_statements where starts_with(name, '${prefix}')`;
}
