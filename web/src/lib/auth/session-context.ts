import type { Session, User } from "@supabase/supabase-js";
import { createContext, useContext } from "react";

export type SessionState = {
  /** "loading" until the client has read the stored session (INITIAL_SESSION). */
  status: "loading" | "signed-in" | "signed-out";
  session: Session | null;
  user: User | null;
};

export const SessionContext = createContext<SessionState>({ status: "loading", session: null, user: null });

/** The current auth session, kept up to date by <AuthProvider>. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
