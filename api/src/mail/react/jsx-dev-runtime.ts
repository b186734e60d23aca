/** Development JSX runtime for the mail templates (Bun uses it outside production; see load-react.ts). */
import type * as DevRuntime from "react/jsx-dev-runtime";
import { loadReactModule } from "./load-react";

export type { JSX } from "react/jsx-dev-runtime";

const runtime = loadReactModule<typeof DevRuntime>("react/jsx-dev-runtime");

export const jsxDEV = runtime.jsxDEV;
export const Fragment = runtime.Fragment;
