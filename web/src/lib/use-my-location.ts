// Shared by Discover (near me) and /groups (near me); moved from features/discover/hooks.
import { t } from "@lingui/core/macro";
import { useCallback, useState } from "react";

export type MyLocation = { lat: number; lng: number };

/** What to tell the viewer when the browser will not say where they are. */
export function geolocationMessage(code: number | "unsupported"): string {
  switch (code) {
    case 1: // PERMISSION_DENIED
      return t`Location access is blocked for this site. Allow it in your browser's site settings, or search for a place instead.`;
    case 3: // TIMEOUT
      return t`Finding your location took too long. Try again, or search for a place instead.`;
    case "unsupported":
      return t`This browser can't share your location. Search for a place instead.`;
    default: // POSITION_UNAVAILABLE
      return t`Your location isn't available right now. Search for a place instead.`;
  }
}

/**
 * Asks the browser once for the viewer's position. Rounded to 2 decimals (about 1 km): enough
 * for "events near me", and the point goes into a URL that may be shared.
 */
export function useMyLocation(onFound: (location: MyLocation) => void) {
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const locate = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setError(geolocationMessage("unsupported"));
      return;
    }
    setLocating(true);
    setError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const round = (n: number) => Math.round(n * 100) / 100;
        onFound({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
      },
      (err) => {
        setLocating(false);
        setError(geolocationMessage(err.code));
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  }, [onFound]);

  return { locate, locating, error, clearError: () => setError(null) };
}
