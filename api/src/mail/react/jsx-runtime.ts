/** JSX runtime for the mail templates (see load-react.ts for why it is not imported from "react" directly). */
import type * as Runtime from "react/jsx-runtime";
import { loadReactModule } from "./load-react";

export type { JSX } from "react/jsx-runtime";

const runtime = loadReactModule<typeof Runtime>("react/jsx-runtime");

export const jsx = runtime.jsx;
export const jsxs = runtime.jsxs;
export const Fragment = runtime.Fragment;
