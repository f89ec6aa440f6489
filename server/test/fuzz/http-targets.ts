/** One endpoint of each API the fuzzer aims at: how it is normally called. */
export interface Target {
  api: 'rest' | 'auth' | 'storage' | 's3' | 'tus' | 'functions' | 'mail' | 'realtime' | 'web';
  method: string;
  path: string;
  /** Whose key the well-formed call carries. */
  as: 'anon' | 'service' | 'user';
  /** A body of the right shape, which attacks then corrupt. */
  body?: string;
  type?: string;
  headers?: [string, string][];
}

const json = 'application/json';

export const TARGETS: Target[] = [
  { api: 'rest', method: 'GET', path: '/rest/v1/events?select=id,title,venue:venues(name)&order=id.desc&limit=5', as: 'anon' },
  { api: 'rest', method: 'GET', path: '/rest/v1/events?or=(title.eq.a,and(id.gt.1,id.lt.9))', as: 'user' },
  { api: 'rest', method: 'POST', path: '/rest/v1/events', as: 'service', body: '{"title":"fuzz"}', type: json },
  { api: 'rest', method: 'POST', path: '/rest/v1/events?columns=title', as: 'service', body: '[{"title":"fuzz"}]', type: json, headers: [['prefer', 'return=representation']] },
  { api: 'rest', method: 'PATCH', path: '/rest/v1/events?id=eq.1', as: 'user', body: '{"title":"x"}', type: json },
  { api: 'rest', method: 'DELETE', path: '/rest/v1/events?id=eq.987654', as: 'service' },
  { api: 'rest', method: 'POST', path: '/rest/v1/rpc/echo_json', as: 'anon', body: '{"json":{"a":[1,2]}}', type: json },
  { api: 'rest', method: 'POST', path: '/rest/v1/rpc/echo_text', as: 'anon', body: '{"text":"hi"}', type: json },
  { api: 'rest', method: 'GET', path: '/rest/v1/rpc/add?a=1&b=2', as: 'anon' },
  { api: 'rest', method: 'POST', path: '/rest/v1/rpc/sum_all', as: 'anon', body: '{"nums":[1,2,3]}', type: json },
  { api: 'rest', method: 'POST', path: '/rest/v1/rpc/array_len', as: 'user', body: '{"items":["a","b"]}', type: json },
  { api: 'rest', method: 'GET', path: '/rest/v1/', as: 'anon' },
  { api: 'auth', method: 'POST', path: '/auth/v1/signup', as: 'anon', body: '{"email":"fuzz@example.com","password":"a-long-password","data":{"a":1}}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/token?grant_type=password', as: 'anon', body: '{"email":"fuzz@example.com","password":"a-long-password"}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/token?grant_type=refresh_token', as: 'anon', body: '{"refresh_token":"abcdefghijkl"}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/token?grant_type=pkce', as: 'anon', body: '{"auth_code":"x","code_verifier":"y"}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/token?grant_type=id_token', as: 'anon', body: '{"provider":"google","id_token":"a.b.c"}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/otp', as: 'anon', body: '{"email":"fuzz@example.com"}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/verify', as: 'anon', body: '{"type":"email","email":"fuzz@example.com","token":"123456"}', type: json },
  { api: 'auth', method: 'GET', path: '/auth/v1/verify?token=abc&type=signup&redirect_to=http://localhost:3000', as: 'anon' },
  { api: 'auth', method: 'POST', path: '/auth/v1/recover', as: 'anon', body: '{"email":"fuzz@example.com"}', type: json },
  { api: 'auth', method: 'GET', path: '/auth/v1/user', as: 'user' },
  { api: 'auth', method: 'PUT', path: '/auth/v1/user', as: 'user', body: '{"data":{"name":"x"}}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/logout?scope=global', as: 'user' },
  { api: 'auth', method: 'GET', path: '/auth/v1/settings', as: 'anon' },
  { api: 'auth', method: 'GET', path: '/auth/v1/admin/users?page=1&per_page=5', as: 'service' },
  { api: 'auth', method: 'POST', path: '/auth/v1/admin/users', as: 'service', body: '{"email":"fuzz-admin@example.com","email_confirm":true}', type: json },
  { api: 'auth', method: 'POST', path: '/auth/v1/factors', as: 'user', body: '{"factor_type":"totp"}', type: json },
  { api: 'auth', method: 'GET', path: '/auth/v1/authorize?provider=github&redirect_to=http://localhost:3000', as: 'anon' },
  { api: 'auth', method: 'GET', path: '/auth/v1/.well-known/jwks.json', as: 'anon' },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/fuzz/up.txt', as: 'service', body: 'hello', type: 'text/plain', headers: [['x-upsert', 'true']] },
  { api: 'storage', method: 'PUT', path: '/storage/v1/object/fuzz/up.txt', as: 'service', body: 'hello', type: 'text/plain' },
  { api: 'storage', method: 'GET', path: '/storage/v1/object/fuzz/a.txt', as: 'service' },
  { api: 'storage', method: 'GET', path: '/storage/v1/object/public/fuzz/a.txt', as: 'anon' },
  { api: 'storage', method: 'GET', path: '/storage/v1/object/info/public/fuzz/a.txt', as: 'anon' },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/list/fuzz', as: 'user', body: '{"prefix":"","limit":10,"sortBy":{"column":"name","order":"asc"}}', type: json },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/list-v2/fuzz', as: 'user', body: '{"prefix":"","limit":10}', type: json },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/sign/fuzz/a.txt', as: 'service', body: '{"expiresIn":60}', type: json },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/sign/fuzz', as: 'service', body: '{"expiresIn":60,"paths":["a.txt"]}', type: json },
  { api: 'storage', method: 'GET', path: '/storage/v1/object/sign/fuzz/a.txt?token=a.b.c', as: 'anon' },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/upload/sign/fuzz/signed.txt', as: 'service' },
  { api: 'storage', method: 'PUT', path: '/storage/v1/object/upload/sign/fuzz/signed.txt?token=a.b.c', as: 'anon', body: 'x', type: 'text/plain' },
  { api: 'storage', method: 'GET', path: '/storage/v1/render/image/public/fuzz/pic.png?width=40&height=30&resize=cover', as: 'anon' },
  { api: 'storage', method: 'GET', path: '/storage/v1/render/image/authenticated/fuzz/pic.png?width=20&quality=50', as: 'service' },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/move', as: 'service', body: '{"bucketId":"fuzz","sourceKey":"nope.txt","destinationKey":"b.txt"}', type: json },
  { api: 'storage', method: 'POST', path: '/storage/v1/object/copy', as: 'service', body: '{"bucketId":"fuzz","sourceKey":"a.txt","destinationKey":"copy.txt"}', type: json },
  { api: 'storage', method: 'DELETE', path: '/storage/v1/object/fuzz', as: 'service', body: '{"prefixes":["nope.txt"]}', type: json },
  { api: 'storage', method: 'GET', path: '/storage/v1/bucket', as: 'service' },
  { api: 'storage', method: 'POST', path: '/storage/v1/bucket', as: 'service', body: '{"name":"fuzz-new","public":false,"file_size_limit":"1MB"}', type: json },
  // The S3 protocol: not SigV4-signed here, so attacks reach its routing and signature parsing.
  { api: 's3', method: 'PUT', path: '/storage/v1/s3/fuzz/s3.txt?x-id=PutObject', as: 'service', body: 'hello', type: 'text/plain', headers: [['x-amz-content-sha256', 'UNSIGNED-PAYLOAD'], ['x-amz-date', '20260101T000000Z']] },
  { api: 's3', method: 'GET', path: '/storage/v1/s3/fuzz?list-type=2&prefix=a&delimiter=%2F&max-keys=5', as: 'service' },
  { api: 's3', method: 'POST', path: '/storage/v1/s3/fuzz?delete', as: 'service', body: '<Delete><Object><Key>a.txt</Key></Object></Delete>', type: 'application/xml' },
  { api: 'tus', method: 'POST', path: '/storage/v1/upload/resumable', as: 'service', headers: [['tus-resumable', '1.0.0'], ['upload-length', '5'], ['upload-metadata', 'bucketName ZnV6eg==,objectName dHVzLnR4dA==,contentType dGV4dC9wbGFpbg==']] },
  { api: 'tus', method: 'PATCH', path: '/storage/v1/upload/resumable/Zm9v', as: 'service', body: 'hello', type: 'application/offset+octet-stream', headers: [['tus-resumable', '1.0.0'], ['upload-offset', '0']] },
  { api: 'tus', method: 'HEAD', path: '/storage/v1/upload/resumable/Zm9v', as: 'service', headers: [['tus-resumable', '1.0.0']] },
  { api: 'tus', method: 'OPTIONS', path: '/storage/v1/upload/resumable', as: 'anon' },
  { api: 'functions', method: 'POST', path: '/functions/v1/echo?x=1', as: 'anon', body: '{"a":1}', type: json },
  { api: 'functions', method: 'GET', path: '/functions/v1/public-echo', as: 'anon' },
  { api: 'functions', method: 'POST', path: '/functions/v1/no-such-function', as: 'anon', body: '{}', type: json },
  { api: 'mail', method: 'POST', path: '/mail/v1/send', as: 'service', body: '{"to":"a@example.com","subject":"s","text":"t"}', type: json },
  { api: 'mail', method: 'GET', path: '/_inbox/messages?to=a@example.com', as: 'anon' },
  { api: 'mail', method: 'DELETE', path: '/_inbox/messages', as: 'anon' },
  { api: 'realtime', method: 'POST', path: '/realtime/v1/api/broadcast', as: 'anon', body: '{"messages":[{"topic":"t","event":"e","payload":{"a":1}}]}', type: json },
  { api: 'realtime', method: 'GET', path: '/realtime/v1/websocket?apikey=x&vsn=1.0.0', as: 'anon' },
  { api: 'web', method: 'GET', path: '/', as: 'anon' },
  { api: 'web', method: 'GET', path: '/events/some-slug?x=1', as: 'anon', headers: [['accept', 'text/html']] },
];
