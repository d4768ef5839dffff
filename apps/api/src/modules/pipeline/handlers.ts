import { fr } from "@certavis/i18n-fr/server";
import { detailError } from "../../http/errors";
import { defineHandlers } from "../../http/operation-types";
import { safeEqual } from "../../lib/crypto";
import { applyDsn } from "./bounce";

/** The mail provider's delivery-status notifications (docs/deploy.md, 'Bounces'). */
export const pipelineHandlers = defineHandlers({
  mailBouncesReceive: async (request) => {
    const { ctx } = request.server;
    const secret = ctx.config.bounceWebhookSecret;
    if (!secret) throw detailError(400, fr.server.privacy.bouncesNotConfigured);
    if (!safeEqual(request.query.token, secret)) throw detailError(401, fr.server.privacy.bouncesBadToken);
    const raw = typeof request.body === "string" ? request.body : "";
    const bounces = await applyDsn(ctx.db, ctx.keys, raw, ctx.now(), (message, extra) =>
      request.log.error(extra ?? {}, message),
    );
    return { received: true as const, bounces };
  },
});
