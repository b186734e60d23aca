import { type CSSProperties, type PointerEvent, useRef, useState } from "react";

interface SwipeHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: () => void;
}

/**
 * Swipe-right-to-dismiss: the element follows the pointer to the right, and letting go after at least
 * `threshold` px calls `onDismiss`; a shorter swipe snaps back. Presses on buttons are left alone.
 * `style` sets `--x` (the horizontal offset Ark's toast styles read) while swiping.
 */
export function useSwipeDismiss(onDismiss: () => void, threshold: number) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const reset = () => {
    startX.current = null;
    setOffset(0);
  };

  const handlers: SwipeHandlers = {
    onPointerDown(event) {
      if (event.button !== 0 || (event.target as HTMLElement).closest("button, a")) return;
      startX.current = event.clientX;
      try {
        event.currentTarget.setPointerCapture(event.pointerId);
      } catch {
        // No capture support (or a synthetic pointer): moves are still tracked while over the element.
      }
    },
    onPointerMove(event) {
      if (startX.current === null) return;
      setOffset(Math.max(0, event.clientX - startX.current));
    },
    onPointerUp(event) {
      if (startX.current === null) return;
      const distance = event.clientX - startX.current;
      reset();
      if (distance >= threshold) onDismiss();
    },
    onPointerCancel: reset,
  };

  const style: CSSProperties | undefined =
    offset > 0 ? ({ "--x": `${offset}px`, transitionDuration: "0ms" } as CSSProperties) : undefined;

  return { handlers, style, swiping: offset > 0 };
}
