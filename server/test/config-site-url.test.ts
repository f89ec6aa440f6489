import { describe, expect, it } from 'vitest';
import { resolveSiteUrl } from '../src/config/site-url.ts';

// config.toml's template site_url (the server's own address) follows the port in use; anything
// an operator named stays as named (decision 0319).
describe('resolveSiteUrl', () => {
  const template = { siteUrl: 'http://127.0.0.1:54321', source: 'config.toml', tomlPort: 54321 };

  it("moves config.toml's own address to the port the server starts on", () => {
    expect(resolveSiteUrl({ ...template, port: 8080 })).toEqual({ siteUrl: 'http://127.0.0.1:8080', followsServer: true });
    expect(resolveSiteUrl({ ...template, siteUrl: 'http://localhost:54321/', port: 8080 })).toEqual({ siteUrl: 'http://localhost:8080', followsServer: true });
    expect(resolveSiteUrl({ ...template, port: 54321 })).toEqual({ siteUrl: 'http://127.0.0.1:54321', followsServer: true });
  });

  it('leaves it to the listening address on port 0', () => {
    expect(resolveSiteUrl({ ...template, port: 0 })).toEqual({ siteUrl: undefined, followsServer: true });
  });

  it('keeps what an operator named: a flag or variable, another host, port or path', () => {
    const kept = (over: Partial<typeof template>) => resolveSiteUrl({ ...template, ...over, port: 8080 });
    expect(kept({ source: 'GATHER_SITE_URL' })).toEqual({ siteUrl: 'http://127.0.0.1:54321', followsServer: false });
    expect(kept({ source: '--site-url' }).followsServer).toBe(false);
    expect(kept({ siteUrl: 'https://gather.example' })).toEqual({ siteUrl: 'https://gather.example', followsServer: false });
    expect(kept({ siteUrl: 'http://127.0.0.1:5173' }).siteUrl).toBe('http://127.0.0.1:5173');
    expect(kept({ siteUrl: 'http://127.0.0.1:54321/app' }).siteUrl).toBe('http://127.0.0.1:54321/app');
    expect(kept({ tomlPort: undefined }).followsServer).toBe(false);
    expect(resolveSiteUrl({ siteUrl: undefined, source: undefined, tomlPort: 54321, port: 8080 })).toEqual({ siteUrl: undefined, followsServer: false });
  });
});
