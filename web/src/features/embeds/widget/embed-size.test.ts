import { gzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { buildEmbed } from "../../../../build/embed-bundle";

// The size budget (issue 33, decision 0340): /embed.js under 10 KB gzipped before any data. A
// budget, not a speed claim: the bytes are counted on the real build.
const BUDGET = 10 * 1024;

it("embed.js stays under 10 KB gzipped", { timeout: 60_000 }, async () => {
  const code = await buildEmbed();
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`embed.js: ${code.length} B, ${gzipped} B gzipped (budget ${BUDGET} B)`);
  expect(code).toMatch(/customElements\.define\(.gather-events./);
  expect(gzipped).toBeLessThan(BUDGET);
});
