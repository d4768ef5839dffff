import { unauthorized } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import type { AuthenticatedUser } from "../../http/request-context";
import { changePassword } from "./change-password";
import { currentUserView } from "./current-user";
import { deleteAccount } from "./delete-account";
import { updateProfile } from "./update-profile";

function signedIn(user: AuthenticatedUser | null): AuthenticatedUser {
  if (!user) throw unauthorized();
  return user;
}

/** The current user: read, profile / e-mail / password change, account deletion. */
export const userHandlers = defineHandlers({
  usersMeGet: async (request) =>
    currentUserView(request.server.ctx, signedIn(request.user), request.membership),
  usersMeUpdate: async (request) => {
    const user = signedIn(request.user);
    const body = request.body;
    if ("current_password" in body) return changePassword(request, user, body);
    const updated = await updateProfile(request, user, body);
    return currentUserView(request.server.ctx, updated, request.membership);
  },
  usersMeDelete: async (request, reply) => {
    await deleteAccount(request, signedIn(request.user), request.membership, request.body.password);
    return reply.code(204).send();
  },
});
