import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/errors";
import { cn } from "@/lib/utils";

/** The usual way on from a dead end. */
function BackToDiscover() {
  return (
    <Button asChild>
      <Link to="/">
        <Trans>Back to Discover</Trans>
      </Link>
    </Button>
  );
}

type PageStateProps = {
  title: string;
  message: ReactNode;
  /** A small line above the title, e.g. "404". */
  eyebrow?: ReactNode;
  /** Shown above everything, e.g. a large icon. */
  icon?: ReactNode;
  /** The way on; Discover unless given. */
  back?: ReactNode;
};

/** A whole page that stops here (not found, not allowed): what happened, and a way on. */
export function PageState({ title, message, eyebrow, icon, back }: PageStateProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-start gap-4 py-8">
      {icon}
      {eyebrow && <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700">{eyebrow}</p>}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      {back ?? <BackToDiscover />}
    </div>
  );
}

/** A 403-style page: why not (by default the catalogue's `not_host`, product.md §8), and a way on. */
export function ForbiddenState({ title, message, back }: { title: string; message?: string; back?: ReactNode }) {
  const { t } = useLingui();
  return (
    <PageState
      title={title}
      message={message ?? t`Only the event's hosts can do that.`}
      back={back}
      eyebrow={
        <>
          <ShieldAlert aria-hidden="true" className="size-4" />
          403
        </>
      }
    />
  );
}

export function EventNotFoundState() {
  const { t } = useLingui();
  return <PageState title={t`Event not found`} message={t`This event doesn't exist, or it isn't visible to you.`} />;
}

/**
 * A failed load, with its reason and a retry. `title` says what failed, as a whole sentence
 * ("Couldn't load this event."): a sentence built from parts does not translate.
 */
export function LoadError({ title, error, onRetry, className }: { title: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <Alert tone="error" className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      <span>
        {title} {errorMessage(error)}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <Trans>Try again</Trans>
      </Button>
    </Alert>
  );
}

/** Grey blocks in the shape of a dashboard, announced once to screen readers. */
export function SectionsSkeleton({ label, sections = 3 }: { label: string; sections?: number }) {
  return (
    <div className="flex flex-col gap-6">
      <Spinner className="sr-only" label={label} />
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-10 w-3/4" />
      {Array.from({ length: sections }, (_, i) => (
        <Skeleton key={i} className="h-32 w-full" />
      ))}
    </div>
  );
}
