// Draws the demo album's photos for seed.sql's past event (issue 33, decision 0355): three small
// PNGs in event-albums/<event id>/ (the bucket keeps each event's photos in its own folder, so
// the seed's past event has a fixed id). Deterministic. Run: node supabase/seed-media/generate-album-photos.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Canvas, random, type Rgb } from './png.ts';

/** seed.sql's "Riverside picnic" (its id is fixed there too). */
export const PICNIC_ID = '00000000-0000-4000-8000-0000000a1b00';
const OUT = fileURLToPath(new URL(`./event-albums/${PICNIC_ID}/`, import.meta.url));
const W = 640;
const H = 480;
const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];

const photos: Record<string, (c: Canvas, rnd: () => number) => void> = {
  // The sun going down over the river.
  'sunset.png': (c, rnd) => {
    c.gradient(hex('#f6a04d'), hex('#5b2a6e'), 0);
    c.circle(W * 0.62, H * 0.52, 70, hex('#ffd27a'), 0.95);
    c.rect(0, H * 0.6, W, H * 0.4, hex('#2d3e6b'), 0.9);
    for (let i = 0; i < 14; i++) c.rect(W * 0.5 + (rnd() - 0.5) * 160, H * (0.63 + rnd() * 0.3), 40 + rnd() * 60, 4, hex('#ffcf8a'), 0.6);
  },
  // A checked blanket on the grass, with a basket.
  'blanket.png': (c) => {
    c.gradient(hex('#9fd37c'), hex('#3f7d3a'), 0);
    for (let x = 0; x < 6; x++) for (let y = 0; y < 4; y++) {
      if ((x + y) % 2 === 0) c.rect(140 + x * 60, 120 + y * 60, 60, 60, hex('#d64545'), 0.9);
      else c.rect(140 + x * 60, 120 + y * 60, 60, 60, hex('#f4efe6'), 0.9);
    }
    c.rect(330, 170, 110, 80, hex('#a0672f'), 1, 12);
    c.ring(385, 170, 45, 8, hex('#7a4a1f'));
  },
  // Lanterns strung between the trees once it got dark.
  'lanterns.png': (c, rnd) => {
    c.gradient(hex('#1b2340'), hex('#0b1020'), 0);
    c.polyline(Array.from({ length: 9 }, (_, i) => [i * 80, 120 + Math.sin(i / 1.3) * 30] as [number, number]), 3, hex('#3c4466'));
    for (let i = 0; i < 9; i++) {
      c.circle(i * 80 + 20, 150 + Math.sin(i / 1.3) * 30, 18, hex(i % 2 ? '#ffd166' : '#ff8fab'), 0.9);
      c.circle(i * 80 + 20, 150 + Math.sin(i / 1.3) * 30, 34, hex('#ffd166'), 0.15);
    }
    for (let i = 0; i < 40; i++) c.circle(rnd() * W, H * 0.5 + rnd() * H * 0.5, 1.5, hex('#f4efe6'), 0.7);
  },
};

mkdirSync(OUT, { recursive: true });
let seed = 7;
for (const [name, draw] of Object.entries(photos)) {
  const c = new Canvas(W, H);
  draw(c, random(seed++));
  const png = c.toPng();
  writeFileSync(`${OUT}${name}`, png);
  console.log(`event-albums/${PICNIC_ID}/${name} ${(png.length / 1024).toFixed(1)} KB`);
}
