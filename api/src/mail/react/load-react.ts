import { createRequire } from "node:module";

/**
 * The api package does not list react itself; react (and react-dom) are installed as peer dependencies of
 * @react-email/render. Loading them from there gives the templates the very React the renderer uses, without
 * importing the web package. Once api/package.json lists react, this folder can go and the pragmas with it.
 */
const requireFromRenderer = createRequire(import.meta.resolve("@react-email/render"));

export function loadReactModule<T>(id: "react/jsx-runtime" | "react/jsx-dev-runtime"): T {
  return requireFromRenderer(id) as T;
}
