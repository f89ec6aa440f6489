// Draws the demo event covers: one motif and palette per category, three variants each, as
// PNGs in event-covers/seed/<category>-<n>.png (seed.sql assigns them). Deterministic: running it
// again writes the same bytes. Run: node supabase/seed-media/generate-covers.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Canvas, random, type Point, type Rgb } from './png.ts';

// Drawn in 1200×630 design units (the Open Graph size), rendered at 800×420 to stay small.
const WIDTH = 800;
const HEIGHT = 420;
const SCALE = WIDTH / 1200;
const VARIANTS = 3;
const OUT = fileURLToPath(new URL('./event-covers/seed/', import.meta.url));

interface Palette {
  top: Rgb;
  bottom: Rgb;
  accents: Rgb[];
}

type Motif = (c: Canvas, rnd: () => number, p: Palette) => void;

const hex = (h: string): Rgb => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const W = 1200;
const H = 630;
const pick = <T,>(rnd: () => number, xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;

const motifs: Record<string, [Palette, Motif]> = {
  // Paint: overlapping translucent blobs and a brush stroke.
  arts: [{ top: hex('#7b1e5a'), bottom: hex('#f0833a'), accents: ['#ffd166', '#06d6a0', '#ffffff', '#ef476f'].map(hex) }, (c, rnd, p) => {
    for (let i = 0; i < 8; i++) c.circle(rnd() * W, rnd() * H, 60 + rnd() * 140, pick(rnd, p.accents), 0.35 + rnd() * 0.3);
    const pts: Point[] = Array.from({ length: 7 }, (_, i) => [120 + i * 160, H * 0.55 + Math.sin(i * 1.3 + rnd() * 3) * 120]);
    c.polyline(pts, 26, p.accents[2]!, 0.85);
  }],
  // A shelf of book spines.
  books: [{ top: hex('#3d2b1f'), bottom: hex('#a47148'), accents: ['#e9c46a', '#2a9d8f', '#e76f51', '#f4f1de', '#264653'].map(hex) }, (c, rnd, p) => {
    const shelf = H * 0.78;
    c.rect(60, shelf, W - 120, 18, hex('#2b1d14'));
    for (let x = 100; x < W - 120; ) {
      const w = 38 + rnd() * 46;
      const h = 180 + rnd() * 230;
      const lean = rnd() < 0.12;
      const color = pick(rnd, p.accents);
      if (lean) c.polygon([[x, shelf], [x + w, shelf], [x + w + 70, shelf - h], [x + 70, shelf - h]], color);
      else c.rect(x, shelf - h, w, h, color, 1, 4);
      c.rect(x + (lean ? 40 : 6), shelf - h * 0.8, w - 12, 10, p.accents[3]!, 0.7);
      x += w + (lean ? 80 : 6);
    }
  }],
  // A rising bar chart and its trend line.
  career: [{ top: hex('#0b2545'), bottom: hex('#13315c'), accents: ['#8da9c4', '#eef4ed', '#f4d35e'].map(hex) }, (c, rnd, p) => {
    const n = 8;
    const pts: Point[] = [];
    for (let i = 0; i < n; i++) {
      const h = 80 + (i / (n - 1)) * 320 + rnd() * 60;
      const x = 150 + i * 120;
      c.rect(x, H - 90 - h, 80, h, p.accents[0]!, 0.9, 8);
      pts.push([x + 40, H - 130 - h]);
    }
    c.polyline(pts, 10, p.accents[2]!);
    for (const pt of pts) c.circle(pt[0], pt[1], 14, p.accents[1]!);
    c.rect(100, H - 90, W - 200, 6, p.accents[1]!, 0.8);
  }],
  // People: heads and shoulders gathered in rows.
  community: [{ top: hex('#1b4332'), bottom: hex('#52b788'), accents: ['#d8f3dc', '#ffb703', '#fb8500', '#8ecae6', '#ffffff'].map(hex) }, (c, rnd, p) => {
    for (let row = 0; row < 3; row++) {
      const y = 260 + row * 120;
      const count = 5 + row;
      for (let i = 0; i < count; i++) {
        const x = W / 2 + (i - (count - 1) / 2) * (170 - row * 8) + (rnd() - 0.5) * 30;
        const color = pick(rnd, p.accents);
        c.circle(x, y + 95, 56, color, 0.95);
        c.circle(x, y, 34, color);
      }
    }
  }],
  // Plates from above, with what is on them.
  food: [{ top: hex('#9d0208'), bottom: hex('#f48c06'), accents: ['#ffffff', '#ffba08', '#6a994e', '#3d405b'].map(hex) }, (c, rnd, p) => {
    const plates: Point[] = [[260, 200], [620, 380], [980, 220], [300, 520], [900, 560]];
    for (const [x, y] of plates) {
      const r = 110 + rnd() * 50;
      c.circle(x, y, r, p.accents[0]!, 0.95);
      c.ring(x, y, r * 0.72, 4, hex('#dddddd'));
      for (let i = 0; i < 3; i++) {
        const a = rnd() * Math.PI * 2;
        const d = rnd() * r * 0.45;
        c.circle(x + Math.cos(a) * d, y + Math.sin(a) * d, 12 + rnd() * 18, pick(rnd, p.accents.slice(1)));
      }
    }
  }],
  // A tilted board and dice.
  games: [{ top: hex('#240046'), bottom: hex('#5a189a'), accents: ['#e0aaff', '#ffffff', '#ff9e00', '#3c096c'].map(hex) }, (c, rnd, p) => {
    const size = 70;
    for (let i = 0; i < 8; i++) {
      for (let j = 0; j < 8; j++) {
        if ((i + j) % 2) continue;
        const x = 80 + i * size;
        const y = 40 + j * size;
        c.rect(x, y, size, size, p.accents[0]!, 0.25);
      }
    }
    for (let d = 0; d < 3; d++) {
      const x = 720 + d * 150 + rnd() * 30;
      const y = 180 + rnd() * 260;
      c.rect(x, y, 120, 120, p.accents[1]!, 1, 18);
      const pips = 1 + Math.floor(rnd() * 6);
      const spots: Point[] = [[60, 60], [30, 30], [90, 90], [90, 30], [30, 90], [30, 60], [90, 60]];
      const layout = [[0], [1, 2], [0, 1, 2], [1, 2, 3, 4], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5, 6]][pips - 1]!;
      for (const k of layout) c.circle(x + spots[k]![0], y + spots[k]![1], 11, p.accents[3]!);
    }
  }],
  // A heartbeat line and a cross.
  health: [{ top: hex('#006d77'), bottom: hex('#83c5be'), accents: ['#ffffff', '#ffddd2', '#e29578'].map(hex) }, (c, rnd, p) => {
    const y = H / 2;
    const pts: Point[] = [[0, y]];
    for (let x = 80; x < W; x += 240) {
      const up = 150 + rnd() * 90;
      pts.push([x, y], [x + 30, y - up], [x + 60, y + up * 0.6], [x + 90, y], [x + 200, y]);
    }
    c.polyline(pts, 12, p.accents[0]!);
    const cx = 960 + rnd() * 80;
    c.rect(cx - 30, 70, 60, 170, p.accents[2]!, 0.9, 10);
    c.rect(cx - 85, 125, 170, 60, p.accents[2]!, 0.9, 10);
  }],
  // Sound waves.
  music: [{ top: hex('#10002b'), bottom: hex('#7b2cbf'), accents: ['#c77dff', '#e0aaff', '#ffd6ff', '#ff70a6'].map(hex) }, (c, rnd, p) => {
    const cx = 250 + rnd() * 100;
    const cy = H / 2;
    for (let r = 90; r < 640; r += 150) c.ring(cx, cy, r, 16, pick(rnd, p.accents), Math.max(0.2, 0.9 - r / 900));
    c.circle(cx, cy, 45, p.accents[3]!);
    for (let i = 0; i < 20; i++) {
      const h = 20 + Math.abs(Math.sin(i * 0.7 + rnd())) * 160;
      c.rect(580 + i * 28, cy - h / 2, 14, h, p.accents[2]!, 0.8, 6);
    }
  }],
  // Mountains under a sun.
  outdoors: [{ top: hex('#48cae4'), bottom: hex('#caf0f8'), accents: ['#ffd166', '#2d6a4f', '#40916c', '#1b4332', '#ffffff'].map(hex) }, (c, rnd, p) => {
    c.circle(880 + rnd() * 160, 110 + rnd() * 30, 70, hex('#ffd166'));
    const layers = [p.accents[2]!, p.accents[1]!, p.accents[3]!];
    layers.forEach((color, k) => {
      const base = H * (0.62 + k * 0.13);
      const pts: Point[] = [[0, H], [0, base]];
      for (let x = 0; x <= W; x += 150) pts.push([x + rnd() * 60, base - 40 - rnd() * (170 - k * 40)]);
      pts.push([W, base], [W, H]);
      c.polygon(pts, color);
    });
    for (let i = 0; i < 3; i++) c.rect(100 + rnd() * 600, 90 + rnd() * 120, 140, 30, p.accents[4]!, 0.8, 15);
  }],
  // A circuit board: traces at right angles, and their pads.
  tech: [{ top: hex('#03071e'), bottom: hex('#023e8a'), accents: ['#48cae4', '#90e0ef', '#00f5d4', '#ffffff'].map(hex) }, (c, rnd, p) => {
    const grid = 60;
    for (let k = 0; k < 22; k++) {
      let x = Math.round((rnd() * W) / grid) * grid;
      let y = Math.round((rnd() * H) / grid) * grid;
      const color = pick(rnd, p.accents.slice(0, 3));
      const pts: Point[] = [[x, y]];
      for (let s = 0; s < 4; s++) {
        if (s % 2 === 0) x += (rnd() < 0.5 ? -1 : 1) * grid * (1 + Math.floor(rnd() * 4));
        else y += (rnd() < 0.5 ? -1 : 1) * grid * (1 + Math.floor(rnd() * 3));
        pts.push([x, y]);
      }
      c.polyline(pts, 6, color, 0.85);
      c.circle(pts[0]![0], pts[0]![1], 12, color);
      c.ring(x, y, 14, 5, p.accents[3]!, 0.9);
    }
    c.rect(W / 2 - 120, H / 2 - 120, 240, 240, hex('#0a1128'), 1, 16);
    c.rect(W / 2 - 120, H / 2 - 120, 240, 240, p.accents[0]!, 0.2, 16);
  }],
  // Bold diagonal stripes.
  other: [{ top: hex('#343a40'), bottom: hex('#6c757d'), accents: ['#f8f9fa', '#ffc300', '#adb5bd'].map(hex) }, (c, rnd, p) => {
    for (let x = -H; x < W; x += 160) {
      const color = pick(rnd, p.accents);
      c.polygon([[x, H], [x + 70, H], [x + 70 + H, 0], [x + H, 0]], color, 0.25 + rnd() * 0.5);
    }
  }],
};

/** The category's palette per variant: as drawn, its gradient upside down, or deeper. */
function variantPalette(p: Palette, v: number): Palette {
  const deeper = (c: Rgb): Rgb => [c[0] * 0.75, c[1] * 0.75, c[2] * 0.75];
  if (v === 1) return { ...p, top: p.bottom, bottom: p.top };
  if (v === 2) return { ...p, top: deeper(p.top), bottom: deeper(p.bottom) };
  return p;
}

/** FNV-1a of a name: each picture's own deterministic random sequence. */
const seedOf = (name: string) => [...name].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0, 2166136261);

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [category, [palette, motif]] of Object.entries(motifs)) {
  for (let v = 1; v <= VARIANTS; v++) {
    const seed = seedOf(`${category}-${v}`);
    const p = variantPalette(palette, v - 1);
    const c = new Canvas(WIDTH, HEIGHT, SCALE);
    c.gradient(p.top, p.bottom, 0);
    motif(c, random(seed), p);
    const png = c.toPng();
    writeFileSync(`${OUT}${category}-${v}.png`, png);
    total += png.length;
    console.log(`${category}-${v}.png ${(png.length / 1024).toFixed(1)} KB`);
  }
}
console.log(`${Object.keys(motifs).length * VARIANTS} covers, ${(total / 1024).toFixed(0)} KB in all`);

// Group covers and logos for seed.sql's groups (decision 0107): the category's motif with its
// own random draw, as a cover the size of an event's and a square logo (the design's left part).
const GROUP_OUT = fileURLToPath(new URL('./group-media/seed/', import.meta.url));
const GROUP_CATEGORIES = ['tech', 'community', 'games', 'health', 'arts', 'books', 'food', 'outdoors'];
const LOGO = 160;
mkdirSync(GROUP_OUT, { recursive: true });
for (const category of GROUP_CATEGORIES) {
  const [palette, motif] = motifs[category]!;
  for (const [kind, width, height] of [['cover', WIDTH, HEIGHT], ['logo', LOGO, LOGO]] as const) {
    const c = new Canvas(width, height, height / H);
    c.gradient(palette.top, palette.bottom, 0);
    motif(c, random(seedOf(`${category}-group`)), palette);
    const png = c.toPng();
    writeFileSync(`${GROUP_OUT}${category}-${kind}.png`, png);
    console.log(`group-media/seed/${category}-${kind}.png ${(png.length / 1024).toFixed(1)} KB`);
  }
}
