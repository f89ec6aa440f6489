import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { signInPathFor } from "@/lib/auth/safe-next";
import { useSession } from "@/lib/auth/session-context";
import { errorMessage } from "@/lib/errors";
import type { EventDetail } from "../api/get-event";
import { myRsvpOptions, type MyRsvp } from "../api/rsvp-api";
import { useRsvpMutations } from "../hooks/use-rsvp-mutations";
import { MyAnswers } from "../questions/my-answers";
import { eventQuestionsOptions, refusedQuestionId } from "../questions/questions-api";
import { RsvpPanel } from "./rsvp-panel";

/** Connects the RSVP panel to the session, the viewer's RSVP, the questions and the RSVP procedures. */
export function EventRsvpBox({ event, mine }: { event: EventDetail; mine: MyRsvp | null | undefined }) {
  const { user } = useSession();
  const { join, cancel } = useRsvpMutations(event, user?.id);
  const questions = useQuery(eventQuestionsOptions(event.id));
  // One object per failure: the form marks the field (and moves the focus) once for each.
  const refused = useMemo(() => {
    const questionId = refusedQuestionId(join.error);
    return questionId ? { questionId, message: errorMessage(join.error) } : null;
  }, [join.error]);
  return (
    <RsvpPanel
      event={event}
      stats={event.event_stats}
      mine={mine}
      signedIn={Boolean(user)}
      signInHref={signInPathFor(`/events/${event.slug}`)}
      busy={join.isPending || cancel.isPending}
      // A failed load asks nothing rather than blocking; the database still checks the answers.
      questions={questions.isError ? [] : questions.data}
      refused={refused}
      onRsvp={(guests, answers) => join.mutate({ guests, answers })}
      onCancel={() => cancel.mutate()}
      answers={user && questions.data && questions.data.length > 0 && (
        <MyAnswers eventId={event.id} startsAt={event.starts_at} userId={user.id} questions={questions.data} />
      )}
    />
  );
}

/** The viewer's RSVP: undefined while loading, null for none (and for signed-out viewers). */
export function useMyRsvp(eventId: string | undefined): MyRsvp | null | undefined {
  const { user, status } = useSession();
  const query = useQuery({ ...myRsvpOptions(eventId ?? "", user?.id), enabled: Boolean(eventId && user) });
  if (status === "loading") return undefined;
  if (!user) return null;
  return query.data;
}
