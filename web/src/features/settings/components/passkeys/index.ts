export { PasskeysSection } from "./passkeys-section";
