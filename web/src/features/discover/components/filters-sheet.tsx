import { Trans, useLingui } from "@lingui/react/macro";
import { SlidersHorizontal, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Button } from "@/components/ui/button";
import { formatNumber } from "@/lib/i18n/format";
import { activeFilterCount, DEFAULT_FILTERS, type DiscoverFilters } from "../discover-filters";
import { MoreFilters } from "./more-filters";

type FiltersSheetProps = { filters: DiscoverFilters; onChange: (filters: DiscoverFilters) => void };

/**
 * On a phone: "Filters (2)" beside the search, and the filters in a sheet from the bottom, so
 * the first screen shows events rather than a form. Changes apply at once, as on wide screens;
 * the results behind the sheet are already up to date when it closes.
 */
export function FiltersSheet({ filters, onChange }: FiltersSheetProps) {
  const { t } = useLingui();
  const count = activeFilterCount(filters);
  const countN = formatNumber(count);
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="outline" className="w-full">
          <SlidersHorizontal aria-hidden="true" />
          {count > 0 ? t`Filters (${countN} active)` : t`Filters`}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col gap-4 overflow-y-auto rounded-t-2xl border-t border-border bg-background p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-lg">
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">
              <Trans>Filters</Trans>
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" className="-me-2 size-9" aria-label={t`Close`}>
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <Trans>The results update as you change a filter.</Trans>
          </Dialog.Description>
          <MoreFilters filters={filters} onChange={onChange} stacked />
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            {count > 0 && (
              <Button
                variant="outline"
                onClick={() => onChange({ ...DEFAULT_FILTERS, q: filters.q })}
              >
                <Trans>Clear filters</Trans>
              </Button>
            )}
            <Dialog.Close asChild>
              <Button>
                <Trans>Show results</Trans>
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
