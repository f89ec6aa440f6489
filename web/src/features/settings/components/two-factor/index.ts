export { TwoFactorSection } from "./two-factor-section";
