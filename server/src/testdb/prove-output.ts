import { hasProblems, type TapFileResult } from './tap-parser.ts';

/**
 * pg_prove's console output when it does not write to a terminal (TAP::Formatter::Console, as
 * `supabase test db` shows it): `name .. ok` per file, comments (pgTAP's diagnostics) shown,
 * a failed file's counts, then the summary report and `Result: PASS|FAIL|NOTESTS`.
 */
export class ProveOutput {
  private readonly longest: number;
  private readonly write: (s: string) => void;
  private newline = false;

  constructor(names: readonly string[], write: (s: string) => void) {
    this.longest = Math.max(0, ...names.map((n) => n.length));
    this.write = write;
  }

  header(name: string): void {
    this.newline = false;
    this.write(`${name} ${'.'.repeat(this.longest + 2 - name.length)} `);
  }

  comment(text: string): void {
    this.breakLine();
    this.write(`${text}\n`);
  }

  close(r: TapFileResult): void {
    if (r.skipAll !== undefined) return this.write(`skipped: ${r.skipAll}\n`);
    if (!hasProblems(r)) return this.write('ok\n');
    this.breakLine();
    const total = r.planned ?? r.testsRun;
    // Tests planned but never run count as failed here (not in the summary report).
    const failed = r.failed.length + total - r.testsRun;
    if (r.exit) this.write(`Dubious, test returned ${r.exit} (wstat ${r.exit * 256}, 0x${(r.exit * 256).toString(16)})\n`);
    if (failed === 0) this.write(total ? `All ${total} subtests passed ` : 'No subtests run ');
    else this.write(`Failed ${failed}/${total} subtests ${total ? '' : '\nNo tests run!'}`);
    const skipped = r.skipped.length;
    if (skipped) this.write(`\n\t(less ${skipped} skipped subtest${skipped !== 1 ? 's' : ''}: ${r.passed.length - skipped} okay)`);
    const todo = r.todoPassed.length;
    if (todo) this.write(`\n\t(${todo} TODO test${todo > 1 ? 's' : ''} unexpectedly succeeded)`);
    this.write('\n');
  }

  /** The closing lines; answers pg_prove's status word. */
  summary(files: [string, TapFileResult][], elapsed: { wallSeconds: number; userSeconds: number; systemSeconds: number }): 'PASS' | 'FAIL' | 'NOTESTS' {
    let total = 0;
    let passed = 0;
    for (const [, r] of files) ((total += r.testsRun), (passed += r.passed.length));
    const errors = files.some(([, r]) => hasProblems(r));
    const todoPassed = files.some(([, r]) => r.todoPassed.length > 0);
    if (total > 0 && total === passed && !errors) this.write('All tests successful.\n');
    if (total !== passed || errors || todoPassed) {
      this.write('\nTest Summary Report\n-------------------\n');
      for (const [name, r] of files) this.report(name, r);
    }
    const { wallSeconds: wall, userSeconds: usr, systemSeconds: sys } = elapsed;
    this.write(`Files=${files.length}, Tests=${total}, ${pad(Math.trunc(wall), 2)} wallclock secs (${fixed(usr)} usr + ${fixed(sys)} sys = ${fixed(usr + sys)} CPU)\n`);
    const status = errors || total !== passed ? 'FAIL' : total ? 'PASS' : 'NOTESTS';
    this.write(`Result: ${status}\n`);
    return status;
  }

  private report(name: string, r: TapFileResult): void {
    let headed = false;
    const head = () => {
      if (headed) return;
      headed = true;
      const wstat = r.exit * 256;
      this.write(`${name}${' '.repeat(this.longest - name.length) || ' '}(Wstat: ${wstat}${wstat ? ` (exited ${r.exit})` : ''} Tests: ${r.testsRun} Failed: ${r.failed.length})\n`);
    };
    const list = (label: string, numbers: number[]) => {
      if (!numbers.length) return;
      head();
      this.write(`${label}${balancedRanges(numbers).join(`\n${' '.repeat(16)}`)}\n`);
    };
    list(r.failed.length === 1 ? '  Failed test:  ' : '  Failed tests:  ', r.failed);
    list('  TODO passed:   ', r.todoPassed);
    if (r.exit) {
      head();
      this.write(`  Non-zero exit status: ${r.exit}\n`);
    }
    if (r.parseErrors.length) {
      head();
      const [first, ...rest] = r.parseErrors.slice(0, 5);
      this.write(`  Parse errors: ${first}\n${rest.map((e) => `${' '.repeat(16)}${e}\n`).join('')}`);
      if (r.parseErrors.length > 5) this.write(`Displayed the first 5 of ${r.parseErrors.length} TAP syntax errors.\nRe-run prove with the -p option to see them all.\n`);
    }
  }

  private breakLine(): void {
    if (this.newline) return;
    this.newline = true;
    this.write('\n');
  }
}

function pad(n: number, width: number): string {
  return String(n).padStart(width);
}

function fixed(n: number): string {
  return n.toFixed(2).padStart(5);
}

/** `1, 3-5, 8`, cut into lines of about 40 characters, as TAP::Formatter::Base does. */
export function balancedRanges(numbers: number[]): string[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(j > i ? `${sorted[i]}-${sorted[j]}` : String(sorted[i]));
    i = j;
  }
  const lines: string[] = [];
  let current = '';
  for (const range of ranges) {
    if (current.length >= 40) {
      lines.push(current.slice(0, -2));
      current = '';
    }
    current += `${range}, `;
  }
  if (current) lines.push(current.slice(0, -2));
  return lines;
}
