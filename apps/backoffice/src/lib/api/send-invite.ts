import { errorMessage } from "@certavis/api-client";
import { queryKeys } from "@certavis/api-client/react-query";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api-client";

export interface InviteInput {
  email: string;
  role: "member" | "moderator" | "admin" | "manager" | "accoutant";
  /** Registration: kept (not refused) while the plan has no room, sent once a plan with room is chosen. */
  hold_until_room?: boolean;
}

export const sendInvite = (input: InviteInput) => api.post("/company/invites/", { body: input });

/** One invitation from the team settings; the pending list is read again. */
export const useSendInvite = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendInvite,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.invites });
    },
  });
};

/**
 * Sends the invites one after the other (the plan's member limit then refuses the last ones, not random
 * ones); resolves to how many failed and the distinct reasons the server gave.
 */
export async function sendInvites(
  invites: readonly InviteInput[],
  options: { holdUntilRoom?: boolean } = {},
): Promise<{ failed: number; reasons: string[] }> {
  let failed = 0;
  const reasons = new Set<string>();
  for (const invite of invites) {
    try {
      await sendInvite(options.holdUntilRoom ? { ...invite, hold_until_room: true } : invite);
    } catch (error) {
      failed += 1;
      const reason = errorMessage(error, "");
      if (reason) reasons.add(reason);
    }
  }
  return { failed, reasons: [...reasons] };
}
