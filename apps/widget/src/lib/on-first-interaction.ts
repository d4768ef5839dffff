const EVENTS = ["pointerover", "pointerdown", "focusin", "keydown"] as const;

/** Runs `task` once, at the visitor's first pointer (mouse, pen or touch), focus or key in the document. */
export function onFirstInteraction(doc: Document, task: () => void): () => void {
  const run = () => {
    stop();
    task();
  };
  const stop = () => {
    for (const type of EVENTS) doc.removeEventListener(type, run, true);
  };
  for (const type of EVENTS) doc.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
