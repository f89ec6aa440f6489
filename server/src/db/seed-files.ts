import { globSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `[db.seed] sql_paths` as the Supabase CLI reads it: each entry a path or glob relative to the
 * project folder, files in the order the entries give them (a glob's matches sorted), each file
 * once. An entry that matches nothing is reported, as the CLI's "no files matched pattern".
 */
export function seedFiles(projectDir: string, patterns: string[]): { files: string[]; unmatched: string[] } {
  const files: string[] = [];
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    const found = globSync(pattern, { cwd: projectDir })
      .map((f) => resolve(join(projectDir, f)))
      .filter((f) => statSync(f, { throwIfNoEntry: false })?.isFile())
      .sort();
    if (found.length === 0) unmatched.push(pattern);
    for (const f of found) if (!files.includes(f)) files.push(f);
  }
  return { files, unmatched };
}
