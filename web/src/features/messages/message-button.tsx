import { lazy, Suspense } from "react";
import { withCatalogue } from "@/lib/i18n";

export type MessageButtonProps = { userId: string; personId: string };

const MessageLink = lazy(withCatalogue("messages", () => import("./components/message-link")));

/** A profile's "Message" button, shown when the rules let the viewer write to this member. */
export function MessageButton(props: MessageButtonProps) {
  return (
    <Suspense fallback={null}>
      <MessageLink {...props} />
    </Suspense>
  );
}
