export { PhoneNumberSection } from "./phone-number-section";
