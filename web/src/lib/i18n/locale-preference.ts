// The language chosen on this device (the footer's switcher, or the profile's last known value),
// so the next visit paints in it before the profile has loaded.
const KEY = "gather.locale";

export function storedLocale(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: the browser's languages decide
  }
}

export function storeLocale(locale: string): void {
  try {
    window.localStorage.setItem(KEY, locale);
  } catch {
    // not remembered; this visit still switches
  }
}
