// The map's own controls and credits, and the page for visitors without JavaScript, in the
// reader's language (issue 32): French and English, at 360 and 1280 px.
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe.ts';
import { useApp } from './support/use-app.ts';

const app = useApp();
const SLOW = { timeout: 15_000 };
const WORDS = {
  en: { map: 'Map of events', zoomIn: 'Zoom in', zoomOut: 'Zoom out', osm: 'OpenStreetMap contributors', land: 'Land: Natural Earth', leaflet: 'A JavaScript library for interactive maps' },
  fr: { map: 'Carte des événements', zoomIn: 'Zoom avant', zoomOut: 'Zoom arrière', osm: 'les contributeurs d’OpenStreetMap', land: 'Terres : Natural Earth', leaflet: 'Une bibliothèque JavaScript pour les cartes interactives' },
} as const;

describe('the map in the reader’s language', () => {
  for (const [lang, locale] of [['en', 'en-US'], ['fr', 'fr-FR']] as const) {
    for (const width of [360, 1280]) {
      it(`names its zoom buttons and credits its sources in ${lang} (${width} px)`, async () => {
        const context = await app.browser.newContext({ locale, viewport: { width, height: 900 } });
        // tile.openstreetmap.org is out of this machine's reach: a blank tile stands in.
        await context.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ status: 404, body: '' }));
        try {
          const page = await context.newPage();
          const w = WORDS[lang];
          await page.goto(`${app.server.url}/?view=map`);
          const map = page.getByRole('region', { name: w.map });
          await map.waitFor(SLOW);
          await map.getByRole('button', { name: w.zoomIn, exact: true }).waitFor(SLOW);
          expect(await map.getByRole('button', { name: w.zoomOut, exact: true }).count()).toBe(1);
          const credits = (await page.locator('.leaflet-control-attribution').textContent()) ?? '';
          expect(credits).toContain(w.osm);
          expect(credits).toContain(w.land);
          expect(await page.locator('.leaflet-control-attribution a[href="https://leafletjs.com"]').getAttribute('title')).toBe(w.leaflet);
          expect(await seriousA11yViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('without JavaScript', () => {
  it('says what is needed in each of the app’s languages, each marked with its own', async () => {
    const context = await app.browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR', viewport: { width: 360, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${app.server.url}/settings`);
      const said = await page.locator('noscript p').evaluateAll((ps) => ps.map((p) => [p.getAttribute('lang'), p.textContent]));
      expect(said.map(([l]) => l).sort()).toEqual(['de', 'en', 'es', 'fr', 'pt-BR']);
      expect(Object.fromEntries(said)['fr']).toBe('Gather a besoin de JavaScript pour fonctionner. Activez-le, puis rechargez la page.');
      const box = await page.locator('noscript p[lang="fr"]').boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
