import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBuckets } from '../../server/src/storage/seed-buckets.ts';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.ts';

const PROJECT = fileURLToPath(new URL('..', import.meta.url));
const MEDIA = join(PROJECT, 'seed-media');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let s: TestServer;
let storage: string;
beforeAll(async () => {
  storage = mkdtempSync(join(tmpdir(), 'gather-seed-media-'));
  s = await startTestServer({ project: PROJECT, storage }, { seed: true });
});
afterAll(async () => {
  await s.stop();
  rmSync(storage, { recursive: true, force: true });
});

interface SeedEvent {
  slug: string;
  category: string;
  venue_name: string | null;
  cover_path: string | null;
  video_url: string | null;
  video_path: string | null;
}

async function seedEvents(): Promise<SeedEvent[]> {
  const { data, error } = await s.anon().from('events').select('slug, category, venue_name, cover_path, video_url, video_path');
  expect(error).toBeNull();
  return data as SeedEvent[];
}

describe('seed media', () => {
  it('keeps the committed files small and of the types their buckets accept', () => {
    const covers = readdirSync(join(MEDIA, 'event-covers/seed'));
    expect(covers.length).toBe(33);
    for (const name of covers) {
      const bytes = readFileSync(join(MEDIA, 'event-covers/seed', name));
      expect(name).toMatch(/^[a-z]+-[1-3]\.png$/);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([800, 420]);
      expect(bytes.length).toBeLessThan(40 * 1024);
    }
    const groupMedia = readdirSync(join(MEDIA, 'group-media/seed'));
    expect(groupMedia).toHaveLength(16);
    for (const name of groupMedia) {
      const bytes = readFileSync(join(MEDIA, 'group-media/seed', name));
      expect(name).toMatch(/^[a-z]+-(cover|logo)\.png$/);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual(name.endsWith('-cover.png') ? [800, 420] : [160, 160]);
      expect(bytes.length).toBeLessThan(40 * 1024);
    }
    const videos = readdirSync(join(MEDIA, 'event-videos/seed'));
    expect(videos.sort()).toEqual(['jazz-jam.mp4', 'ramen-crawl.webm']);
    for (const name of videos) expect(statSync(join(MEDIA, 'event-videos/seed', name)).size).toBeLessThan(300 * 1024);
  });

  it('gives most events a cover, distinct per category, downloadable from the public bucket', async () => {
    const events = await seedEvents();
    const withCover = events.filter((e) => e.cover_path);
    expect(withCover.length).toBeGreaterThan(events.length * 0.8);
    expect(withCover.every((e) => e.cover_path!.startsWith(`seed/${e.category}-`))).toBe(true);
    const hashByCategory = new Map<string, Set<string>>();
    for (const e of withCover) {
      const res = await s.fetch(`/storage/v1/object/public/event-covers/${e.cover_path}`);
      expect(res.status, e.cover_path!).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const set = hashByCategory.get(e.category) ?? new Set();
      set.add(createHash('md5').update(bytes).digest('hex'));
      hashByCategory.set(e.category, set);
    }
    // Every category has its own pictures: no two categories share one.
    const all = [...hashByCategory.values()].flatMap((set) => [...set]);
    expect(new Set(all).size).toBe(all.length);
  });

  it('uploads a video for two events without a link, playable by range', async () => {
    const events = await seedEvents();
    const uploaded = events.filter((e) => e.video_path);
    expect(uploaded.map((e) => e.slug).sort()).toEqual(['jazz-jam-at-the-mercado', 'ramen-crawl-in-shinjuku']);
    expect(uploaded.every((e) => e.video_url === null)).toBe(true);
    expect(events.filter((e) => e.video_url).length).toBeGreaterThanOrEqual(3);
    for (const e of uploaded) {
      const res = await s.fetch(`/storage/v1/object/public/event-videos/${e.video_path}`, { headers: { range: 'bytes=0-99' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-type')).toBe(e.video_path!.endsWith('.mp4') ? 'video/mp4' : 'video/webm');
      expect((await res.arrayBuffer()).byteLength).toBe(100);
    }
  });

  it('gives every group a cover and a logo from the public bucket', async () => {
    const { data: groups } = await s.anon().from('groups').select('slug, cover_path, logo_path');
    expect(groups).toHaveLength(8);
    for (const grp of groups!) {
      for (const path of [grp.cover_path, grp.logo_path]) {
        const res = await s.fetch(`/storage/v1/object/public/group-media/${path}`);
        expect(res.status, `${grp.slug}: ${path}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
      }
    }
  });

  it('uploads again only what changed: seeding twice is a no-op', async () => {
    const again = await seedBuckets(s.db, s.config);
    expect(again).toEqual({ buckets: 5, uploaded: 0, unchanged: 54 });
  });
});
