import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `npm test` and CI run the suites through scripts/lanes.ts (decision 0438): a failure in either
// lane must fail the run, and each suite's report must come out in one piece.
const LANES = fileURLToPath(new URL('../../scripts/lanes.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gather-lanes-'));
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({
    name: 'lanes-probe',
    private: true,
    scripts: { slow: 'echo slow-1; sleep 1; echo slow-2', quick: 'echo quick-1; echo quick-2', fails: 'echo failing; exit 3', after: 'echo after-ran' },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lanes(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [LANES, ...args], { cwd: dir });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe('scripts/lanes.ts', () => {
  it('runs lanes side by side and prints the second lane\'s report whole', async () => {
    const { code, out } = await lanes('slow', 'quick,after');
    expect(code).toBe(0);
    expect(out).toMatch(/── npm run quick \(beside the first lane\) ──\nquick-1\nquick-2\n/);
    expect(out).toContain('after-ran');
    expect(out).toMatch(/lanes: slow passed/);
  });

  it('fails the run when a lane fails, and stops that lane there', async () => {
    const { code, out } = await lanes('slow', 'fails,after');
    expect(code).toBe(3);
    expect(out).toMatch(/lanes: fails failed \(exit 3\)/);
    expect(out).not.toContain('after-ran');
    expect(out).toMatch(/lanes: slow passed/);
  });
});
