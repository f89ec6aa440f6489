import { describe, expect, it } from 'vitest';
import { rewriteUrl } from '../src/net/net-request.ts';

describe('pg_net URLs that mean "this server"', () => {
  const server = 'http://127.0.0.1:54321';

  it('sends the CLI gateway (kong:8000) and host.docker.internal to this server', () => {
    expect(rewriteUrl('http://kong:8000/functions/v1/tick?x=1', server)).toBe('http://127.0.0.1:54321/functions/v1/tick?x=1');
    expect(rewriteUrl('http://host.docker.internal:54321/functions/v1/tick', server)).toBe('http://127.0.0.1:54321/functions/v1/tick');
  });

  it("also Kong's other alias and its container name (supabase_kong_<project_id>)", () => {
    expect(rewriteUrl('http://api.supabase.internal:8000/functions/v1/process', server)).toBe('http://127.0.0.1:54321/functions/v1/process');
    expect(rewriteUrl('http://supabase_kong_chatbotui:8000/storage/v1/object/files/a', server)).toBe('http://127.0.0.1:54321/storage/v1/object/files/a');
  });

  it('leaves every other URL alone', () => {
    for (const url of ['https://example.com/hook', 'http://kong:9000/x', 'http://api.supabase.internal:9000/x', 'http://supabase_kong_x.example.com.evil:8001/', 'http://localhost:54321/functions/v1/x', 'not a url']) {
      expect(rewriteUrl(url, server)).toBe(url);
    }
  });
});
