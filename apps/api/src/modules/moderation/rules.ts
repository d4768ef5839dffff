import { REJECTION_REASONS, REPORT_REASONS } from "@certavis/domain";
import { fr } from "@certavis/i18n-fr/server";
import type { SchemaOf } from "../../http/operation-types";

/** The public removal rules (`/regles-de-moderation`, `GET /public/moderation-rules/`). */
export function moderationRules(): SchemaOf<"ModerationRules"> {
  return {
    reasons: REJECTION_REASONS.map((code) => ({
      code,
      label: fr.certification.reasons[code],
      covers: fr.server.moderation.rules.covers[code],
    })),
    report_reasons: REPORT_REASONS.map((code) => ({ code, label: fr.moderation.report.reasons[code] })),
  };
}
