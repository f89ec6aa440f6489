import { usePageTitle } from "@/lib/use-page-title";

export function SignInPage() {
  usePageTitle("Sign in");

  return (
    <div className="mx-auto flex max-w-md flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="text-muted-foreground">
        Signing in with email and password or a magic link is coming soon.
      </p>
    </div>
  );
}
