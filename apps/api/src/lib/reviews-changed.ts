type Listener = (companyId: string) => void;

const listeners = new Set<Listener>();

/**
 * Says that a company's public reviews may read differently now (a moderation, a reply, a withdrawal,
 * a certification job): whatever keeps a copy of them in this process drops it. The modules that
 * change reviews call this; the ones that keep copies listen, so neither imports the other.
 */
export function reviewsChanged(companyId: string): void {
  for (const listener of listeners) listener(companyId);
}

/** Listens to `reviewsChanged`; returns the removal of the listener. */
export function onReviewsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
