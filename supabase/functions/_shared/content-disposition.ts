// A Content-Disposition header for a download, whatever the name holds (RFC 6266 with RFC 8187's
// `filename*`): a quoted ASCII fallback for old clients, and the exact name percent-encoded as
// UTF-8. Nothing of the name reaches the header unencoded, so quotes, semicolons and line breaks
// in it cannot add parameters or headers.

/** RFC 8187 attr-char: ALPHA DIGIT ! # $ & + - . ^ _ ` | ~; everything else is %XX. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="…"; filename*=UTF-8''…` */
export function attachment(filename: string): string {
  // "é" → "e", then anything outside a safe set (quotes, separators, other scripts) → "_".
  const fallback = filename.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^A-Za-z0-9._-]+/g, '_') || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}
