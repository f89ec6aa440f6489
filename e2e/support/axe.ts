import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// Sonner stacks toasts: while the stack is collapsed, the ones behind the front toast have their
// text faded out on purpose (it shows when the stack is hovered or focused, and the live region
// has already read it out). axe would measure that fading text's contrast mid-animation.
const COLLAPSED_TOASTS = '[data-sonner-toast][data-expanded="false"][data-front="false"]';

/** WCAG 2.1 A/AA violations that axe rates serious or critical, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude(COLLAPSED_TOASTS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}
