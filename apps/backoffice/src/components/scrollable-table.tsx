import { Table } from "@radix-ui/themes";
import { type ComponentProps, useLayoutEffect, useRef } from "react";

/**
 * A Radix table whose own horizontal scroller (the scroll area Radix puts around the table) is reachable
 * by keyboard and named: a phone scrolls a wide table sideways, and a keyboard or screen-reader user must
 * be able to as well (axe scrollable-region-focusable). `label` names the region, as the caption names
 * the table.
 */
export function ScrollableTable({ label, ...props }: ComponentProps<typeof Table.Root> & { label: string }) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const viewport = root.current?.querySelector<HTMLElement>(".rt-ScrollAreaViewport");
    if (!viewport) return;
    viewport.setAttribute("tabindex", "0");
    viewport.setAttribute("role", "region");
    viewport.setAttribute("aria-label", label);
  }, [label]);
  return <Table.Root ref={root} {...props} />;
}
