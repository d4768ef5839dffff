/**
 * Until the interactive widget has taken over, a click on one of the page's buttons is held and
 * played again once it has (hydration keeps the same elements), so the visitor's first click is
 * never lost while the script arrives. Links work without script and are left alone.
 * Returns the function that releases the held click.
 */
export function holdClicks(doc: Document): () => void {
  let held: HTMLElement | null = null;
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("button");
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
  };
  doc.addEventListener("click", onClick, true);
  return () => {
    doc.removeEventListener("click", onClick, true);
    const button = held;
    held = null;
    button?.click();
  };
}
