import { useLingui } from "@lingui/react/macro";
import { Menu, X } from "lucide-react";
import { useRef } from "react";
import { Link, NavLink } from "react-router";
import { useDrawnAfterFirstScreen } from "@/components/first-screen-later";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { AccountMenuItems, AccountQuickItem } from "./account-nav";
import { headerLinkClass } from "./header-link-class";
import { primaryNav } from "./nav-items";
import { useHeaderMenu } from "./use-header-menu";

/**
 * One row at every width and in every language (decision 0321): below 1024 px the wordmark, the
 * one thing always at hand (Sign in, or the bell) and a Menu button whose list opens under the
 * header; from 1024 px the same list sits in the row. The page head's first screen draws the
 * same markup for a signed-out visitor (supabase/functions/page-head/first-screen/markup.ts).
 */
export function SiteHeader() {
  const { t } = useLingui();
  // Over a first screen the HTML's header stays for the first render (decision 0248).
  const later = useDrawnAfterFirstScreen("site-header");
  const header = useRef<HTMLElement | null>(null);
  const menu = useHeaderMenu(header);
  const setHeader = (element: HTMLElement | null) => {
    header.current = element;
    later.ref(element);
  };
  return (
    <header ref={setHeader} onKeyDown={menu.onKeyDown} className="relative border-b border-border bg-background">
      {later.drawn && (
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-x-4 px-4 py-3">
          <Link
            to="/"
            className="inline-flex shrink-0 items-center gap-2 rounded-md text-xl font-bold tracking-tight text-brand-700"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {t({ message: `Gather`, comment: "The product's name" })}
          </Link>
          <nav aria-label={t`Primary`} className="flex min-w-0 items-center gap-1">
            <ul
              id="site-menu"
              ref={menu.list}
              onClick={menu.onListClick}
              className={cn(
                "absolute inset-x-0 top-full z-40 flex-col gap-1 border-b border-border bg-background p-3 shadow-md",
                "lg:static lg:flex lg:flex-row lg:items-center lg:border-0 lg:p-0 lg:shadow-none",
                menu.open ? "flex" : "hidden",
              )}
            >
              {primaryNav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={headerLinkClass}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
              <AccountMenuItems />
            </ul>
            <ul className="flex items-center gap-1">
              <AccountQuickItem />
            </ul>
            <button
              ref={menu.button}
              type="button"
              className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "lg:hidden")}
              aria-expanded={menu.open}
              aria-controls="site-menu"
              onClick={menu.toggle}
            >
              {menu.open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
              <span className="sr-only">{t`Menu`}</span>
            </button>
          </nav>
        </div>
      )}
    </header>
  );
}
