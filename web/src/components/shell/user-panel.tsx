import { Avatar } from "@ark-ui/react";
import { useNavigate } from "react-router";
import { displayName, useAuth } from "../../lib/auth-context";
import { DEFAULT_ROLE_LABEL } from "../../lib/brand";
import { SIGN_OUT_NOW } from "../../lib/sign-out";
import { ThemeToggle } from "../theme/theme-toggle";
import { FOCUS_RING } from "../ui/focus-ring";
import { LogoutIcon } from "./nav-icons";

/** Profile image when the user has one (falls back to the initial if it fails to load), else the initial. */
function UserAvatar({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const initial = name.trim().charAt(0).toUpperCase() || "U";
  return (
    <Avatar.Root className="relative flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-100 ring-2 ring-white dark:bg-indigo-950 dark:ring-slate-900">
      <Avatar.Fallback
        aria-hidden="true"
        className="text-sm font-semibold text-indigo-700 dark:text-indigo-200"
        data-testid="avatar-initial"
      >
        {initial}
      </Avatar.Fallback>
      {imageUrl ? <Avatar.Image src={imageUrl} alt="" className="h-full w-full object-cover" /> : null}
    </Avatar.Root>
  );
}

/** Bottom of the navigation: who is signed in, their role, the theme choice and the logout button. */
export function UserPanel() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <div className="space-y-3 border-t border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-center gap-3">
        <UserAvatar name={name} imageUrl={user?.profileImageUrl ?? null} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-slate-100" title={name}>
            {name}
          </p>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{DEFAULT_ROLE_LABEL}</p>
        </div>
        <button
          type="button"
          aria-label="Log out"
          title="Log out"
          onClick={() => navigate("/logout", { state: SIGN_OUT_NOW })}
          className={`shrink-0 rounded-lg p-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white ${FOCUS_RING}`}
        >
          <LogoutIcon />
        </button>
      </div>
      <ThemeToggle />
    </div>
  );
}
