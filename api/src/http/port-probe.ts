import { StartupError } from "../open-database";

export const portInUseMessage = (port: number) =>
  `Port ${port} is already in use: is another instance running? Stop it or set PORT to a free port.`;

/** Whether an error from listening says the address is taken. */
export const isAddressInUse = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === "EADDRINUSE" || /in use/i.test(String(error));

/**
 * Refuses to start when something already listens on the port. The probe never sets SO_REUSEPORT, so a running
 * group of app processes (which share the port through it) refuses it too.
 */
export function assertPortFree(hostname: string, port: number): void {
  if (port === 0) return;
  let probe: { stop(closeActiveConnections?: boolean): void } | undefined;
  try {
    probe = Bun.listen({ hostname, port, socket: { data() {} } });
  } catch (error) {
    if (isAddressInUse(error)) throw new StartupError(portInUseMessage(port));
    throw error;
  } finally {
    probe?.stop(true);
  }
}
