import type { Schema } from "@certavis/api-client";
import { messageFromBody } from "@certavis/api-client";
import { fr } from "../../../lib/fr";

export type Withdrawal = Schema<"ReviewWithdrawal">;
export type WithdrawalResult = { ok: true; data: Withdrawal } | { ok: false; message: string };

const PATH = "/api/v1/review/withdrawal/";

async function read(response: Response, fallback: string): Promise<WithdrawalResult> {
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body && typeof body === "object" && "withdrawn" in body)
    return { ok: true, data: body as Withdrawal };
  return { ok: false, message: messageFromBody(body) ?? fallback };
}

/** The review a withdrawal token names (404: unknown link, with the server's French detail). */
export async function getWithdrawal(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<WithdrawalResult> {
  try {
    const response = await fetchImpl(`${PATH}?${new URLSearchParams({ token }).toString()}`, {
      headers: { Accept: "application/json" },
    });
    return await read(response, fr.publicForm.withdrawal.loadError);
  } catch {
    return { ok: false, message: fr.publicForm.withdrawal.loadError };
  }
}

/** Withdraws it (the same answer when already withdrawn). */
export async function confirmWithdrawal(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<WithdrawalResult> {
  try {
    const response = await fetchImpl(PATH, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    return await read(response, fr.publicForm.withdrawal.submitError);
  } catch {
    return { ok: false, message: fr.publicForm.withdrawal.submitError };
  }
}
