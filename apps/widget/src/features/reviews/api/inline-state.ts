import { jsonForScript } from "@certavis/domain";
import type { WidgetState } from "./public-reviews";

/** Id of the `<script type="application/json">` in which the server inlines the first state. */
export const INLINE_STATE_ID = "certavis-state";

/** Serialises a state for an inline JSON script: no text can close the script. */
export function serializeInlineState(state: WidgetState): string {
  return jsonForScript(state);
}

export function readInlineState(doc: Document = document): WidgetState | null {
  const text = doc.getElementById(INLINE_STATE_ID)?.textContent;
  if (!text?.trim()) return null;
  try {
    const state = JSON.parse(text) as WidgetState;
    return state && (state.kind === "ready" || state.kind === "error") ? state : null;
  } catch {
    return null;
  }
}
