import { act, renderHook } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftKey, readDraft, useFormDraft, writeDraft } from "./use-form-draft";

type Values = { title: string; capacity: string };
const SAVED: Values = { title: "Board games", capacity: "6" };

function useDraftedForm(scope: string, defaults: Values = SAVED) {
  const form = useForm<Values>({ defaultValues: defaults });
  const draft = useFormDraft({ scope, form, delayMs: 300 });
  return { form, draft };
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("useFormDraft", () => {
  it("stores what was typed after a pause, per event, and forgets it when it matches the saved values again", () => {
    const { result } = renderHook(() => useDraftedForm("event-1"));
    act(() => result.current.form.setValue("title", "Board games night", { shouldDirty: true }));
    expect(readDraft("event-1")).toBeNull(); // not on every keystroke
    act(() => vi.advanceTimersByTime(300));
    expect(readDraft<Values>("event-1")?.values).toEqual({ title: "Board games night", capacity: "6" });
    expect(readDraft("new")).toBeNull();

    act(() => result.current.form.setValue("title", "Board games", { shouldDirty: true }));
    act(() => vi.advanceTimersByTime(300));
    expect(localStorage.getItem(draftKey("event-1"))).toBeNull();
  });

  it("brings the copy back on the next visit, says when it was from, and keeps the form dirty", () => {
    writeDraft("event-1", { title: "Typed before the reload", capacity: "8" }, new Date("2026-11-20T10:00:00Z"));
    const { result } = renderHook(() => useDraftedForm("event-1"));
    expect(result.current.form.getValues()).toEqual({ title: "Typed before the reload", capacity: "8" });
    expect(result.current.draft.restoredAt).toBe("2026-11-20T10:00:00.000Z");
    expect(result.current.form.formState.isDirty).toBe(true);
    // The saved values stay the baseline.
    expect(result.current.form.formState.defaultValues).toEqual(SAVED);
  });

  it("keeps fields the stored copy does not have (an older copy)", () => {
    localStorage.setItem(draftKey("new"), JSON.stringify({ values: { title: "Old copy" }, savedAt: "2026-11-20T10:00:00Z" }));
    const { result } = renderHook(() => useDraftedForm("new"));
    expect(result.current.form.getValues()).toEqual({ title: "Old copy", capacity: "6" });
  });

  it("does not announce a copy identical to the saved values", () => {
    writeDraft("event-1", SAVED);
    const { result } = renderHook(() => useDraftedForm("event-1"));
    expect(result.current.draft.restoredAt).toBeNull();
  });

  it("discards the copy: the saved values come back and storage is emptied", () => {
    writeDraft("event-1", { title: "Unwanted", capacity: "6" });
    const { result } = renderHook(() => useDraftedForm("event-1"));
    act(() => result.current.draft.discard());
    expect(result.current.form.getValues()).toEqual(SAVED);
    expect(result.current.draft.restoredAt).toBeNull();
    expect(readDraft("event-1")).toBeNull();
  });

  it("clears the copy after a successful save, also a pending write", () => {
    const { result } = renderHook(() => useDraftedForm("new"));
    act(() => result.current.form.setValue("title", "Something", { shouldDirty: true }));
    act(() => result.current.draft.clear());
    act(() => vi.advanceTimersByTime(1000));
    expect(readDraft("new")).toBeNull();
  });

  it("writes at once when the page is hidden or the editor closes mid-pause", () => {
    const { result, unmount } = renderHook(() => useDraftedForm("new"));
    act(() => result.current.form.setValue("title", "Closing the tab", { shouldDirty: true }));
    act(() => void window.dispatchEvent(new Event("pagehide")));
    expect(readDraft<Values>("new")?.values.title).toBe("Closing the tab");

    act(() => result.current.form.setValue("title", "Navigating away", { shouldDirty: true }));
    unmount();
    expect(readDraft<Values>("new")?.values.title).toBe("Navigating away");
  });

  it("ignores a corrupt stored copy", () => {
    localStorage.setItem(draftKey("new"), "{not json");
    const { result } = renderHook(() => useDraftedForm("new"));
    expect(result.current.form.getValues()).toEqual(SAVED);
    expect(result.current.draft.restoredAt).toBeNull();
  });
});
