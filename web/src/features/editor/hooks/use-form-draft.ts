import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

const PREFIX = "gather:event-draft:";

type StoredDraft<T> = { values: T; savedAt: string };

/** Where a form's unsaved copy lives: one key per event, and one for a new event. */
export function draftKey(scope: string): string {
  return PREFIX + scope;
}

export function readDraft<T>(scope: string): StoredDraft<T> | null {
  try {
    const raw = localStorage.getItem(draftKey(scope));
    const parsed = raw ? (JSON.parse(raw) as StoredDraft<T>) : null;
    return parsed && typeof parsed.values === "object" && typeof parsed.savedAt === "string" ? parsed : null;
  } catch {
    return null; // unreadable (private mode, corrupt JSON): there is simply no draft
  }
}

export function writeDraft<T>(scope: string, values: T, now = new Date()): void {
  try {
    localStorage.setItem(draftKey(scope), JSON.stringify({ values, savedAt: now.toISOString() }));
  } catch {
    // Storage full or disabled: the form still works, it just cannot survive a reload.
  }
}

export function removeDraft(scope: string): void {
  try {
    localStorage.removeItem(draftKey(scope));
  } catch {
    // nothing to do
  }
}

type Options<T extends FieldValues> = {
  /** "new", or the event's id. */
  scope: string;
  form: UseFormReturn<T>;
  /** Wait before writing, so typing is not a storage write per key. */
  delayMs?: number;
};

/**
 * Keeps a copy of what the user typed in localStorage while it differs from what is saved, and
 * brings it back on the next visit. Restoring keeps the saved values as the form's defaults, so
 * the form stays "dirty" (and the leave warning on) until the user saves or discards.
 */
export function useFormDraft<T extends FieldValues>({ scope, form, delayMs = 400 }: Options<T>) {
  const [restoredAt, setRestoredAt] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Callers may hold an older `clear` (a save that began before the scope changed).
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  // Read during render so react-hook-form keeps isDirty up to date for `flush`.
  const { isDirty } = form.formState;
  void isDirty;

  // Once per scope, before the first paint: bring back a stored copy that differs from the form.
  useLayoutEffect(() => {
    const stored = readDraft<T>(scope);
    if (stored && JSON.stringify(stored.values) !== JSON.stringify(form.getValues())) {
      // Fields added since the copy was written keep their current values.
      form.reset({ ...form.getValues(), ...stored.values }, { keepDefaultValues: true });
      setRestoredAt(stored.savedAt);
    }
  }, [form, scope]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (form.formState.isDirty) writeDraft(scope, form.getValues());
    else removeDraft(scope);
  }, [form, scope]);

  useEffect(() => {
    const subscription = form.watch(() => {
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, delayMs);
    });
    // A tab closed mid-wait still keeps the last keystrokes.
    const onHide = () => {
      if (timer.current !== undefined) flush();
    };
    window.addEventListener("pagehide", onHide);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener("pagehide", onHide);
      if (timer.current !== undefined) flush();
    };
  }, [form, flush, delayMs]);

  /** Throws the stored copy away and shows the saved values again. */
  const discard = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    removeDraft(scope);
    form.reset();
    setRestoredAt(null);
  }, [form, scope]);

  /** After a successful save: the stored copy is no longer needed. */
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    removeDraft(scopeRef.current);
    setRestoredAt(null);
  }, []);

  return { restoredAt, discard, clear, dismissNotice: () => setRestoredAt(null) };
}
