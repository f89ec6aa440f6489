import { Link } from "react-router";
import { CookieSettingsButton } from "@/components/consent";

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
        <p>© {new Date().getFullYear()} Gather</p>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/" className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
            Discover events
          </Link>
          <CookieSettingsButton />
        </div>
      </div>
    </footer>
  );
}
