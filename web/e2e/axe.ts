// axe-core in the page, for the browser suites: WCAG 2.0/2.1 A and AA, colour contrast included.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  help: string;
  nodes: string[];
}

/** Runs axe-core on the page as it is now; returns one readable line per violation and node. */
export async function audit(page: Page, label: string): Promise<string[]> {
  // Transitions (theme, hover) must be over before colours are read.
  await page.waitForTimeout(150);
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses an injected inline script.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    })) as {
      violations: { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`),
    }));
  });
  return (violations as AxeViolation[]).flatMap((v) => v.nodes.map((node) => `${label}: ${v.id} (${v.help}) ${node}`));
}
