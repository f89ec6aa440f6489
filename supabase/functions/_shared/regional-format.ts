// How the app and the page-head function pick a reader's regional formats, in one place: both
// must print a date or a distance the same way, or the first screen's text would change when the
// app takes over (decision 0169). Plain Intl, no imports: Deno and the web build both load it.

/**
 * The tag to format with for `locale`: the first of the reader's languages (browser order) that
 * is that language with a region ("en-GB" dates for a British reader of English), else `locale`.
 */
export function regionalTag(locale: string, languages: readonly string[]): string {
  const language = locale.split('-')[0]!.toLowerCase();
  const regional = languages.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language && /[-_]/.test(tag));
  try {
    return (regional && Intl.getCanonicalLocales(regional.replace('_', '-'))[0]) || locale;
  } catch {
    return locale;
  }
}

const MILES_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);
export const KM_PER_MILE = 1.609344;

/** Kilometres or miles, by the region the format tag implies ("en" means en-US: miles). */
export function distanceUnitFor(formatTag: string): 'kilometer' | 'mile' {
  try {
    const region = new Intl.Locale(formatTag).maximize().region;
    return region && MILES_REGIONS.has(region) ? 'mile' : 'kilometer';
  } catch {
    return 'kilometer';
  }
}
