import { Tooltip as ArkTooltip, Portal, useTooltip } from "@ark-ui/react";
import type { PointerEvent, ReactElement, ReactNode } from "react";

/** Spec section 9: tooltips open after 700 ms, with no delay within 300 ms of a previous one closing. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export type TooltipPlacement = "top" | "bottom" | "left" | "right";

// Ark has no app-wide skip-delay provider, so the skip window is tracked here for every tooltip of the page.
let lastClosedAt = Number.NEGATIVE_INFINITY;

export function markTooltipClosed(now = Date.now()): void {
  lastClosedAt = now;
}

/** Whether a tooltip opened now should skip the open delay (a previous one closed less than 300 ms ago). */
export function isWithinSkipWindow(now = Date.now()): boolean {
  return now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
}

/** Resets the skip window (tests). */
export function resetTooltipSkipWindow(): void {
  lastClosedAt = Number.NEGATIVE_INFINITY;
}

/**
 * A tooltip (Ark UI) on a single focusable child: opens on hover after 700 ms, at once on keyboard focus,
 * closes on Escape, and the content is linked to the trigger with aria-describedby.
 */
export function Tooltip({
  content,
  children,
  placement = "top",
  disabled,
}: {
  content: ReactNode;
  /** One element that can hold a ref and take focus (a button or link). */
  children: ReactElement;
  placement?: TooltipPlacement;
  disabled?: boolean;
}) {
  const tooltip = useTooltip({
    openDelay: TOOLTIP_OPEN_DELAY_MS,
    disabled,
    positioning: { placement, gutter: 6 },
    onOpenChange: (details) => {
      if (!details.open) markTooltipClosed();
    },
  });

  // Runs after Ark's own handler has started the open delay; inside the skip window it opens at once.
  const openInstantlyIfRecent = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType === "touch" || disabled || tooltip.open) return;
    if (isWithinSkipWindow()) tooltip.setOpen(true);
  };

  return (
    <ArkTooltip.RootProvider value={tooltip} lazyMount unmountOnExit>
      <ArkTooltip.Trigger asChild onPointerOver={openInstantlyIfRecent}>
        {children}
      </ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className="z-[70] max-w-xs rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.RootProvider>
  );
}
