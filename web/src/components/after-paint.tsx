import { useEffect, useState, type ReactNode } from "react";

/**
 * Renders its children in a task of their own, after the page around them has painted: for
 * what sits below the first screen and asks for no data (a footer, a description). The first
 * render stays short, so the phone answers taps sooner. The fallback holds the place meanwhile.
 */
export function AfterPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Effects run once the frame is painted; the timeout puts the render in a task of its own.
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return painted ? children : fallback;
}
