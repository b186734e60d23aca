import type { ComponentType } from "react";
import { ALL_MEETINGS_KEY, calendarMonthKey, RECENT_MEETINGS_KEY } from "./lib/meeting-keys";

export type Access = "public" | "protected" | "any";

export interface PageRoute {
  /** react-router path pattern. */
  path: string;
  access: Access;
  /** Shown inside the signed-in navigation shell. */
  shell: boolean;
  /** Module source name, used to find the page's chunk in the build manifest. */
  module: string;
  load: () => Promise<{ default: ComponentType }>;
  /** SWR keys (GET /api/* paths) the server loads so the first HTML shows the data. */
  data?: (params: Record<string, string | undefined>, search: URLSearchParams) => string[];
  /** HTTP status of the rendered page. */
  status?: number;
}

// Order matters only for the catch-all, which comes last.
export const pageRoutes: PageRoute[] = [
  { path: "/", access: "any", shell: false, module: "home-page", load: () => import("./pages/home-page") },
  { path: "/login", access: "public", shell: false, module: "login-page", load: () => import("./pages/login-page") },
  {
    path: "/register",
    access: "public",
    shell: false,
    module: "register-page",
    load: () => import("./pages/register-page"),
    data: () => ["/api/payments/plans"],
  },
  { path: "/logout", access: "any", shell: false, module: "logout-page", load: () => import("./pages/logout-page") },
  {
    path: "/checkout",
    access: "protected",
    shell: true,
    module: "checkout-page",
    load: () => import("./pages/checkout-page"),
    data: () => ["/api/payments/plans"],
  },
  {
    path: "/payment-success",
    access: "protected",
    shell: true,
    module: "payment-success-page",
    load: () => import("./pages/payment-success-page"),
  },
  {
    path: "/dashboard",
    access: "protected",
    shell: true,
    module: "dashboard-page",
    load: () => import("./pages/dashboard-page"),
    data: () => ["/api/stats", RECENT_MEETINGS_KEY, "/api/clients"],
  },
  {
    path: "/meetings",
    access: "protected",
    shell: true,
    module: "meetings-page",
    load: () => import("./pages/meetings-page"),
    data: () => [ALL_MEETINGS_KEY, "/api/clients"],
  },
  {
    path: "/meetings/:id",
    access: "protected",
    shell: true,
    module: "meeting-detail-page",
    load: () => import("./pages/meeting-detail-page"),
    data: (params) =>
      /^\d+$/.test(params.id ?? "") ? [`/api/meetings/${params.id}`, `/api/notes/meeting/${params.id}`] : [],
  },
  {
    path: "/clients",
    access: "protected",
    shell: true,
    module: "clients-page",
    load: () => import("./pages/clients-page"),
    data: () => ["/api/clients"],
  },
  {
    path: "/calendar",
    access: "protected",
    shell: true,
    module: "calendar-page",
    load: () => import("./pages/calendar-page"),
    // The server's current month; a browser in a month the server is not yet (or no longer) in fetches its own.
    data: () => [calendarMonthKey(new Date())],
  },
  {
    path: "/search",
    access: "protected",
    shell: true,
    module: "search-page",
    load: () => import("./pages/search-page"),
  },
  { path: "/terms", access: "public", shell: false, module: "terms-page", load: () => import("./pages/terms-page") },
  { path: "/settings", access: "protected", shell: true, module: "help-page", load: () => import("./pages/help-page") },
  {
    path: "*",
    access: "protected",
    shell: true,
    module: "not-found-page",
    status: 404,
    load: () => import("./pages/not-found-page"),
  },
];
