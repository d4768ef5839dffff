// Radix Themes' <Theme> wraps the whole app in a Tooltip provider, which drags the tooltip, popper and
// floating-ui code into the entry chunk (~12 KB gzip) that /login must load. vite.config.ts points the
// `radix-ui` import of themes/components/theme.js here: the provider becomes a pass-through, and the
// signed-in shell mounts the real one (700 ms delay, 300 ms skip: spec §9) where tooltips are used.
import type { ReactNode } from "react";

export { Direction, Slot } from "radix-ui";

function PassThroughProvider({ children }: { children?: ReactNode; delayDuration?: number }) {
  return children;
}

export const Tooltip = { Provider: PassThroughProvider };
