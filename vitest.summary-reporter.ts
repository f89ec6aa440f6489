import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends each run with one plain line, `vitest: N passed, N failed, N skipped`, that CI reads
 * whatever the project; vitest's own summary stays above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const count = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    for (const m of modules) {
      if (m.state() === 'failed' && [...m.children.allTests()].length === 0) count.failed++;
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') count.passed++;
        else if (s === 'failed') count.failed++;
        else count.skipped++;
      }
    }
    console.log(`vitest: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
  }
}
