import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Warns before leaving with unsaved changes: the browser's own prompt on reload/close
 * (beforeunload), and a blocker for in-app navigation that the page answers with a dialog.
 * Query-string-only changes stay on the page and are never blocked.
 */
export function useLeaveGuard(active: boolean) {
  const activeRef = useRef(active);
  activeRef.current = active;
  // Read at navigation time, so a save can leave in the same tick it finished.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => activeRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers need it set to show the prompt
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [active]);

  // The reason went away (saved, discarded) while the dialog was open: let the navigation go.
  useEffect(() => {
    if (blocker.state === "blocked" && !active) blocker.proceed();
  }, [active, blocker]);

  /** Lets the next navigation through (after a save or a delete). */
  const release = useCallback(() => {
    activeRef.current = false;
  }, []);

  return { blocker, release };
}
