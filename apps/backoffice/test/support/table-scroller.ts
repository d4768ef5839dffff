import { within } from "@testing-library/react";
import { expect } from "vitest";

/**
 * The sideways scroller of a table, as `ScrollableTable` makes it: a region named `name`, in the tab
 * order (tabindex 0), holding the table. On a phone a wide table scrolls inside it, and a keyboard user
 * must be able to scroll it too (axe scrollable-region-focusable).
 */
export function expectTableScroller(container: HTMLElement, name: string) {
  const scroller = within(container).getByRole("region", { name });
  expect(scroller).toHaveAttribute("tabindex", "0");
  expect(within(scroller).getByRole("table")).toBeInTheDocument();
  return scroller;
}
