export { passkeysEnabledQuery } from "./passkeys-enabled";
export { PasskeysSection } from "./passkeys-section";
