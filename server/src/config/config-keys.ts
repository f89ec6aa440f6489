/**
 * Which config.toml keys the Supabase CLI defines (its `supabase init` template, checked key by
 * key in server/test/config-init-template-keys.test.ts, and its reference), as
 * dotted patterns; `*` is a name the project chooses (a bucket, a function, a provider). A key
 * the server does not read is named at start: "not supported" when the CLI defines it,
 * "unknown" (likely a typo) when it does not (decision 0222).
 */
const CLI_KEYS = [
  'project_id',
  'api.enabled', 'api.port', 'api.schemas', 'api.extra_search_path', 'api.max_rows', 'api.external_url', 'api.auto_expose_new_tables',
  'api.tls.enabled', 'api.tls.cert_path', 'api.tls.key_path',
  'db.port', 'db.shadow_port', 'db.health_timeout', 'db.major_version', 'db.root_key', 'db.ssl_enforcement.*',
  'db.pooler.*', 'db.vault.*', 'db.migrations.enabled', 'db.migrations.schema_paths', 'db.seed.enabled', 'db.seed.sql_paths',
  'db.network_restrictions.*', 'db.settings.*',
  'realtime.*', 'studio.*', 'inbucket.*', 'analytics.*', 'experimental.*', 'edge_runtime.*', 'edge_runtime.secrets.*',
  'storage.enabled', 'storage.file_size_limit', 'storage.image_transformation.enabled', 'storage.s3_protocol.enabled',
  'storage.analytics.*', 'storage.vector.*', 'storage.buckets.*.*',
  'auth.enabled', 'auth.site_url', 'auth.external_url', 'auth.additional_redirect_urls', 'auth.jwt_expiry', 'auth.jwt_issuer', 'auth.signing_keys_path',
  'auth.enable_refresh_token_rotation', 'auth.refresh_token_reuse_interval', 'auth.enable_signup', 'auth.enable_anonymous_sign_ins',
  'auth.enable_manual_linking', 'auth.minimum_password_length', 'auth.password_requirements', 'auth.jwt_secret', 'auth.publishable_key', 'auth.secret_key',
  'auth.rate_limit.*', 'auth.captcha.*', 'auth.sessions.*', 'auth.passkey.*', 'auth.webauthn.*', 'auth.hook.*.*', 'auth.mfa.*', 'auth.mfa.*.*',
  'auth.email.*', 'auth.email.smtp.*', 'auth.email.template.*.*', 'auth.email.notification.*.*',
  'auth.sms.*', 'auth.sms.*.*', 'auth.sms.test_otp.*', 'auth.external.*.*', 'auth.web3.*.*', 'auth.third_party.*.*', 'auth.oauth_server.*',
  'functions.*.*', 'remotes.*', 'remotes.*.*',
];

function matches(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key.split('.');
  // `remotes.*` (branch overrides) and `*.*` sections may nest deeper: a trailing * takes the rest.
  if (p.length > k.length) return false;
  if (p.length < k.length && p.at(-1) !== '*') return false;
  return p.every((seg, i) => seg === '*' || seg === k[i]);
}

export function isCliKey(key: string): boolean {
  return CLI_KEYS.some((p) => matches(p, key));
}

/** Services the server always runs: `enabled = true` is what happens anyway. */
const ALWAYS_ON = new Set(['api.enabled', 'auth.enabled', 'realtime.enabled', 'storage.enabled', 'edge_runtime.enabled', 'inbucket.enabled', 'db.migrations.enabled', 'studio.enabled', 'analytics.enabled']);
/** Turning these off cannot be done here: said plainly, not in the list of ignored keys. */
const CANNOT_TURN_OFF: Record<string, string> = {
  'api.enabled': 'the REST API (/rest/v1) is always served here',
  'auth.enabled': 'Auth (/auth/v1) is always served here',
  'realtime.enabled': 'Realtime (/realtime/v1) is always served here',
  'storage.enabled': 'Storage (/storage/v1) is always served here',
  'edge_runtime.enabled': 'Edge Functions (/functions/v1) are always served here',
};

type Table = Record<string, unknown>;
const isTable = (v: unknown): v is Table => !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

/** Every leaf key of a parsed config.toml, dotted, with its value. */
export function leafKeys(doc: Table, prefix = ''): [string, unknown][] {
  return Object.entries(doc).flatMap(([k, v]): [string, unknown][] => (isTable(v) ? leafKeys(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));
}

/**
 * A view of `doc` that records which keys are read: the settings readers run over it, and
 * whatever they never looked at is what the server ignores.
 */
export function recordingView(doc: Table, seen: Set<string>, prefix = ''): Table {
  return new Proxy(doc, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string') return value;
      seen.add(`${prefix}${key}`);
      return isTable(value) ? recordingView(value, seen, `${prefix}${key}.`) : value;
    },
  });
}

/** The start-up notes for keys nobody read: what cannot be turned off, unsupported, unknown. */
export function ignoredKeyNotes(doc: Table, seen: Set<string>, file: string): string[] {
  const notes: string[] = [];
  const unsupported: string[] = [];
  const unknown: string[] = [];
  // A section switched off (`[auth.sms.twilio] enabled = false`) asks for nothing.
  // (Not the services that are always on: `[auth] enabled = false` is named, and so is what follows.)
  const off = leafKeys(doc)
    .filter(([k, v]) => k.endsWith('.enabled') && v === false && !CANNOT_TURN_OFF[k])
    .map(([k]) => k.slice(0, -'.enabled'.length));
  for (const [key, value] of leafKeys(doc)) {
    if (seen.has(key)) continue;
    if (CANNOT_TURN_OFF[key] && value === false) {
      notes.push(`${file}: ${key} = false is not supported: ${CANNOT_TURN_OFF[key]}`);
      continue;
    }
    if (ALWAYS_ON.has(key) && value === true) continue;
    if (key === 'project_id') continue; // a name for the CLI's containers: asks for nothing
    const section = key.slice(0, key.lastIndexOf('.'));
    if (off.some((s) => section === s || section.startsWith(`${s}.`))) continue;
    (isCliKey(key) ? unsupported : unknown).push(key);
  }
  if (unsupported.length) notes.push(`${file}: not supported here, ignored: ${unsupported.join(', ')}`);
  if (unknown.length) notes.push(`${file}: unknown keys (not in the Supabase CLI's config either), ignored: ${unknown.join(', ')}`);
  return notes;
}
