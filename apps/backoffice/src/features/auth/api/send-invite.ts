import { api } from "../../../lib/api-client";

export interface InviteInput {
  email: string;
  role: "member" | "moderator" | "admin" | "manager" | "accoutant";
}

export const sendInvite = (input: InviteInput) => api.post("/company/invites/", { body: input });

/** Sends every invite; resolves to the number that failed (the company exists already). */
export async function sendInvites(invites: readonly InviteInput[]): Promise<number> {
  const results = await Promise.allSettled(invites.map(sendInvite));
  return results.filter((r) => r.status === "rejected").length;
}
