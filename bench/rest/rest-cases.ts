import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { AUTHORS } from './bench-schema.ts';

/** One kind of request the REST bench sends, and how the bare server finds its one value. */
export interface RestCase {
  name: string;
  method: 'GET' | 'POST';
  /** Path and query under /rest/v1, for request number i. */
  path: (i: number) => string;
  body?: (i: number) => string;
  /** Request headers beyond the body's content type. */
  headers?: Record<string, string>;
  /** The request's only varying value, as the bare server reads it (no PostgREST parsing). */
  value: (url: URL, body: string) => string;
}

const author = (i: number) => 1 + (i % AUTHORS);

export const CASES: RestCase[] = [
  {
    name: 'GET by primary key',
    method: 'GET',
    path: (i) => `/authors?select=*&id=eq.${author(i)}`,
    value: (url) => url.searchParams.get('id')!.slice(3),
  },
  {
    // What supabase-js sends with the (legacy JWT) anon key: the key twice, so a JWT to verify.
    name: 'GET by PK, anon JWT',
    method: 'GET',
    path: (i) => `/authors?select=*&id=eq.${author(i)}`,
    headers: { apikey: DEFAULT_ANON_KEY, authorization: `Bearer ${DEFAULT_ANON_KEY}` },
    value: (url) => url.searchParams.get('id')!.slice(3),
  },
  {
    name: '20 rows + embedded author',
    method: 'GET',
    path: (i) => `/posts?select=id,title,created_at,authors(name)&author_id=eq.${author(i)}&limit=20`,
    value: (url) => url.searchParams.get('author_id')!.slice(3),
  },
  {
    name: 'insert one row',
    method: 'POST',
    path: () => '/posts',
    body: (i) => JSON.stringify({ author_id: author(i), title: `bench ${i}`, body: 'x' }),
    value: (_url, body) => body,
  },
];
