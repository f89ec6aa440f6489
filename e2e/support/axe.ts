import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Sonner stacks toasts: while the stack is collapsed, the ones behind the front toast have their
// text faded out on purpose (it shows when the stack is hovered or focused, and the live region
// has already read it out).
const COLLAPSED_TOASTS = '[data-sonner-toast][data-expanded="false"][data-front="false"]';
// A toast whose time is up fades out (opacity 1 → 0 over 0.4 s) before it leaves the page.
const LEAVING_TOASTS = '[data-sonner-toast][data-removed="true"]';
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core itself, put into a page once and run there (decision 0436): @axe-core/playwright
 * evaluated its ~570 kB source again on every check and opened a blank page to gather the
 * results, ~2–4 s of each of the suite's ~200 checks. Gather's pages have no frames to visit
 * (embeds are a custom element in the club's page), so the top document is the whole screen.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Lets finite animations and transitions end first: axe would measure the contrast of a toast
 * caught mid-fade-in (opacity 0) rather than the text people read. Spinners run forever and are
 * not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      .map((a) => a.finished.catch(() => undefined));
    // A bound, so a long or stalled animation cannot hold the test.
    return Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 3000))]);
  });
}

type AxeRun = { rules: { tags?: string[]; ids?: string[] }; exclude?: string[] };

/** axe's violations on the page as "rule: target" lines, of the serious or critical ones if `serious`. */
async function axeViolations(page: Page, { rules, exclude = [] }: AxeRun, serious: boolean): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async ({ rules, exclude }) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const runOnly = rules.ids ? { type: 'rule' as const, values: rules.ids } : { type: 'tag' as const, values: rules.tags! };
    const result = await axe.run({ include: [document], exclude: exclude.map((s) => [s]) } as never, { runOnly, resultTypes: ['violations'], iframes: false });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { rules, exclude });
  return found
    .filter((v) => !serious || v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.targets.map((t) => `${v.id}: ${t}`));
}

/** WCAG 2.1 A/AA violations that axe rates serious or critical, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const first = await violations(page);
  // A toast that timed out while axe ran was measured mid-fade-out. Only then look once more,
  // once it has gone: a toast that is still there is measured again, so real contrast problems
  // in toasts are still found.
  if (first.length === 0 || !first.every((v) => v.includes('data-title') || v.includes('data-sonner-toast'))) return first;
  return violations(page);
}

async function violations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  return axeViolations(page, { rules: { tags: WCAG_21_AA }, exclude: [COLLAPSED_TOASTS, LEAVING_TOASTS] }, true);
}

/** Every violation of the named axe rules, whatever its impact. */
export function ruleViolations(page: Page, ids: string[]): Promise<string[]> {
  return axeViolations(page, { rules: { ids } }, false);
}
