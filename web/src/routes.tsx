import type { ComponentType } from "react";
import { ACCOUNT_SETTINGS_KEY } from "./lib/account-keys";
import { actionItemsKey } from "./lib/action-item-keys";
import { PRODUCT_NAME } from "./lib/brand";
import { ALL_MEETINGS_KEY, calendarMonthKey, RECENT_MEETINGS_KEY } from "./lib/meeting-keys";
import { meetingIdOf, meetingKey, meetingPageKeys } from "./lib/meeting-page-keys";
import { pageTitle } from "./lib/page-title";
import { paymentSessionKey } from "./lib/payment-keys";

type Access = "public" | "protected" | "any";

export interface PageRoute {
  /** react-router path pattern. */
  path: string;
  access: Access;
  /** Shown inside the signed-in navigation shell. */
  shell: boolean;
  /**
   * A full load renders it without the data layer (SWR, lib/data-layer.tsx), which is then not loaded: only
   * the landing page, which the server shows to visitors alone.
   */
  withoutDataLayer?: true;
  /** Module source name, used to find the page's chunk in the build manifest. */
  module: string;
  load: () => Promise<{ default: ComponentType }>;
  /** SWR keys (GET /api/* paths) the server loads so the first HTML shows the data. */
  data?: (params: Record<string, string | undefined>, search: URLSearchParams) => string[];
  /**
   * A page about one thing named in its path (a meeting): the GET path of that thing, or null when the path's id can
   * name nothing. The server loads it before answering, and answers 404 with the page's own not-found content when
   * the API answers 404 (unknown, or another account's) or the id names nothing.
   */
  subject?: (params: Record<string, string | undefined>) => string | null;
  /** HTTP status of the rendered page. */
  status?: number;
  /**
   * The document title. Left out by a page whose title depends on its data (a meeting's title): that page
   * renders its own <PageTitle>.
   */
  title?: string;
}

/**
 * Addresses a user may type for a page that lives elsewhere: the server answers a redirect, a link in the app
 * navigates on. Help is the spec's /settings; /help is where people look for it.
 */
export const PAGE_REDIRECTS: ReadonlyMap<string, string> = new Map([["/help", "/settings"]]);

// Order matters only for the catch-all, which comes last.
export const pageRoutes: PageRoute[] = [
  {
    path: "/",
    title: `${PRODUCT_NAME} · AI meeting notes for client advisors`,
    access: "any",
    shell: false,
    withoutDataLayer: true,
    module: "home-page",
    load: () => import("./pages/home-page"),
  },
  {
    path: "/login",
    title: pageTitle("Sign in"),
    access: "public",
    shell: false,
    module: "login-page",
    load: () => import("./pages/login-page"),
  },
  {
    path: "/register",
    title: pageTitle("Create your account"),
    access: "public",
    shell: false,
    module: "register-page",
    load: () => import("./pages/register-page"),
    data: () => ["/api/payments/plans"],
  },
  {
    path: "/logout",
    title: pageTitle("Signing out"),
    access: "any",
    shell: false,
    module: "logout-page",
    load: () => import("./pages/logout-page"),
  },
  {
    path: "/checkout",
    title: pageTitle("Choose a plan"),
    access: "protected",
    shell: true,
    module: "checkout-page",
    load: () => import("./pages/checkout-page"),
    data: () => ["/api/payments/plans"],
  },
  {
    path: "/payment-success",
    // The spec's name for the page: what it confirms depends on the payment.
    title: pageTitle("Payment confirmation"),
    access: "protected",
    shell: true,
    module: "payment-success-page",
    load: () => import("./pages/payment-success-page"),
    data: (_params, search) => {
      const session = paymentSessionKey(search);
      return ["/api/payments/plans", ...(session ? [session] : [])];
    },
  },
  {
    path: "/dashboard",
    title: pageTitle("Dashboard"),
    access: "protected",
    shell: true,
    module: "dashboard-page",
    load: () => import("./pages/dashboard-page"),
    data: () => ["/api/stats", RECENT_MEETINGS_KEY, "/api/clients"],
  },
  {
    path: "/meetings",
    title: pageTitle("Meetings"),
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
    subject: (params) => {
      const id = meetingIdOf(params.id);
      return id === null ? null : meetingKey(id);
    },
    data: (params) => {
      const id = meetingIdOf(params.id);
      return id === null ? [] : meetingPageKeys(id);
    },
  },
  {
    path: "/record",
    title: pageTitle("Record meeting"),
    access: "protected",
    shell: true,
    module: "record-page",
    load: () => import("./pages/record-page"),
    data: (_params, search) => {
      const planned = search.get("meetingId");
      return ["/api/clients", ...(planned && /^\d+$/.test(planned) ? [`/api/meetings/${planned}`] : [])];
    },
  },
  {
    path: "/clients",
    title: pageTitle("Clients"),
    access: "protected",
    shell: true,
    module: "clients-page",
    load: () => import("./pages/clients-page"),
    data: () => ["/api/clients"],
  },
  {
    path: "/calendar",
    title: pageTitle("Calendar"),
    access: "protected",
    shell: true,
    module: "calendar-page",
    load: () => import("./pages/calendar-page"),
    // The server's current month; a browser in a month the server is not yet (or no longer) in fetches its own.
    data: () => [calendarMonthKey(new Date()), "/api/meetings/schedule/suggestions", "/api/calendar/feed"],
  },
  {
    path: "/account",
    title: pageTitle("Account"),
    access: "protected",
    shell: true,
    module: "account-page",
    load: () => import("./pages/account-page"),
    data: () => [ACCOUNT_SETTINGS_KEY, "/api/clients"],
  },
  {
    path: "/tasks",
    title: pageTitle("Tasks"),
    access: "protected",
    shell: true,
    module: "tasks-page",
    load: () => import("./pages/tasks-page"),
    data: () => [actionItemsKey("open")],
  },
  {
    path: "/search",
    title: pageTitle("Meeting Intelligence"),
    access: "protected",
    shell: true,
    module: "search-page",
    load: () => import("./pages/search-page"),
  },
  {
    path: "/terms",
    title: pageTitle("Terms of Service"),
    access: "public",
    shell: false,
    module: "terms-page",
    load: () => import("./pages/terms-page"),
  },
  {
    path: "/settings",
    title: pageTitle("Help"),
    access: "protected",
    shell: true,
    module: "help-page",
    load: () => import("./pages/help-page"),
  },
  {
    path: "*",
    title: pageTitle("Page not found"),
    access: "protected",
    shell: true,
    module: "not-found-page",
    status: 404,
    load: () => import("./pages/not-found-page"),
  },
];
