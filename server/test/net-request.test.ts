import { describe, expect, it } from 'vitest';
import { rewriteUrl } from '../src/net/net-request.ts';

describe('pg_net URLs that mean "this server"', () => {
  const server = 'http://127.0.0.1:54321';

  it('sends the CLI gateway (kong:8000) and host.docker.internal to this server', () => {
    expect(rewriteUrl('http://kong:8000/functions/v1/tick?x=1', server)).toBe('http://127.0.0.1:54321/functions/v1/tick?x=1');
    expect(rewriteUrl('http://host.docker.internal:54321/functions/v1/tick', server)).toBe('http://127.0.0.1:54321/functions/v1/tick');
  });

  it('leaves every other URL alone', () => {
    for (const url of ['https://example.com/hook', 'http://kong:9000/x', 'http://localhost:54321/functions/v1/x', 'not a url']) {
      expect(rewriteUrl(url, server)).toBe(url);
    }
  });
});
