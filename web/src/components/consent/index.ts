export { ConsentBanner } from "./consent-banner";
export { ConsentChoicesFields } from "./consent-choices";
export { CookieSettingsButton } from "./cookie-settings-button";
