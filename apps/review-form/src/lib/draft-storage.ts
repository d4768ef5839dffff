/**
 * The shopper's answers are kept in localStorage per review key until the review is sent, so a reload
 * (or a closed tab) never loses what they typed. Files cannot be stored and are chosen again.
 */
export interface Draft {
  answers: Record<string, unknown>;
  page: number;
}

const PREFIX = "certavis.review-draft.";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(apiKey: string): Draft | null {
  try {
    const raw = storage()?.getItem(PREFIX + apiKey);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (!draft || typeof draft.answers !== "object" || draft.answers === null) return null;
    return { answers: draft.answers, page: typeof draft.page === "number" ? draft.page : 0 };
  } catch {
    return null;
  }
}

export function saveDraft(apiKey: string, draft: Draft): void {
  try {
    storage()?.setItem(PREFIX + apiKey, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form keeps working without it
  }
}

export function clearDraft(apiKey: string): void {
  try {
    storage()?.removeItem(PREFIX + apiKey);
  } catch {
    // nothing to clear
  }
}
