import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { AppLayout } from "./layout";
import { RouteErrorPage } from "./route-error-page";

// Every page is its own chunk: `lazy` imports it on first visit.
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import("@/features/discover/discover-page")).DiscoverPage,
    }),
  },
  {
    // Both editor routes render the same component, so the first save's move from /events/new
    // to /events/:slug/edit keeps the form (and its uploads) mounted.
    path: "events/new",
    lazy: async () => ({ Component: (await import("@/features/editor/event-editor-page")).EventEditorPage }),
  },
  {
    path: "events/:slug/edit",
    lazy: async () => ({ Component: (await import("@/features/editor/event-editor-page")).EventEditorPage }),
  },
  {
    path: "events/:slug",
    lazy: async () => ({ Component: (await import("@/features/events/event-page")).EventPage }),
  },
  {
    path: "events/:slug/manage",
    lazy: async () => ({ Component: (await import("@/features/manage/manage-page")).ManagePage }),
  },
  {
    path: "events/:slug/check-in",
    lazy: async () => ({ Component: (await import("@/features/manage/check-in-page")).CheckInPage }),
  },
  {
    path: "tickets/:id",
    lazy: async () => ({ Component: (await import("@/features/tickets/ticket-page")).TicketPage }),
  },
  {
    path: "admin",
    lazy: async () => ({ Component: (await import("@/features/admin/admin-page")).AdminPage }),
  },
  {
    path: "me",
    lazy: async () => ({ Component: (await import("@/features/me/me-page")).MePage }),
  },
  {
    path: "settings",
    lazy: async () => ({ Component: (await import("@/features/settings/settings-page")).SettingsPage }),
  },
  {
    path: "u/:username",
    lazy: async () => ({ Component: (await import("@/features/profiles/public-profile-page")).PublicProfilePage }),
  },
  {
    path: "auth/sign-in",
    lazy: async () => ({ Component: (await import("@/features/auth/sign-in-page")).SignInPage }),
  },
  {
    path: "auth/sign-up",
    lazy: async () => ({ Component: (await import("@/features/auth/sign-up-page")).SignUpPage }),
  },
  {
    path: "auth/forgot-password",
    lazy: async () => ({
      Component: (await import("@/features/auth/forgot-password-page")).ForgotPasswordPage,
    }),
  },
  {
    path: "auth/reset-password",
    lazy: async () => ({
      Component: (await import("@/features/auth/reset-password-page")).ResetPasswordPage,
    }),
  },
  {
    path: "auth/callback",
    lazy: async () => ({ Component: (await import("@/features/auth/auth-callback-page")).AuthCallbackPage }),
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
