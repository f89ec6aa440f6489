import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { withCatalogue } from "@/lib/i18n";
import { AppLayout } from "./layout";
import { RouteErrorPage } from "./route-error-page";

// Every page is its own chunk: `lazy` imports it on first visit, with its feature's catalogue of
// strings in the visitor's language (lib/i18n), in parallel.
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: withCatalogue("discover", async () => ({ Component: (await import("@/features/discover/discover-page")).DiscoverPage })),
  },
  {
    // Both editor routes render the same component, so the first save's move from /events/new
    // to /events/:slug/edit keeps the form (and its uploads) mounted.
    path: "events/new",
    lazy: withCatalogue("editor", async () => ({ Component: (await import("@/features/editor/event-editor-page")).EventEditorPage })),
  },
  {
    path: "events/:slug/edit",
    lazy: withCatalogue("editor", async () => ({ Component: (await import("@/features/editor/event-editor-page")).EventEditorPage })),
  },
  {
    path: "events/:slug",
    lazy: withCatalogue("events", async () => ({ Component: (await import("@/features/events/event-page")).EventPage })),
  },
  {
    path: "events/:slug/manage",
    lazy: withCatalogue("manage", async () => ({ Component: (await import("@/features/manage/manage-page")).ManagePage })),
  },
  {
    path: "events/:slug/check-in",
    lazy: withCatalogue("manage", async () => ({ Component: (await import("@/features/manage/check-in-page")).CheckInPage })),
  },
  {
    path: "events/:slug/tickets",
    lazy: withCatalogue("ticketing", async () => ({ Component: (await import("@/features/ticketing/tickets-setup-page")).TicketsSetupPage })),
  },
  {
    path: "events/:slug/sales",
    lazy: withCatalogue("sales", async () => ({ Component: (await import("@/features/sales/sales-page")).SalesPage })),
  },
  {
    // Where Stripe sends a buyer back (decision 0280).
    path: "orders/:id",
    lazy: withCatalogue("orders", async () => ({ Component: (await import("@/features/orders/order-page")).OrderPage })),
  },
  {
    // Invitations (decision 0305): the hosts' page, and where an invitation leads (signed out too).
    path: "events/:slug/invite",
    lazy: withCatalogue("invitations", async () => {
      const { InvitePage } = await import("@/features/invitations/invite-page");
      return { Component: () => <InvitePage type="event" /> };
    }),
  },
  {
    path: "g/:slug/invite",
    lazy: withCatalogue("invitations", async () => {
      const { InvitePage } = await import("@/features/invitations/invite-page");
      return { Component: () => <InvitePage type="group" /> };
    }),
  },
  {
    path: "invitations/:token",
    lazy: withCatalogue("invitations", async () => ({ Component: (await import("@/features/invitations/invitation-page")).InvitationPage })),
  },
  {
    // A moderation notice for a hidden event's or group's team, and its one appeal (decision 0310).
    path: "notices/:id",
    lazy: withCatalogue("notices", async () => ({ Component: (await import("@/features/notices/hidden-item-page")).HiddenItemPage })),
  },
  {
    path: "groups",
    lazy: withCatalogue("groups", async () => ({ Component: (await import("@/features/groups/groups-page")).GroupsPage })),
  },
  {
    path: "groups/new",
    lazy: withCatalogue("groups", async () => ({ Component: (await import("@/features/groups/group-new-page")).GroupNewPage })),
  },
  {
    path: "g/:slug",
    lazy: withCatalogue("groups", async () => ({ Component: (await import("@/features/groups/group-page")).GroupPage })),
  },
  {
    // The link in new-event alert emails (supabase/functions/_shared/group-email-templates.ts).
    path: "unsubscribe",
    lazy: withCatalogue("groups", async () => ({ Component: (await import("@/features/groups/unsubscribe-page")).UnsubscribePage })),
  },
  {
    path: "g/:slug/manage",
    lazy: withCatalogue("groups", async () => ({ Component: (await import("@/features/groups/manage/group-manage-page")).GroupManagePage })),
  },
  {
    path: "tickets/:id",
    lazy: withCatalogue("tickets", async () => ({ Component: (await import("@/features/tickets/ticket-page")).TicketPage })),
  },
  {
    path: "admin",
    lazy: withCatalogue("admin", async () => ({ Component: (await import("@/features/admin/admin-page")).AdminPage })),
  },
  {
    path: "me",
    lazy: withCatalogue("me", async () => ({ Component: (await import("@/features/me/me-page")).MePage })),
  },
  {
    path: "settings",
    lazy: withCatalogue("settings", async () => ({ Component: (await import("@/features/settings/settings-page")).SettingsPage })),
  },
  {
    // Where Stripe Connect onboarding returns (?onboarding=done|refresh[&group=]).
    path: "settings/payments",
    lazy: withCatalogue("payments-settings", async () => ({ Component: (await import("@/features/payments-settings/payments-settings-page")).PaymentsSettingsPage })),
  },
  {
    path: "messages",
    lazy: withCatalogue("messages", async () => ({ Component: (await import("@/features/messages/messages-page")).MessagesPage })),
  },
  {
    path: "u/:username",
    lazy: withCatalogue("profiles", async () => ({ Component: (await import("@/features/profiles/public-profile-page")).PublicProfilePage })),
  },
  {
    path: "auth/sign-in",
    lazy: withCatalogue("auth", async () => ({ Component: (await import("@/features/auth/sign-in-page")).SignInPage })),
  },
  {
    path: "auth/sign-up",
    lazy: withCatalogue("auth", async () => ({ Component: (await import("@/features/auth/sign-up-page")).SignUpPage })),
  },
  {
    path: "auth/forgot-password",
    lazy: withCatalogue("auth", async () => ({ Component: (await import("@/features/auth/forgot-password-page")).ForgotPasswordPage })),
  },
  {
    path: "auth/reset-password",
    lazy: withCatalogue("auth", async () => ({ Component: (await import("@/features/auth/reset-password-page")).ResetPasswordPage })),
  },
  {
    path: "auth/callback",
    lazy: withCatalogue("auth", async () => ({ Component: (await import("@/features/auth/auth-callback-page")).AuthCallbackPage })),
  },
  {
    path: "*",
    lazy: async () => ({ Component: (await import("./not-found-page")).NotFoundPage }),
  },
];

export function buildRoutes(pages: RouteObject[] = pageRoutes): RouteObject[] {
  return [
    {
      path: "/",
      Component: AppLayout,
      // Last resort, if the shell itself fails.
      errorElement: <RouteErrorPage />,
      children: [
        {
          // A page's error shows inside the shell, so the header and nav stay usable.
          errorElement: <RouteErrorPage />,
          // Shown in the shell's <main> while the first page's chunk loads.
          hydrateFallbackElement: <PageSpinner />,
          children: pages,
        },
      ],
    },
  ];
}

export const routes = buildRoutes();

export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Starts loading the page at `path` — its code and its catalogue — before the router exists; the
 * router's own call of the route's `lazy` then gets the same promise. Over a first screen this
 * puts the `<link rel="modulepreload">` elements Vite's helper appends for the page's chunks in a
 * task of their own instead of inside the router's creation (decision 0199).
 */
export function startLoadingPage(path: string, tree: RouteObject[] = routes): void {
  for (const { route } of matchRoutes(tree, path) ?? []) {
    const load = route.lazy;
    if (typeof load !== "function") continue;
    let loading: ReturnType<typeof load> | undefined = load();
    // The router reports a failure when it takes this promise; until then it is not unhandled.
    loading.catch(() => undefined);
    // Handed over once; a later call (the router trying again after a failure) loads anew.
    route.lazy = () => {
      const taken = loading ?? load();
      loading = undefined;
      return taken;
    };
  }
}
