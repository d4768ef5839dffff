import { formatLongDate } from "../format/date";
import { moderation as m } from "../messages/moderation";

interface ModerationLike {
  mode: "shop" | "certavis";
  since: string | null;
  pending: { mode: "shop" | "certavis"; requested_at: string; effective_at: string } | null;
}

const PARIS = { timeZone: "Europe/Paris" };

/**
 * Who moderates, as the public page, the widget's legal line, the badge and the procedure page say it:
 * 'Modération indépendante par Certavis depuis le 28 novembre 2026', then the change waiting, if any.
 */
export function moderationLabel(value: ModerationLike): {
  who: string;
  line: string;
  pending: string | null;
} {
  const who = value.mode === "certavis" ? m.byCertavis : m.byShop;
  const line = value.since ? `${who} ${m.since(formatLongDate(value.since, PARIS))}` : who;
  const pending =
    value.pending?.mode === "shop"
      ? m.pendingToShop(
          formatLongDate(value.pending.requested_at, PARIS),
          formatLongDate(value.pending.effective_at, PARIS),
        )
      : null;
  return { who, line, pending };
}
