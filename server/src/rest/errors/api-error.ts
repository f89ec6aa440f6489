/** An error answered in PostgREST's shape: `{code, details, hint, message}` plus a status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: unknown;
  /** Extra response headers (e.g. from `RAISE SQLSTATE 'PGRST'`). */
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, details: unknown = null, hint: unknown = null, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  body(): { code: string; details: unknown; hint: unknown; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: a query parameter that does not parse. `message` carries the parser position. */
export function queryParamError(what: string, input: string, column: number, details: string): ApiError {
  return new ApiError(400, 'PGRST100', `"failed to parse ${what} (${input})" (line 1, column ${column})`, details);
}

export const errors = {
  invalidRpcMethod: (method: string) => new ApiError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => new ApiError(400, 'PGRST102', message),
  negativeLimit: () => new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.'),
  lowerGtUpper: () =>
    new ApiError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.'),
  outOfBounds: (offset: number, total: number) =>
    new ApiError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`),
  invalidFilters: () => new ApiError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators"),
  unacceptableSchema: (schema: string, exposed: string[]) =>
    new ApiError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  mediaType: (types: string[]) => new ApiError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`),
  notEmbedded: (name: string) =>
    new ApiError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`),
  gucHeaders: () =>
    new ApiError(500, 'PGRST111', 'response.headers guc must be a JSON array composed of objects with a single key and a string value'),
  gucStatus: () => new ApiError(500, 'PGRST112', 'response.status guc must be a valid status code'),
  putLimit: () => new ApiError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMatchingPk: () => new ApiError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singular: (n: number) => new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`),
  unsupportedMethod: (method: string) => new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  relatedOrderNotToOne: (origin: string, target: string) =>
    new ApiError(400, 'PGRST118', `A related order on '${target}' is not possible`, `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`),
  invalidPreferences: (prefs: string[]) =>
    new ApiError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`),
  aggregatesNotAllowed: () => new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (n: number) => new ApiError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`),
  invalidPath: () => new ApiError(404, 'PGRST125', 'Invalid path specified in request URL'),
  openApiDisabled: () => new ApiError(404, 'PGRST126', 'Root endpoint metadata is disabled'),
  notImplemented: (details: string) => new ApiError(400, 'PGRST127', 'Feature not implemented', details),
  maxAffectedRpc: () =>
    new ApiError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
  columnNotFound: (rel: string, col: string) => new ApiError(400, 'PGRST204', `Could not find the '${col}' column of '${rel}' in the schema cache`),
  tableNotFound: (schema: string, name: string, suggestion: string | null) =>
    new ApiError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null),
};
