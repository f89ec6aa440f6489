import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// Sonner stacks toasts: while the stack is collapsed, the ones behind the front toast have their
// text faded out on purpose (it shows when the stack is hovered or focused, and the live region
// has already read it out).
const COLLAPSED_TOASTS = '[data-sonner-toast][data-expanded="false"][data-front="false"]';
// A toast whose time is up fades out (opacity 1 → 0 over 0.4 s) before it leaves the page.
const LEAVING_TOASTS = '[data-sonner-toast][data-removed="true"]';

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
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude(COLLAPSED_TOASTS).exclude(LEAVING_TOASTS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
