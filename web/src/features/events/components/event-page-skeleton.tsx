import { useLingui } from "@lingui/react/macro";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";

export function EventPageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-6">
      <Spinner className="sr-only" label={t`Loading event…`} />
      <Skeleton className="h-5 w-24 rounded-full" />
      <Skeleton className="h-10 w-3/4" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 md:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-32 w-full" />
        </div>
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}
