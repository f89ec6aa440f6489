// A small RGB canvas with anti-aliased shapes, and a PNG encoder (zlib, per-row filters): enough
// to draw the seed covers reproducibly with nothing but Node.
import { crc32, deflateSync } from 'node:zlib';

export type Rgb = [number, number, number];
export type Point = [number, number];

/**
 * Shapes are given in design units and drawn at `scale` pixels per unit, so one drawing can be
 * rendered at 1200×630 or 800×420.
 */
export class Canvas {
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly pixels: Float32Array;

  constructor(width: number, height: number, scale = 1) {
    this.width = width;
    this.height = height;
    this.scale = scale;
    this.pixels = new Float32Array(width * height * 3);
  }

  /** A vertical blend from `top` to `bottom`, tilted by `tilt` (0..1) towards the right. */
  gradient(top: Rgb, bottom: Rgb, tilt = 0.3): void {
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) {
        const t = Math.min(1, Math.max(0, (y / this.height) * (1 - tilt) + (x / this.width) * tilt));
        const i = (y * this.width + x) * 3;
        for (let c = 0; c < 3; c++) this.pixels[i + c] = top[c]! + (bottom[c]! - top[c]!) * t;
      }
    }
  }

  /**
   * Paints a shape given by its signed distance (negative inside), with a one-pixel soft edge.
   * Only the bounding box [x0, x1) × [y0, y1) is visited.
   */
  private paint(box: [number, number, number, number], color: Rgb, alpha: number, sd: (x: number, y: number) => number): void {
    const x0 = Math.max(0, Math.floor(box[0]));
    const y0 = Math.max(0, Math.floor(box[1]));
    const x1 = Math.min(this.width, Math.ceil(box[2]));
    const y1 = Math.min(this.height, Math.ceil(box[3]));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        // Coverage in eighths: smooth enough for the eye, and far fewer distinct edge pixels to compress.
        const coverage = Math.round(Math.min(1, Math.max(0, 0.5 - sd(x + 0.5, y + 0.5))) * 8) / 8;
        if (coverage <= 0) continue;
        const a = coverage * alpha;
        const i = (y * this.width + x) * 3;
        for (let c = 0; c < 3; c++) this.pixels[i + c] = this.pixels[i + c]! * (1 - a) + color[c]! * a;
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgb, alpha = 1): void {
    [cx, cy, r] = [cx * this.scale, cy * this.scale, r * this.scale];
    this.paint([cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1], color, alpha, (x, y) => Math.hypot(x - cx, y - cy) - r);
  }

  ring(cx: number, cy: number, r: number, width: number, color: Rgb, alpha = 1): void {
    [cx, cy, r, width] = [cx * this.scale, cy * this.scale, r * this.scale, width * this.scale];
    const h = width / 2;
    this.paint([cx - r - h - 1, cy - r - h - 1, cx + r + h + 1, cy + r + h + 1], color, alpha, (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) - h);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb, alpha = 1, radius = 0): void {
    [x, y, w, h, radius] = [x, y, w, h, radius].map((v) => v * this.scale) as [number, number, number, number, number];
    const cx = x + w / 2;
    const cy = y + h / 2;
    this.paint([x - 1, y - 1, x + w + 1, y + h + 1], color, alpha, (px, py) => {
      const dx = Math.abs(px - cx) - w / 2 + radius;
      const dy = Math.abs(py - cy) - h / 2 + radius;
      return Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) + Math.min(Math.max(dx, dy), 0) - radius;
    });
  }

  /** A thick segment with round ends. */
  line(a: Point, b: Point, width: number, color: Rgb, alpha = 1): void {
    const h = (width * this.scale) / 2;
    const [ax, ay] = [a[0] * this.scale, a[1] * this.scale];
    const [bx, by] = [b[0] * this.scale, b[1] * this.scale];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    this.paint([Math.min(ax, bx) - h - 1, Math.min(ay, by) - h - 1, Math.max(ax, bx) + h + 1, Math.max(ay, by) + h + 1], color, alpha, (x, y) => {
      const t = Math.min(1, Math.max(0, ((x - ax) * dx + (y - ay) * dy) / len2));
      return Math.hypot(x - ax - t * dx, y - ay - t * dy) - h;
    });
  }

  polyline(points: Point[], width: number, color: Rgb, alpha = 1): void {
    for (let i = 1; i < points.length; i++) this.line(points[i - 1]!, points[i]!, width, color, alpha);
  }

  /** A filled polygon (even-odd), edges anti-aliased by their distance. */
  polygon(points: Point[], color: Rgb, alpha = 1): void {
    points = points.map(([x, y]) => [x * this.scale, y * this.scale]);
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    this.paint([Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1], color, alpha, (x, y) => {
      let inside = false;
      let d = Infinity;
      for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
        const [xi, yi] = points[i]!;
        const [xj, yj] = points[j]!;
        if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
        const ex = xj - xi;
        const ey = yj - yi;
        const t = Math.min(1, Math.max(0, ((x - xi) * ex + (y - yi) * ey) / (ex * ex + ey * ey || 1)));
        d = Math.min(d, Math.hypot(x - xi - t * ex, y - yi - t * ey));
      }
      return inside ? -d : d;
    });
  }

  /** 8-bit RGB PNG. Each row gets the filter with the smallest sum of residuals (libpng's heuristic). */
  toPng(): Buffer {
    const { width, height } = this;
    const stride = width * 3;
    const raw = Buffer.alloc((stride + 1) * height);
    const prev = Buffer.alloc(stride);
    const cur = Buffer.alloc(stride);
    const candidates = Array.from({ length: 5 }, () => Buffer.alloc(stride));
    for (let y = 0; y < height; y++) {
      for (let i = 0; i < stride; i++) cur[i] = Math.round(Math.min(255, Math.max(0, this.pixels[y * stride + i]!)));
      let best = 0;
      let bestSum = Infinity;
      for (let f = 0; f < 5; f++) {
        const out = candidates[f]!;
        let sum = 0;
        for (let i = 0; i < stride; i++) {
          const a = i >= 3 ? cur[i - 3]! : 0;
          const b = prev[i]!;
          const c = i >= 3 ? prev[i - 3]! : 0;
          const predictor = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
          const v = (cur[i]! - predictor) & 0xff;
          out[i] = v;
          sum += v < 128 ? v : 256 - v;
        }
        if (sum < bestSum) {
          bestSum = sum;
          best = f;
        }
      }
      raw[y * (stride + 1)] = best;
      candidates[best]!.copy(raw, y * (stride + 1) + 1);
      cur.copy(prev);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, adaptive filters, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9, memLevel: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A one-colour PNG (tests upload these: real images the browser and the storage server accept). */
export function solidPng(width: number, height: number, color: Rgb): Buffer {
  const canvas = new Canvas(width, height);
  canvas.gradient(color, color, 0);
  return canvas.toPng();
}

/** A small deterministic PRNG (mulberry32), so the same seed draws the same cover. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
