import { Trans } from "@lingui/react/macro";
import { CalendarPlus, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** No results: different words (and a way out) when filters are what hides everything. */
export function DiscoverEmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const Icon = filtered ? SearchX : CalendarPlus;
  return (
    <Card className="items-center text-center">
      <CardHeader className="items-center">
        <Icon aria-hidden="true" className="mb-2 size-10 text-brand-600" />
        <CardTitle asChild>
          <h2>{filtered ? <Trans>No events match</Trans> : <Trans>No events yet</Trans>}</h2>
        </CardTitle>
        <CardDescription className="max-w-sm">
          {filtered ? (
            <Trans>Try another search, a wider date range or a different category.</Trans>
          ) : (
            <Trans>When hosts publish events, they will show up here. Have something in mind? Host the first one.</Trans>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {filtered ? (
          <Button variant="outline" onClick={onClear}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/events/new">
              <Trans>Create an event</Trans>
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
