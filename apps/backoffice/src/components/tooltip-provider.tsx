import { Tooltip } from "radix-ui";
import type { ReactNode } from "react";

/** Tooltips of the signed-in app: 700 ms before showing, 300 ms skip between neighbours (spec §9). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </Tooltip.Provider>
  );
}
