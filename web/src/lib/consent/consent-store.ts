import { useSyncExternalStore } from "react";

/** What the visitor allows beyond what the site needs to work. */
export type ConsentChoices = {
  /** Google Tag Manager / analytics (Consent Mode's analytics_storage). */
  analytics: boolean;
  /** Third-party media embeds (YouTube, Vimeo) that may set their own cookies. */
  media: boolean;
};

export type ConsentState = ConsentChoices & {
  /** False until the visitor has chosen; until then everything optional is off. */
  decided: boolean;
};

const STORAGE_KEY = "gather.consent.v1";
const UNDECIDED: ConsentState = { analytics: false, media: false, decided: false };

type Listener = (state: ConsentState) => void;
const listeners = new Set<Listener>();
let cached: { raw: string | null; state: ConsentState } | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandboxed iframe): nothing is remembered
  }
}

function parse(raw: string | null): ConsentState {
  if (!raw) return UNDECIDED;
  try {
    const v = JSON.parse(raw) as Partial<ConsentChoices>;
    return { analytics: v.analytics === true, media: v.media === true, decided: true };
  } catch {
    return UNDECIDED;
  }
}

/** The stored choice (the same object until it changes, as useSyncExternalStore needs). */
export function getConsent(): ConsentState {
  const raw = readRaw();
  if (!cached || cached.raw !== raw) cached = { raw, state: parse(raw) };
  return cached.state;
}

/** Records the visitor's choice and tells every subscriber (the GTM module, the banner, embeds). */
export function setConsent(choices: ConsentChoices): void {
  const value = { analytics: choices.analytics, media: choices.media, savedAt: new Date().toISOString() };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Not remembered across visits, but honoured for this page: keep it in memory.
    cached = { raw: readRaw(), state: { analytics: choices.analytics, media: choices.media, decided: true } };
  }
  notify();
}

/** Forgets the choice (the banner asks again). */
export function resetConsent(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    cached = null;
  }
  notify();
}

function notify(): void {
  const state = getConsent();
  for (const listener of listeners) listener(state);
}

/** Calls `listener` on every change, also when another tab changes the choice. */
export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab saved a choice: this tab follows. Listened for from the next task: adding a
// `storage` listener waits for the browser process to open the page's storage (decision 0250),
// and this module is evaluated in the app's first task.
if (typeof window !== "undefined") {
  setTimeout(() => {
    window.addEventListener("storage", (e) => {
      if (e.key === STORAGE_KEY || e.key === null) notify();
    });
  }, 0);
}

/** The current choice, re-rendering when it changes. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsent, () => UNDECIDED);
}
