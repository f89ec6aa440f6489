// Intl's constructors load locale and time-zone data and cost far more than a format call, and
// a page formats the same few patterns over and over (every card, every render of the event
// page). One formatter per (locale, options), kept for the page's life. Constructors that throw
// (an unknown zone) throw every time, as before.
const formatters = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ""}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached("dt", locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached("n", locale, options, () => new Intl.NumberFormat(locale, options));
}

export function listFormat(locale: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached("l", locale, options, () => new Intl.ListFormat(locale, options));
}

export function relativeTimeFormat(locale: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached("rt", locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}
