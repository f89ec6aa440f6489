// How many decimals a currency's minor unit has, as Stripe counts them and public.currencies
// keeps them (migration 20261129200000): most 2; these 0 (amounts as they are) or 3 (multiples
// of 10). Shared by the page head and the web app (lib/money). Free of imports.

const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'PYG', 'XOF', 'XAF', 'UGX', 'RWF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** 0 (JPY), 2 (EUR) or 3 (KWD); a code the table does not list counts as 2, as Stripe does. */
export function currencyExponent(currency: string): number {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}
