import type { ReactNode } from "react";
import {
  AccountIcon,
  CalendarIcon,
  ClientsIcon,
  DashboardIcon,
  HelpIcon,
  IntelligenceIcon,
  MeetingsIcon,
  TasksIcon,
} from "./nav-icons";

interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
}

/** The signed-in navigation, in the order the sidebar shows it: the spec's four entries and the pages added since. */
export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: <DashboardIcon /> },
  { label: "Clients", href: "/clients", icon: <ClientsIcon /> },
  // Beyond the spec's four entries: every signed-in page is reachable from the menu.
  { label: "Meetings", href: "/meetings", icon: <MeetingsIcon /> },
  { label: "Calendar", href: "/calendar", icon: <CalendarIcon /> },
  { label: "Tasks", href: "/tasks", icon: <TasksIcon /> },
  { label: "Meeting Intelligence", href: "/search", icon: <IntelligenceIcon /> },
  { label: "Account", href: "/account", icon: <AccountIcon /> },
  { label: "Help", href: "/settings", icon: <HelpIcon /> },
];

/** Whether a nav item is the current page: its path or a page below it ("/" is the signed-in dashboard). */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === "/dashboard" && pathname === "/") return true;
  return pathname === href || pathname.startsWith(`${href}/`);
}
