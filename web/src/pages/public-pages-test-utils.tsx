import type { PublicUser } from "@cm/api/models";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import { AuthStateFromSwr } from "../lib/data-layer";

export const signedInUser: PublicUser = {
  id: 7,
  username: "avery",
  email: "avery@example.com",
  fullName: "Avery Stone",
  firstName: "Avery",
  lastName: "Stone",
  role: "user",
  profileImageUrl: null,
  subscriptionPlan: "free",
};

/** Renders a page inside a router and an SWR cache seeded with the auth state (no network). */
export function renderPage(page: ReactNode, user: PublicUser | null = null, path = "/") {
  return render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { "/api/auth/user": { authenticated: user !== null, user } },
        revalidateOnMount: false,
        revalidateOnFocus: false,
      }}
    >
      <AuthStateFromSwr>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </AuthStateFromSwr>
    </SWRConfig>,
  );
}

export const hrefs = (view: ReturnType<typeof render>) =>
  view.getAllByRole("link").map((a) => a.getAttribute("href") ?? "");
