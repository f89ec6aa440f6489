import { useLingui } from "@lingui/react/macro";
import { Link, NavLink } from "react-router";
import { useDrawnAfterFirstScreen } from "@/components/first-screen-later";
import { cn } from "@/lib/utils";
import { AccountNav } from "./account-nav";
import { primaryNav } from "./nav-items";

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    "inline-flex h-9 items-center rounded-md px-3 text-sm font-medium transition-colors",
    isActive
      ? "bg-secondary text-secondary-foreground"
      : "text-muted-foreground hover:bg-accent hover:text-foreground",
  );
}

export function SiteHeader() {
  const { t } = useLingui();
  // Over a first screen the HTML's header stays for the first render (decision 0248).
  const later = useDrawnAfterFirstScreen("site-header");
  return (
    <header ref={later.ref} className="border-b border-border bg-background">
      {/* flex-wrap: on narrow screens the nav drops below the wordmark instead of overflowing. */}
      {later.drawn && (
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {t({ message: `Gather`, comment: "The product's name" })}
          </Link>
          <nav aria-label={t`Primary`}>
            <ul className="flex flex-wrap items-center gap-1">
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={navLinkClass}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
              <AccountNav />
            </ul>
          </nav>
        </div>
      )}
    </header>
  );
}
