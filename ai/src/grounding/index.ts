// @cm/ai/grounding: turns any engine's summary draft into the stored summary, every item with its transcript moment.
export { groundSummary } from "./ground-summary";
