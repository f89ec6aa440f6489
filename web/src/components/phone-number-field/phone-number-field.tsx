import { useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { countryOf, countryOptions, type CountryCode, type PhoneInput } from "./phone-number";

type Props = {
  value: PhoneInput;
  onChange: (value: PhoneInput) => void;
  /** Shown under the number and linked to it (aria-describedby). */
  error?: string;
  label?: string;
  disabled?: boolean;
};

/**
 * A phone number as two labelled native controls: the country (named in the member's language,
 * with its calling code) and the number. Typing a number with + and a country code moves the
 * picker to that country. `toE164` (phone-number.ts) validates before anything is sent.
 */
export function PhoneNumberField({ value, onChange, error, label, disabled }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const options = useMemo(() => countryOptions(i18n.locale), [i18n.locale]);
  const errorId = error ? `${id}-error` : undefined;

  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-2 sm:grid-cols-[minmax(0,13rem)_1fr] sm:gap-3">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-country`}>{t`Country or region`}</Label>
          <Select
            id={`${id}-country`}
            autoComplete="tel-country-code"
            value={value.country}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, country: e.target.value as CountryCode })}
          >
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-number`}>{label ?? t`Phone number`}</Label>
          <Input
            id={`${id}-number`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={value.number}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => {
              const number = e.target.value;
              onChange({ number, country: countryOf(number) ?? value.country });
            }}
          />
        </div>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
