/** The `Prefer` header(s), parsed as PostgREST does (`rest.md` §10.2). */
export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  tx?: 'commit' | 'rollback';
  timezone?: string;
  maxAffected?: number;
  /** Preferences that were not understood, as given. */
  invalid: string[];
}

const ENUMS: Record<string, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

/** All Prefer headers split on commas; for each category the first recognised value wins. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const out: Preferences = { invalid: [] };
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((v) => v.trim()).filter((v) => v !== '');
  const rec = out as unknown as Record<string, unknown>;
  for (const v of values) {
    const eq = v.indexOf('=');
    const key = eq < 0 ? v : v.slice(0, eq).trim();
    const val = eq < 0 ? '' : v.slice(eq + 1).trim();
    const allowed = Object.hasOwn(ENUMS, key) ? ENUMS[key] : undefined;
    if (allowed?.includes(val)) {
      rec[key] ??= val;
    } else if (key === 'timezone' && val !== '') {
      out.timezone ??= val;
    } else if (key === 'max-affected' && /^\d+$/.test(val)) {
      out.maxAffected ??= Number(val);
    } else {
      out.invalid.push(v);
    }
  }
  return out;
}
