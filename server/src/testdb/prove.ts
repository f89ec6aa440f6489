import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ProveOutput } from './prove-output.ts';
import { runTestFile } from './run-test-file.ts';
import { TapParser, type TapFileResult } from './tap-parser.ts';

/**
 * `pg_prove --ext .pg --ext .sql -r PATH…`, as `supabase test db` runs it: every .sql/.pg file
 * under each folder (recursively, sorted by path) or the files named, each on a connection of
 * its own, in order; TAP judged and shown as pg_prove does.
 */
export interface ProveOptions {
  /** Folders and files, as pg_prove is given them (their names are what it prints). */
  paths: string[];
  connectionString: string;
  /** pg_prove's working directory (`\i` resolves there). */
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

export class TestPathError extends Error {}

/** The test files under `paths`, in the order pg_prove runs them. */
export function collectTestFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    let isDir: boolean;
    try {
      isDir = statSync(p).isDirectory();
    } catch {
      throw new TestPathError(`${p}: no such file or directory`);
    }
    if (!isDir) files.push(p);
    else files.push(...walk(p).sort());
  }
  return files;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return walk(path);
    return /\.(sql|pg)$/.test(e.name) ? [path] : [];
  });
}

export interface ProveResult {
  status: 'PASS' | 'FAIL' | 'NOTESTS';
  files: [string, TapFileResult][];
}

export async function prove(opts: ProveOptions): Promise<ProveResult> {
  const names = collectTestFiles(opts.paths);
  const output = new ProveOutput(names, opts.out);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const files: [string, TapFileResult][] = [];
  for (const name of names) {
    output.header(name);
    const tap = new TapParser();
    const { exit } = await runTestFile({
      connectionString: opts.connectionString,
      name,
      path: name,
      cwd: opts.cwd,
      stdout: (line) => {
        if (tap.line(line)) output.comment(line);
      },
      stderr: opts.err,
    });
    const result = tap.end(exit);
    output.close(result);
    files.push([name, result]);
  }
  const used = process.cpuUsage(cpu);
  const status = output.summary(files, {
    wallSeconds: (performance.now() - started) / 1000,
    userSeconds: used.user / 1e6,
    systemSeconds: used.system / 1e6,
  });
  return { status, files };
}
