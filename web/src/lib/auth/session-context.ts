import type { Session, User } from "@supabase/supabase-js";
import { createContext, useContext } from "react";

export type SessionState = {
  /**
   * "loading" until the client has read the stored session (INITIAL_SESSION). A session that
   * still owes its second factor is "signed-out": nobody is shown signed in until the code is
   * given (decision 0264).
   */
  status: "loading" | "signed-in" | "signed-out";
  session: Session | null;
  user: User | null;
  /** That half-signed-in session, for the second step's screens only (sign-in, reset password). */
  halfSession: Session | null;
};

export const SessionContext = createContext<SessionState>({ status: "loading", session: null, user: null, halfSession: null });

/** The current auth session, kept up to date by <AuthProvider>. */
export function useSession(): SessionState {
  return useContext(SessionContext);
}
