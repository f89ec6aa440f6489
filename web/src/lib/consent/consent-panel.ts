import { useSyncExternalStore } from "react";

// Whether the visitor asked to see the cookie choices again (the footer's "Cookie settings").
// The banner shows itself anyway while no choice is made.
let open = false;
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  open = value;
  for (const l of listeners) l();
}

export function openConsentPanel(): void {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  set(true);
}

/** Closes it and gives focus back to whatever opened it. */
export function closeConsentPanel(): void {
  if (!open) return;
  set(false);
  if (opener?.isConnected) opener.focus();
  opener = null;
}

export function useConsentPanel(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
