import { messageFromBody } from "@certavis/api-client";
import { getJson, type JsonResult } from "@certavis/api-client/typed-fetch";
import { fr } from "../../../lib/fr";
import type { PublicForm } from "./review-form-types";

export type LoadResult = { ok: true; data: PublicForm } | { ok: false; message: string };

export const MAX_LOAD_TRIES = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads the form of a review key (spec §8): a 403 (key invalid, used or expired) shows the server's
 * detail at once; other failures are tried up to 3 times, then 'Impossible de charger le formulaire.'.
 */
export async function getReviewForm(
  apiKey: string,
  options: { fetchImpl?: typeof fetch; retryDelayMs?: number } = {},
): Promise<LoadResult> {
  return loadForm((fetchImpl) => getJson("/review/", { api_key: apiKey }, fetchImpl), options);
}

/** The company's form as a preview (the template editor's test e-mail); an unknown company fails at once. */
export async function getReviewFormPreview(
  companyId: string,
  options: { fetchImpl?: typeof fetch; retryDelayMs?: number } = {},
): Promise<LoadResult> {
  return loadForm((fetchImpl) => getJson("/review/preview/", { company_id: companyId }, fetchImpl), options);
}

async function loadForm(
  get: (fetchImpl: typeof fetch) => Promise<JsonResult<PublicForm>>,
  { fetchImpl = fetch, retryDelayMs = 400 }: { fetchImpl?: typeof fetch; retryDelayMs?: number },
): Promise<LoadResult> {
  for (let attempt = 1; attempt <= MAX_LOAD_TRIES; attempt++) {
    try {
      const result = await get(fetchImpl);
      if (result.ok && result.data && typeof result.data === "object" && "form" in result.data) {
        return { ok: true, data: result.data };
      }
      if (!result.ok && (result.status === 403 || result.status === 404 || result.status === 400)) {
        return { ok: false, message: messageFromBody(result.body) ?? fr.errors.publicForm.loadFailed };
      }
    } catch {
      // network failure: tried again below
    }
    if (attempt < MAX_LOAD_TRIES) await wait(retryDelayMs * attempt);
  }
  return { ok: false, message: fr.errors.publicForm.loadFailed };
}
