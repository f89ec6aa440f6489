declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** window.dataLayer, created on first use (GTM reads whatever was pushed before it loaded). */
export function dataLayer(): unknown[] {
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/**
 * gtag() as Google's snippet defines it. Consent commands must reach the dataLayer as an
 * Arguments object, not an array: GTM ignores arrays for `consent`.
 */
export function gtag(..._args: unknown[]): void {
  dataLayer().push(arguments);
}
