import type { ReactNode } from "react";
import { ClientsIcon, DashboardIcon, HelpIcon, IntelligenceIcon } from "./nav-icons";

interface NavItem {
  label: string;
  href: string;
  icon: ReactNode;
}

/** The signed-in navigation, in the order the sidebar shows it. */
export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", href: "/dashboard", icon: <DashboardIcon /> },
  { label: "Clients", href: "/clients", icon: <ClientsIcon /> },
  { label: "Meeting Intelligence", href: "/search", icon: <IntelligenceIcon /> },
  { label: "Help", href: "/settings", icon: <HelpIcon /> },
];

/** Whether a nav item is the current page: its path or a page below it ("/" is the signed-in dashboard). */
export function isActivePath(href: string, pathname: string): boolean {
  if (href === "/dashboard" && pathname === "/") return true;
  return pathname === href || pathname.startsWith(`${href}/`);
}
