import { useEffect, useRef } from "react";

/**
 * A button that loads another part of a long transcript, with its loading state. With `whenVisible` it also loads
 * on its own once scrolled into view (the reader reached the end of what is shown); the button stays for keyboards.
 */
export function TranscriptMore({
  label,
  loadingLabel,
  loading,
  onLoad,
  whenVisible = false,
}: {
  label: string;
  loadingLabel: string;
  loading: boolean;
  onLoad: () => void;
  whenVisible?: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  useEffect(() => {
    const element = button.current;
    // Observed again after each load: its first report says whether the end is still in view.
    if (!whenVisible || loading || !element || typeof IntersectionObserver === "undefined") return;
    // Starts a little before the end is reached, so reading rarely waits.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), {
      rootMargin: "600px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [whenVisible, loading]);

  return (
    <div className="my-3 flex justify-center">
      <button
        ref={button}
        type="button"
        className="btn-secondary"
        onClick={onLoad}
        disabled={loading}
        aria-busy={loading}
      >
        {loading ? loadingLabel : label}
      </button>
    </div>
  );
}
