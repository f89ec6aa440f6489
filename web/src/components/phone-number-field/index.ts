export { PhoneNumberField } from "./phone-number-field";
export { defaultCountry, fromE164, toE164, type CountryCode, type PhoneInput } from "./phone-number";
