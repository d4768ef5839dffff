import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe on the page as it is once still: no serious or critical violation (each listed with its elements),
 * including the experimental check that a control's accessible name contains its visible label (WCAG
 * 2.5.3: a speech user says what they see).
 * Dialogs and toasts animate in; axe run mid-animation reads half-faded colours and focus moving into a
 * dialog whose backdrop is not yet in place, so the check waits for running animations to end first.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
