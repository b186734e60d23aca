// @cm/ai: the engines' shared types. Each capability has its own entry: @cm/ai/transcript, /search, /openai,
// /local, /audio and more (see package.json "exports").

export { StepClock } from "./step-clock";
export * from "./types";
