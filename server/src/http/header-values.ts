/**
 * Names and values that reach response headers (decision 0092): a file name in
 * Content-Disposition, a row's key in Location, a header a database function sets. Encoded or
 * refused, never spliced in raw.
 */

/** encodeURIComponent, plus `!'()*`, which RFC 3986 reserves and RFC 5987's attr-char excludes. */
export function encodeStrict(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment` with a file name in both RFC 6266 forms, the way Supabase Storage writes them
 * (`filename` percent-encoded too, which browsers decode), so no name can end the parameter,
 * add another, or break the header.
 */
export function attachment(name: string): string {
  const enc = encodeStrict(name);
  return `attachment; filename=${enc}; filename*=UTF-8''${enc}`;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What Node's http module accepts in a value: tab, visible ASCII and obs-text, nothing else.
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export const isHeaderName = (name: string): boolean => TOKEN.test(name);
export const isHeaderValue = (value: string): boolean => VALUE.test(value);
