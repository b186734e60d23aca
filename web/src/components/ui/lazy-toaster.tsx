import { type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import { isToasterRequested, subscribeToasterRequest, toasterLoadFailed } from "../../lib/toast";

const notRequestedOnServer = () => false;

/**
 * Mounts the app's `<Toaster />` once the first toast is asked for: its code (Ark UI's toast machine) is
 * fetched then, not with the page. Renders nothing before, on the server and on the client alike.
 */
export function LazyToaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, notRequestedOnServer);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!requested || Toaster) return;
    let current = true;
    import("./toaster").then(
      (module) => {
        if (current) setToaster(() => module.Toaster);
      },
      (error: unknown) => {
        console.warn("the toaster could not be loaded", error);
        toasterLoadFailed();
      },
    );
    return () => {
      current = false;
    };
  }, [requested, Toaster]);
  return Toaster ? <Toaster /> : null;
}
