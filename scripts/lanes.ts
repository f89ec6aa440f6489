/**
 * Runs npm scripts in lanes side by side: `node scripts/lanes.ts a,b c` runs `a` then `b` in one
 * lane while `c` runs in another, and exits non-zero if any failed (a lane stops at its first
 * failure, as `&&` would). The server and app suites each keep ~1.4 of the machine's 2 cores
 * busy, so two of them side by side finish sooner than one after the other (decision 0438).
 *
 * The first lane prints as it goes; the others' output is kept and printed whole when each
 * script ends, so every suite's report (and its closing `vitest:` line) stays in one piece.
 */
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((arg) => arg.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((l) => l.length === 0)) {
  console.error('usage: node scripts/lanes.ts script[,script…] [script[,script…] …]');
  process.exit(2);
}

function run(script: string, live: boolean): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const kept: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => kept.push(b));
    child.stderr?.on('data', (b: Buffer) => kept.push(b));
    child.on('close', (code) => {
      const status = code ?? 1; // no code: ended by a signal
      const summary = `lanes: ${script} ${status === 0 ? 'passed' : `failed (exit ${status})`} in ${Math.round((Date.now() - started) / 1000)} s\n`;
      // In one write: the first lane's child writes to the same stdout, and got between a header
      // written apart from its report (CI printed slow-1 between them).
      const header = live ? '' : `\n── npm run ${script} (beside the first lane) ──\n`;
      process.stdout.write(Buffer.concat([Buffer.from(header), ...(live ? [] : kept), Buffer.from(summary)]));
      resolve(status);
    });
  });
}

async function lane(scripts: string[], live: boolean): Promise<number> {
  for (const script of scripts) {
    const status = await run(script, live);
    if (status !== 0) return status;
  }
  return 0;
}

const results = await Promise.all(lanes.map((scripts, i) => lane(scripts, i === 0)));
process.exit(results.find((s) => s !== 0) ?? 0);
