// Amounts of money as Gather keeps them: integers in the currency's minor unit (decision 0280),
// shown with Intl in the language on screen. How many decimals a currency has is Stripe's rule
// (@shared/currency-exponent, as public.currencies keeps it).
import { currencyExponent } from "@shared/currency-exponent";
import { intlLocale } from "@/lib/i18n/active-locale";
import { numberFormat } from "@/lib/i18n/intl-cache";

export { currencyExponent };

/** Three-decimal currencies take multiples of 10 in their minor unit only (Stripe). */
export function minorStep(currency: string): number {
  return currencyExponent(currency) === 3 ? 10 : 1;
}

type FormatOptions = {
  /** Leave out ",00" when the amount is whole ("from €5" on a card); totals keep them. */
  trimWhole?: boolean;
};

/** 1250 EUR → "€12.50" ("12,50 €" in French); 500 JPY → "¥500". */
export function formatMoney(minor: number, currency: string, { trimWhole = false }: FormatOptions = {}): string {
  const code = currency.toUpperCase();
  const exponent = currencyExponent(code);
  const major = minor / 10 ** exponent;
  const digits = trimWhole && Number.isInteger(major) ? 0 : exponent;
  return numberFormat(intlLocale(), { style: "currency", currency: code, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
}

/** An amount for a form's field: 1250 EUR → "12.50", 500 JPY → "500" (a dot whatever the language). */
export function minorToInput(minor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return exponent === 0 ? String(minor) : (minor / 10 ** exponent).toFixed(exponent);
}

/**
 * What someone typed as an amount, in minor units: "12.5", "12,50", "1 200", "€12" → 1250,
 * 1200 00, 1200; null when it is not an amount of this currency (negative, too many decimals,
 * not a multiple of 10 in a three-decimal currency).
 */
export function parseMoney(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const cleaned = text.replace(/[\s\u00a0\u202f']/g, "").replace(/^[^\d.,-]+|[^\d.,]+$/g, "");
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(withoutGrouping(cleaned, exponent));
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > exponent) return null;
  const minor = Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, "0") || "0");
  if (!Number.isSafeInteger(minor) || minor % minorStep(currency) !== 0) return null;
  return minor;
}

/**
 * Digits grouped by thousands ("1,200", "1.200,50", "12,000.00") without the grouping: the last
 * of two kinds of separator is the decimal one; one kind only groups when it repeats or when it
 * is followed by exactly three digits in a currency with fewer decimals than that.
 */
function withoutGrouping(text: string, exponent: number): string {
  const last = Math.max(text.lastIndexOf("."), text.lastIndexOf(","));
  if (last < 0) return text;
  const mark = text[last]!;
  const other = mark === "." ? "," : ".";
  if (text.includes(other)) return text.split(other).join("");
  const repeated = text.indexOf(mark) !== last;
  const grouped = /^\d{1,3}([.,]\d{3})+$/.test(text);
  if (grouped && (repeated || exponent < 3)) return text.split(mark).join("");
  return text;
}
