import type { Random } from './random.ts';
import type { Target } from './http-targets.ts';
import { buildRequest } from './raw-http.ts';

export interface Keys {
  anonKey: string;
  serviceRoleKey: string;
  userToken: string;
}

export interface FuzzCase {
  name: string;
  request: Buffer;
  /** Broken at the HTTP level (CONNECT, bad framing): closing without an answer is acceptable. */
  mayClose?: boolean;
}

type Headers = [string, string | Buffer][];
type Attack = (t: Target, r: Random, k: Keys) => FuzzCase;

const b = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s) : s);

function authHeaders(t: Target, k: Keys): Headers {
  const token = t.as === 'service' ? k.serviceRoleKey : t.as === 'user' ? k.userToken : k.anonKey;
  return [['apikey', k.anonKey], ['authorization', `Bearer ${token}`]];
}

/** The well-formed request with one part replaced. */
function make(t: Target, k: Keys, o: { method?: string | Buffer; path?: string | Buffer; headers?: Headers; extra?: Headers; body?: Buffer | null; type?: string | null }): Buffer {
  const type = o.type === undefined ? t.type : o.type;
  const headers: Headers = o.headers ?? [...authHeaders(t, k), ...(t.headers ?? [])];
  if (type) headers.push(['content-type', type]);
  const body = o.body === undefined ? (t.body === undefined ? undefined : b(t.body)) : (o.body ?? undefined);
  return buildRequest(o.method ?? t.method, o.path ?? t.path, [...headers, ...(o.extra ?? [])], body);
}

function deepJson(r: Random): string {
  const depth = r.pick([101, 1_000, 10_000, 100_000]);
  const open = r.pick(['[', '{"a":', 'mixed']);
  if (open === 'mixed') {
    let s = '';
    for (let i = 0; i < depth; i++) s += i % 2 ? '[' : '{"k":';
    let e = '';
    for (let i = depth - 1; i >= 0; i--) e += i % 2 ? ']' : '}';
    return s + '1' + e;
  }
  return open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth);
}

/** Places hostile JSON where the target's body puts its first value (or as the whole body). */
function inBody(t: Target, value: string): Buffer {
  const m = t.body && /^(\[?\{"[^"]+":)/.exec(t.body);
  if (!m) return Buffer.from(value);
  return Buffer.from(m[1] + value + (t.body!.startsWith('[') ? '}]' : '}'));
}

function hugeJson(r: Random): string {
  switch (r.int(5)) {
    case 0: return JSON.stringify('x'.repeat(3_000_000));
    case 1: return JSON.stringify(Array.from({ length: 200_000 }, (_, i) => i));
    case 2: return JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])));
    case 3: return '9'.repeat(100_000);
    default: return `[${'{},'.repeat(100_000)}{}]`;
  }
}

const BAD_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xe2, 0x82]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80])];
const BAD_ESCAPES = ['"\\ud800"', '"\\u0000"', '"a\\u0000b"', '"\\udfff\\ud800"', '"\\x41"', '"\\u00"', '1e999999', '-0', '123456789012345678901234567890', 'NaN', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}'];

const ODD_METHODS = ['PROPFIND', 'TRACE', 'M-SEARCH', 'FOO', 'get', 'PURGE', 'LINK', 'MKCOL', 'SEARCH', 'QUERY', 'CONNECT', 'A'.repeat(300)];

const TRAVERSAL = ['/../../../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/..\\..\\windows\\win.ini', '/%00.txt', '/a%00/../b', '//etc/passwd', '/....//....//etc', '/%c0%ae%c0%ae/etc', '/%zz', '/%ff%fe', '/' + 'a/'.repeat(2000), '/' + '%2e%2e%2f'.repeat(50)];

const QUERIES = [
  `select=${'a('.repeat(1_000)}*${')'.repeat(1_000)}`,
  `or=(${'or('.repeat(500)}id.eq.1${')'.repeat(500)})`,
  `id=in.(${Array.from({ length: 5_000 }, (_, i) => i).join(',')})`,
  'id=in.(1,2', 'order=id.desc.nullsfirst.extra,,,', 'limit=-1', 'offset=1e99', 'limit=99999999999999999999',
  'select=*,x!inner(*)', 'and=()', 'id=eq.%00', 'title=like.%ff%fe*', 'id=eq.1&id=eq.2&id=gt.3', 'select=%22%22',
  'title=fts(xx).a%20%26', 'id=cs.{1,2', 'select=id::text::int::json', 'select=' + 'id,'.repeat(3_000) + 'id', 'width=-5&height=1e9&quality=abc&resize=weird',
  'token=' + 'a'.repeat(20_000 / 2), 'grant_type=%00', 'redirect_to=javascript:alert(1)', 'columns=' + '"'.repeat(100),
];

const CONTENT_TYPES = ['application/json; charset=latin1', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=x', 'text/csv', 'application/vnd.pgrst.object+json', ';;;', 'application/' + 'x'.repeat(5_000), 'application/octet-stream', '*/*', 'application/json, text/plain'];

export const ATTACKS: Record<string, Attack> = {
  deep_json: (t, r, k) => ({ name: 'deep JSON', request: make(t, k, { method: t.body ? undefined : 'POST', body: inBody(t, deepJson(r)), type: 'application/json' }) }),
  huge_json: (t, r, k) => ({ name: 'huge JSON', request: make(t, k, { method: t.body ? undefined : 'POST', body: inBody(t, hugeJson(r)), type: 'application/json' }) }),
  bad_utf8: (t, r, k) => {
    const bytes = r.pick(BAD_UTF8);
    const value = Buffer.concat([Buffer.from('"a'), bytes, Buffer.from('b"')]);
    const m = t.body && /^(\[?\{"[^"]+":)/.exec(t.body);
    const body = m ? Buffer.concat([Buffer.from(m[1]!), value, Buffer.from(t.body!.startsWith('[') ? '}]' : '}')]) : Buffer.concat([Buffer.from('{"title":'), value, Buffer.from('}')]);
    return { name: `bad UTF-8 ${bytes.toString('hex')}`, request: make(t, k, { method: t.body ? undefined : 'POST', body, type: t.type ?? 'application/json' }) };
  },
  bad_escape: (t, r, k) => {
    const v = r.pick(BAD_ESCAPES);
    return { name: `odd JSON value ${v.slice(0, 40)}`, request: make(t, k, { body: inBody(t, v), type: t.type ?? 'application/json' }) };
  },
  broken_body: (t, r, k) => {
    const body = r.pick([Buffer.from((t.body ?? '{"a":1}').slice(0, -2)), Buffer.from('{"a":1}garbage'), r.bytes(r.int(4_000) + 1), Buffer.alloc(0), Buffer.from('null'), Buffer.from('[]'), Buffer.from('"str"'), Buffer.from('\ufeff{"a":1}')]);
    return { name: `broken body ${body.subarray(0, 12).toString('hex')}`, request: make(t, k, { body, type: r.pick([t.type ?? null, 'application/json', 'text/plain', null]) }) };
  },
  content_type: (t, r, k) => {
    const type = r.pick(CONTENT_TYPES);
    return { name: `content-type ${type.slice(0, 40)}`, request: make(t, k, { body: Buffer.from(t.body ?? 'a=%zz&b[c]=1&b[c]=2'), type }) };
  },
  odd_method: (t, r, k) => {
    const method = r.pick(ODD_METHODS);
    return { name: `method ${method.slice(0, 20)}`, request: make(t, k, { method }), mayClose: method === 'CONNECT' };
  },
  odd_headers: (t, r, k) => {
    const auth = authHeaders(t, k);
    const variants: [string, Headers, boolean?][] = [
      ['duplicate apikey', [['apikey', k.anonKey], ['apikey', k.serviceRoleKey], auth[1]!]],
      ['duplicate authorization', [auth[0]!, ['authorization', `Bearer ${k.anonKey}`], ['authorization', `Bearer ${k.serviceRoleKey}`]]],
      ['oversized header', [...auth, ['x-big', 'a'.repeat(70_000)]]],
      ['a thousand headers', [...auth, ...Array.from({ length: 1_000 }, (_, i): [string, string] => [`x-h${i}`, 'v'])]],
      ['latin-1 header bytes', [...auth, ['x-client-info', Buffer.from([0xe9, 0xff, 0x80])], ['prefer', Buffer.from([0xc3, 0x28])]]],
      ['huge bearer', [auth[0]!, ['authorization', `Bearer ${'a'.repeat(12_000)}`]]],
      ['malformed bearer', [['apikey', 'a.b.c'], ['authorization', r.pick(['Bearer a.b.c', 'Bearer', 'Basic Zm9vOmJhcg==', 'bearer  x', `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`])]]],
      ['odd prefer and range', [...auth, ['prefer', 'return=bogus, count=exact, count=planned, tx=rollback, handling=strict, max-affected=-1'], ['range', r.pick(['bytes=999999-1', 'bytes=-0', 'items=5-1', '0-', 'bytes=1-2,3-4,5-6'])], ['range-unit', 'items']]],
      ['odd accept and profile', [...auth, ['accept', r.pick(['application/vnd.pgrst.plan+json; for="x"', 'text/csv;q=x', '*/*;q=0', 'application/geo+json', 'application/vnd.pgrst.object+json;nulls=stripped'])], ['accept-profile', r.pick(['nope', 'pg_catalog', 'auth', ''])], ['content-profile', 'storage']]],
      ['odd tus headers', [...auth, ['tus-resumable', r.pick(['9.9.9', '', '1.0.0'])], ['upload-length', r.pick(['-1', '1e100', 'abc', '99999999999999999999'])], ['upload-offset', r.pick(['-5', 'x', '18446744073709551616'])], ['upload-metadata', r.pick(['bucketName !!!,objectName', 'a,b,c', 'bucketName ' + Buffer.from('../../x').toString('base64'), 'x '.repeat(2000)])]]],
      ['duplicate content-length', [...auth, ['content-length', '5'], ['content-length', '6']], true],
      ['chunked with bad chunk size', [...auth, ['transfer-encoding', 'chunked']], true],
      ['content-length and chunked', [...auth, ['content-length', '3'], ['transfer-encoding', 'chunked']], true],
      ['x-upsert and cache-control odd', [...auth, ['x-upsert', 'maybe'], ['cache-control', 'max-age=-1'], ['x-metadata', '!!!notbase64'], ['x-request-id', '\x01\x02']]],
    ];
    const [name, headers, framing] = r.pick(variants);
    if (t.type) headers.push(['content-type', t.type]);
    const body = name === 'chunked with bad chunk size' ? Buffer.from('zz\r\nhello\r\n0\r\n\r\n') : t.body === undefined ? undefined : Buffer.from(t.body);
    const dupLen = name === 'duplicate content-length' || name === 'content-length and chunked';
    return { name, request: buildRequest(t.method, t.path, headers, dupLen ? Buffer.from('hello') : body), mayClose: framing };
  },
  traversal: (t, r, k) => {
    const evil = r.pick(TRAVERSAL);
    const [path, query] = t.path.split('?');
    const where = r.int(2) ? path + evil : path!.replace(/\/[^/]*$/, evil);
    return { name: `path ${evil.slice(0, 40)}`, request: make(t, k, { path: where + (query ? `?${query}` : '') }) };
  },
  hostile_query: (t, r, k) => {
    const q = r.pick(QUERIES);
    return { name: `query ${q.slice(0, 40)}`, request: make(t, k, { path: `${t.path}${t.path.includes('?') ? '&' : '?'}${q}` }) };
  },
  bad_path_bytes: (t, r, k) => {
    const raw = Buffer.concat([Buffer.from(t.path.split('?')[0]!), r.pick([Buffer.from([0xff]), Buffer.from([0x00]), Buffer.from(' x'), Buffer.from('\t'), Buffer.from([0xc3, 0xa9])])]);
    return { name: `raw bytes in path ${raw.subarray(-2).toString('hex')}`, request: make(t, k, { path: raw }), mayClose: true };
  },
};
