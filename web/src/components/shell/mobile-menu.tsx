import { Dialog, Portal } from "@ark-ui/react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { FOCUS_RING } from "../ui/focus-ring";
import { CloseIcon, MenuIcon } from "./nav-icons";
import { SidebarContent } from "./sidebar-content";

/** Tailwind's `md` breakpoint: from here on the fixed sidebar replaces the slide-in menu. */
const DESKTOP_QUERY = "(min-width: 48rem)";

const ICON_BUTTON = `rounded-lg p-2 text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`;

/**
 * The mobile menu: an "Open menu" button and a slide-in panel (Ark Dialog: focus trapped, Escape and the
 * backdrop close it). It belongs to the location it was opened on, so any navigation closes it.
 */
export function MobileMenu() {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;

  // Growing the window to desktop width while open would leave a hidden dialog holding the scroll lock.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== "function") return;
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const closeOnDesktop = () => {
      if (desktop.matches) setOpenedAt(null);
    };
    desktop.addEventListener("change", closeOnDesktop);
    return () => desktop.removeEventListener("change", closeOnDesktop);
  }, [open]);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpenedAt(details.open ? location.key : null)}
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger aria-label="Open menu" className={ICON_BUTTON}>
        <MenuIcon />
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-sm md:hidden" />
        <Dialog.Positioner className="fixed inset-y-0 left-0 z-50 flex md:hidden">
          <Dialog.Content className="h-full w-72 max-w-[85vw] bg-white shadow-xl transition-transform duration-200 ease-out focus:outline-none motion-reduce:transition-none starting:-translate-x-full dark:bg-slate-900">
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <SidebarContent
              headerAction={
                <Dialog.CloseTrigger aria-label="Close menu" className={ICON_BUTTON}>
                  <CloseIcon />
                </Dialog.CloseTrigger>
              }
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
