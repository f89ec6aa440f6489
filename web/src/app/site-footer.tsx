import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { CookieSettingsButton } from "@/components/consent";
import { LanguageSwitcher } from "./language-switcher";

export function SiteFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground">
        <p>
          {t({ message: `© ${year} Gather`, comment: "The footer's copyright line" })}
        </p>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/" className="rounded-sm underline-offset-4 hover:text-foreground hover:underline">
            {t`Discover events`}
          </Link>
          {/* Cookie settings stays the footer's last control: Tab goes from it into the banner. */}
          <LanguageSwitcher />
          <CookieSettingsButton />
        </div>
      </div>
    </footer>
  );
}
