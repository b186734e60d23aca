// @cm/web/server: what the API's server renderer needs from the web package.
export { THEME_INIT_SCRIPT } from "../components/theme/theme-script";
export { AUTH_KEY } from "../lib/auth-context";
export { matchPage } from "../lib/match-page";
export { MISSING_KEYS } from "../lib/missing-data";
export { PAGE_REDIRECTS } from "../routes";
export { type BuildManifest, PAGE_HEADERS, renderPageStream } from "./render-page";
