import { describe, expect, it } from 'vitest';
import { MAIL_LOCALES } from '../functions/_shared/i18n/index.ts';
import { alternateOgLocales, headLocale, headMessages, type DiscoverFilters } from '../functions/page-head/i18n/index.ts';
import { EVENT_CATEGORIES } from '../functions/page-head/i18n/categories.ts';

// The page heads' own words (decision 0208), as pure functions; page-head.test.ts asks the
// running function. Importing every language here is also what makes tsc check each one is complete.

const every: DiscoverFilters = {
  online: true, category: 'Zcat', from: 'Zfrom', to: 'Zto', query: 'Zq', near: { place: 'Zplace', radius: 'Zkm' },
};

describe('page head languages', () => {
  it('picks ?lang=, then Accept-Language, then English, as the emails and calendar files do', () => {
    expect(headLocale('de', 'fr')).toBe('de');
    expect(headLocale(null, 'nl, pt-PT;q=0.8')).toBe('pt-BR');
    expect(headLocale('klingon', 'ja')).toBe('en');
    expect(headLocale(null, null)).toBe('en');
  });

  it('has every sentence, category and og:locale in every language, and the others as alternates', () => {
    const ogLocales = MAIL_LOCALES.map((l) => headMessages(l).ogLocale);
    expect(ogLocales).toEqual(['en_US', 'fr_FR', 'de_DE', 'es_ES', 'pt_BR']);
    for (const locale of MAIL_LOCALES) {
      const m = headMessages(locale);
      expect(alternateOgLocales(locale)).toEqual(ogLocales.filter((l) => l !== m.ogLocale));
      expect(Object.keys(m.categories).sort()).toEqual([...EVENT_CATEGORIES].sort());
      // Every filter reaches the title, whatever the language's word order (and case: "Online music events").
      const title = m.discover.filteredTitle(every).toLowerCase();
      for (const part of ['zcat', 'zfrom', 'zto', 'zq', 'zplace', 'zkm']) expect(title, `${locale}: ${title}`).toContain(part);
      if (locale !== 'en') {
        const en = headMessages('en');
        for (const key of ['siteTitle', 'siteDescription', 'siteImageAlt'] as const) expect(m[key], `${locale} ${key}`).not.toBe(en[key]);
        expect(m.discover.description).not.toBe(en.discover.description);
        expect(m.cancelled.title('T')).not.toBe(en.cancelled.title('T'));
      }
    }
  });

  it('counts members with the language’s plural', () => {
    expect(headMessages('en').members(1, '1')).toBe('1 member');
    expect(headMessages('fr').members(0, '0')).toBe('0 membre');
    expect(headMessages('de').members(2, '2')).toBe('2 Mitglieder');
  });
});
