import type { AuthChangeEvent, Session } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { clearPersistedCache } from "@/lib/query-client";
import { profileKeys } from "@/lib/query-keys";
import { loadSupabase } from "@/lib/load-supabase";
import { reactionsTo } from "./auth-events";
import { needsSecondFactor } from "./second-factor";
import { isSessionFromLoad } from "./session-at-load";
import { SessionContext, type SessionState } from "./session-context";

/**
 * Holds the session and reacts to every session event. The listener is deliberately
 * synchronous and never calls Supabase itself: supabase-js runs it inside its auth lock, and
 * awaiting another Supabase call there deadlocks the client (style-anchors.md §3.3). Anything
 * that needs data is a query keyed by the user id instead.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<SessionState>({ status: "loading", session: null, user: null, halfSession: null });
  const signedIn = useRef(false);

  useEffect(() => {
    const onEvent = (event: AuthChangeEvent, session: Session | null) => {
      // Half signed in (the second factor still owed): shown as nobody (decision 0264).
      const half = session !== null && needsSecondFactor(session);
      const full = session !== null && !half;
      const reactions = reactionsTo(event, signedIn.current, full, isSessionFromLoad(session?.access_token));
      signedIn.current = full;
      setState(
        full
          ? { status: "signed-in", session, user: session.user, halfSession: null }
          : { status: "signed-out", session: null, user: null, halfSession: half ? session : null },
      );
      for (const r of reactions) {
        if (r.kind === "toast") toast.success(r.message);
        else if (r.kind === "clear-cache") {
          queryClient.clear();
          clearPersistedCache();
        } else if (r.kind === "navigate") void navigate(r.to);
        else if (r.kind === "refresh-profile" && full) {
          void queryClient.invalidateQueries({ queryKey: profileKeys.me(session.user.id) });
        }
      }
    };
    let unsubscribe: (() => void) | undefined;
    let stopped = false;
    // The client is its own chunk: the shell paints while it loads (status stays "loading").
    void loadSupabase().then((supabase) => {
      if (stopped) return;
      const { data } = supabase.auth.onAuthStateChange(onEvent);
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [queryClient, navigate]);

  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}
