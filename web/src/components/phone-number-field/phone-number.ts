import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

export type { CountryCode };

/** What the member typed: a country from the picker and the number (national, or with +). */
export type PhoneInput = { country: CountryCode; number: string };

const COUNTRIES = new Set<string>(getCountries());

/**
 * The number in E.164 (`+351912345678`), as Auth stores and texts it, or null when it is not a
 * valid number for its country (libphonenumber's lengths and leading digits, "min" metadata).
 * A number typed with + and a country code wins over the picker.
 */
export function toE164({ country, number }: PhoneInput): string | null {
  const typed = number.trim();
  if (!/\d/.test(typed) || /[^\d\s().+-]/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed, typed.startsWith("+") ? undefined : country);
  return parsed?.isValid() ? parsed.number : null;
}

/** The country a number typed with + belongs to, if it names one. */
export function countryOf(number: string): CountryCode | undefined {
  if (!number.trim().startsWith("+")) return undefined;
  return parsePhoneNumberFromString(number.trim())?.country;
}

/** The picker's first choice: the region of the member's language (pt-BR → BR), else the US. */
export function defaultCountry(languages: readonly string[]): CountryCode {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && COUNTRIES.has(region)) return region as CountryCode;
    } catch {
      // A malformed tag says nothing about the country.
    }
  }
  return "US";
}

/** A stored E.164 number split back into picker and national number, for editing. */
export function fromE164(e164: string | undefined, fallback: CountryCode): PhoneInput {
  const parsed = e164 ? parsePhoneNumberFromString(e164.startsWith("+") ? e164 : `+${e164}`) : undefined;
  if (!parsed?.country) return { country: fallback, number: e164 ?? "" };
  return { country: parsed.country, number: parsed.formatNational() };
}

/** Every country the picker offers, named in `locale` and sorted as that language sorts. */
export function countryOptions(locale: string): { code: CountryCode; label: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: "region" });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ code, name: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ code, name }) => ({ code, label: `${name} (+${getCountryCallingCode(code)})` }));
}
