import { afterAll, beforeAll, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { startGather, type GatherServer } from './support/gather-server.ts';

// The seed shows recommendations (issue 33, decision 0341): topics on events and groups, and
// Grace (seed user 2) follows a category, a topic and a host, so her picks give each reason.
let g: GatherServer;

beforeAll(async () => {
  g = await startGather({ seed: true });
});
afterAll(() => g.stop());

it("Grace's picks name what she follows: a host, a topic, a category", async () => {
  const token = await signToken({ sub: '00000000-0000-4000-8000-000000000002', role: 'authenticated', aud: 'authenticated', app_metadata: {} });
  const { data, error } = await g.as(() => token).rpc('recommend_events', { max: 50 });
  expect(error).toBeNull();
  const picks = data as { title: string; reason: string; signal: string }[];
  const reasons = new Set(picks.map((p) => p.reason));
  expect(reasons).toContain('Because you follow board games');
  expect(reasons).toContain('Because you follow Music');
  expect([...reasons].some((r) => /^Because you follow Barbara /.test(r))).toBe(true);
  const tagged = await g.anon().from('events').select('title').contains('tags', ['board games']);
  expect(tagged.data?.length).toBeGreaterThanOrEqual(2);
});
