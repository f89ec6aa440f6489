import { useEffect, useState, type ReactNode } from "react";

/**
 * False until a task of its own has run after the frame that first painted the component, then
 * true; true from the start when `wait` is false. The one mechanism behind `AfterPaint` and the
 * first screen's parts drawn later (decision 0248).
 */
export function usePaintedTaskDone(wait = true): boolean {
  const [done, setDone] = useState(!wait);
  useEffect(() => {
    if (done) return;
    // Effects run once the frame is painted; the timeout puts what follows in a task of its own.
    const timer = setTimeout(() => setDone(true), 0);
    return () => clearTimeout(timer);
  }, [done]);
  return done;
}

/**
 * Renders its children in a task of their own, after the page around them has painted: for
 * what sits below the first screen and asks for no data (a footer, a description). The first
 * render stays short, so the phone answers taps sooner. The fallback holds the place meanwhile.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return usePaintedTaskDone() ? children : fallback;
}
