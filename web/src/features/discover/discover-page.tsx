import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePageTitle } from "@/lib/use-page-title";

export function DiscoverPage() {
  usePageTitle("Discover events");

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Discover events</h1>
        <p className="max-w-prose text-muted-foreground">
          Meetups, club nights, talks and workshops hosted by people near you. Every event is
          free — RSVP in one click and add it to your calendar.
        </p>
      </div>

      <Card className="items-center text-center">
        <CardHeader className="items-center">
          <CalendarPlus aria-hidden="true" className="mb-2 size-10 text-brand-600" />
          <CardTitle asChild>
            <h2>No events yet</h2>
          </CardTitle>
          <CardDescription className="max-w-sm">
            When hosts publish events, they will show up here. Have something in mind? Host the
            first one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/events/new">Create an event</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
