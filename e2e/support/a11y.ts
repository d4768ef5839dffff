import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Frame, type Page } from "@playwright/test";
import type { AxeResults, PartialResult, RunOptions } from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The label-in-name check (WCAG 2.5.3: a speech user says what they see) is experimental in axe. */
const WITH_LABEL_IN_NAME: RunOptions = { rules: { "label-content-name-mismatch": { enabled: true } } };

type AxeWindow = Window & { axe: typeof import("axe-core") };
/** An axe context as it crosses into the page (selectors only). */
type Context = { include: unknown[]; exclude: unknown[] };

/** axe in a frame, evaluated once per document (AxeBuilder evaluates its 0.5 MB again at every check). */
async function withAxe(frame: Frame): Promise<void> {
  const present = await frame.evaluate(
    () => typeof (window as unknown as AxeWindow).axe?.runPartial === "function",
  );
  if (!present) await frame.evaluate(AXE_SOURCE);
}

/**
 * `axe.runPartial` in a frame and, depth first, in the frames axe finds inside it: the list `axe.finishRun`
 * expects (a frame that fails counts as null, and its own frames are left out), as @axe-core/playwright
 * builds it.
 */
async function partials(
  frame: Frame,
  context: Context,
  options: RunOptions,
  top: boolean,
): Promise<(PartialResult | null)[]> {
  try {
    await withAxe(frame);
    const frameContexts = (await frame.evaluate(
      (c) => (window as unknown as AxeWindow).axe.utils.getFrameContexts(c as never),
      context,
    )) as unknown as { frameSelector: unknown; frameContext: Context }[];
    const own = await frame.evaluate(
      ([c, o]) => (window as unknown as AxeWindow).axe.runPartial(c as never, o),
      [context, options] as const,
    );
    const children: (PartialResult | null)[] = [];
    for (const { frameSelector, frameContext } of frameContexts) {
      const element = (
        await frame.evaluateHandle(
          (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector as never),
          frameSelector,
        )
      ).asElement();
      const child = await element?.contentFrame().catch(() => null);
      children.push(...(child ? await partials(child, frameContext, options, false) : [null]));
    }
    return [own, ...children];
  } catch (error) {
    if (top) throw error;
    return [null];
  }
}

/**
 * axe on the page and the frames inside it (but those matching `exclude`), as `new AxeBuilder({ page })
 * .exclude(…).analyze()` runs it, at a fraction of the cost: axe is evaluated once per document, and the
 * results are finished in the page itself rather than in a blank page opened for each check (the pages
 * under test are ours).
 */
export async function axeResults(
  page: Page,
  { exclude = [], options = {} }: { exclude?: string[]; options?: RunOptions } = {},
): Promise<AxeResults> {
  // Only violations are read: axe then keeps one node per passed or inapplicable rule instead of all.
  const run: RunOptions = { resultTypes: ["violations"], ...options };
  const context: Context = { include: [], exclude };
  const frame = page.mainFrame();
  await withAxe(frame);
  const framed = await frame.evaluate(
    (c) => (window as unknown as AxeWindow).axe.utils.getFrameContexts(c as never).length > 0,
    context,
  );
  // Without frames, one run in the page: no partial results carried out of it and back.
  if (!framed)
    return page.evaluate(([c, o]) => (window as unknown as AxeWindow).axe.run(c as never, o), [
      context,
      run,
    ] as const);
  const list = await partials(frame, context, run, true);
  return page.evaluate(([results, o]) => (window as unknown as AxeWindow).axe.finishRun(results, o), [
    list,
    options,
  ] as const);
}

/**
 * axe on the page as it is once still: no serious or critical violation (each listed with its elements),
 * including the experimental check that a control's accessible name contains its visible label.
 * `exclude`: selectors of parts checked elsewhere (a preview frame of another page).
 * Dialogs and toasts animate in; axe run mid-animation reads half-faded colours and focus moving into a
 * dialog whose backdrop is not yet in place, so the check waits for running animations to end first.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  { exclude = [] }: { exclude?: string[] } = {},
) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"), null, {
      timeout: 5_000,
    })
    .catch(() => {});
  const results = await axeResults(page, { exclude, options: WITH_LABEL_IN_NAME });
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
