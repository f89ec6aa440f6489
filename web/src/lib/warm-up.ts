import { intlLocale } from "@/lib/i18n/active-locale";
import { dateTimeFormat, numberFormat } from "@/lib/i18n/intl-cache";
import { cn } from "@/lib/utils";

// What a page's first render would otherwise pay for on first use, each in a task of its own
// while the page's code and words download: tailwind-merge's class map, and the language's
// number and date data in Intl (Lingui's plurals format their number; every page shows dates).
const STEPS: (() => unknown)[] = [
  () => cn(),
  () => numberFormat(intlLocale()).format(1),
  () => new Intl.PluralRules(intlLocale()).select(1),
  () => dateTimeFormat(intlLocale(), { weekday: "short", month: "short", day: "numeric" }).format(0),
];

/** Runs the warm-up steps one task apiece. Call once the language on screen is known. */
export function warmUp(steps: (() => unknown)[] = STEPS): void {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    step();
    warmUp(rest);
  }, 0);
}
