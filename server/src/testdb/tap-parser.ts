/**
 * One test file's TAP, judged as TAP::Parser (pg_prove's harness) judges it: the plan, each test
 * line's number and directive, comments, and the parse errors pg_prove reports.
 */

export interface TapFileResult {
  planned?: number;
  /** `1..0 # SKIP reason`: the whole file skipped. */
  skipAll?: string;
  testsRun: number;
  passed: number[];
  failed: number[];
  todoPassed: number[];
  skipped: number[];
  parseErrors: string[];
  /** The test program's exit status: psql's 3 after an SQL error with ON_ERROR_STOP, 2 for a lost connection. */
  exit: number;
}

const PLAN = /^1\.\.(\d+)\s*(?:#\s*(.*))?$/;
const TEST = /^(not )?ok\b(?:\s+(\d+))?\s*(.*)$/;
const DIRECTIVE = /(?<!\\)#\s*(SKIP|TODO)\b\s*(.*)$/i;

export class TapParser {
  private readonly r: TapFileResult = { testsRun: 0, passed: [], failed: [], todoPassed: [], skipped: [], parseErrors: [], exit: 0 };
  private plan?: string;
  private planAfterTests = false;

  /** Takes one line of the file's output; answers whether pg_prove shows it (a comment). */
  line(text: string): boolean {
    if (text.startsWith('#')) return true;
    const plan = PLAN.exec(text);
    if (plan) {
      if (this.plan !== undefined) this.r.parseErrors.push('More than one plan found in TAP output');
      else {
        this.plan = text;
        this.planAfterTests = this.r.testsRun > 0;
        this.r.planned = Number(plan[1]);
        // `1..0` is a skipped file, with or without `# SKIP reason`.
        const reason = /^SKIP\S*\s*(.*)$/i.exec(plan[2] ?? '')?.[1]?.trim();
        if (this.r.planned === 0) this.r.skipAll = reason || '(no reason given)';
      }
      return false;
    }
    const test = TEST.exec(text);
    if (test) this.test(!test[1], test[2] === undefined ? undefined : Number(test[2]), test[3] ?? '');
    return false;
  }

  private test(actualOk: boolean, number: number | undefined, rest: string): void {
    if (this.plan !== undefined && this.planAfterTests) {
      this.r.parseErrors.push(`Plan (${this.plan}) must be at the beginning or end of the TAP output`);
      this.planAfterTests = false;
    }
    const run = ++this.r.testsRun;
    if (number !== undefined && number !== run) this.r.parseErrors.push(`Tests out of sequence.  Found (${number}) but expected (${run})`);
    const n = number ?? run;
    const directive = DIRECTIVE.exec(rest)?.[1]?.toUpperCase();
    const unplanned = this.r.planned !== undefined && run > this.r.planned;
    if (directive === 'SKIP') this.r.skipped.push(n);
    if (directive === 'TODO' && actualOk) this.r.todoPassed.push(n);
    const ok = !unplanned && (actualOk || directive === 'TODO');
    (ok ? this.r.passed : this.r.failed).push(n);
  }

  /** The file's result once its output ended with this exit status. */
  end(exit: number): TapFileResult {
    this.r.exit = exit;
    if (this.plan === undefined) this.r.parseErrors.push('No plan found in TAP output');
    else if (this.r.testsRun !== this.r.planned) this.r.parseErrors.push(`Bad plan.  You planned ${this.r.planned} tests but ran ${this.r.testsRun}.`);
    return this.r;
  }
}

/** What TAP::Parser calls has_problems: the file is not "ok". */
export function hasProblems(r: TapFileResult): boolean {
  return r.failed.length > 0 || r.parseErrors.length > 0 || r.exit !== 0;
}
