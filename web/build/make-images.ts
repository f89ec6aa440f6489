// Draws the site's link-preview card and the install icons from SVG (sharp/librsvg), so they
// stay in step with favicon.svg. Run after changing the brand: `node web/build/make-images.ts`.
// The outputs are committed; the build only copies them.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const PUBLIC = fileURLToPath(new URL("../public/", import.meta.url));
const BRAND = "#4338ca";
const MARK = `<path d="M22.5 11.5A8 8 0 1 0 24 16h-7.5" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The mark on a square; `pad` leaves the maskable safe zone (the inner 80%) for the mark. */
function icon(size: number, { pad = 0, round = true } = {}): string {
  const inner = 32 * (1 - pad * 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
    <rect width="32" height="32" rx="${round ? 7 : 0}" fill="${BRAND}"/>
    <g transform="translate(${16 - inner / 2} ${16 - inner / 2}) scale(${inner / 32})">${MARK}</g></svg>`;
}

/** The notification badge (decision 0338): the mark alone, white on transparent; Android draws its alpha. */
const badge = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${MARK.replace('stroke-width="3.5"', 'stroke-width="4"')}</svg>`;

const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="1" stop-color="#4f46e5"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1040" cy="120" r="220" fill="#fff" fill-opacity="0.06"/>
  <circle cx="1120" cy="560" r="160" fill="#fff" fill-opacity="0.05"/>
  <g transform="translate(96 150) scale(6)"><rect width="32" height="32" rx="7" fill="#fff" fill-opacity="0.14"/>${MARK}</g>
  <text x="96" y="450" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="700" fill="#fff">Gather</text>
  <text x="100" y="525" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#e0e7ff">Community events near you. Free to join.</text>
</svg>`;

async function png(svg: string, file: string): Promise<void> {
  writeFileSync(`${PUBLIC}${file}`, await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer());
}

await png(card, "og-image.png");
await png(icon(192), "icons/icon-192.png");
await png(icon(512), "icons/icon-512.png");
await png(icon(512, { pad: 0.12, round: false }), "icons/icon-maskable-512.png");
await png(icon(180, { round: false }), "icons/apple-touch-icon.png");
await png(badge(96), "icons/badge-96.png");
