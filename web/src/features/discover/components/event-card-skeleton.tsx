import { Skeleton } from "@/components/ui/skeleton";

export function EventCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 overflow-hidden rounded-xl border border-border">
      {/* The card's cover box, so the list does not move when the real cards arrive. */}
      <Skeleton className="aspect-[1200/630] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5 pt-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <div className="flex justify-between pt-2">
          <Skeleton className="h-5 w-16 rounded-full" />
          <Skeleton className="h-5 w-24" />
        </div>
      </div>
    </div>
  );
}
