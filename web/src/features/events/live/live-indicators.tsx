import { useLingui } from "@lingui/react";
import { Plural } from "@lingui/react/macro";
import { Eye } from "lucide-react";
import { useLiveSnapshot } from "./event-live-context";
import { typingText } from "./typing";

/** "3 people viewing" (presence on the event's channel); nothing until it has synced. */
export function ViewersCount() {
  const { viewers } = useLiveSnapshot();
  if (!viewers) return null;
  return (
    <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="viewers-count">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-75 motion-reduce:animate-none" />
        <span className="relative inline-flex size-2 rounded-full bg-emerald-600" />
      </span>
      <Eye aria-hidden="true" className="size-4" />
      <Plural value={viewers} one="# person viewing" other="# people viewing" />
    </p>
  );
}

/** "Grace Hopper is typing…" for others typing a comment; the line keeps its height when empty. */
export function TypingIndicator() {
  useLingui(); // re-render in a new language
  const { typers } = useLiveSnapshot();
  const text = typingText(typers.map((t) => t.name));
  return (
    <p aria-live="polite" className="min-h-5 text-sm italic text-muted-foreground" data-testid="typing-indicator">
      {text}
    </p>
  );
}
