/** A recipient a delivery-status notification (RFC 3464) says the mail could not reach. */
export interface DsnFailure {
  /** Lower-cased. */
  recipient: string;
  /** The enhanced status code (`5.1.1`). */
  status: string;
}

/** The header every queued e-mail carries: a DSN quoting the original headers names its delivery. */
export const DELIVERY_HEADER = "X-Certavis-Delivery";

export interface ReadDsn {
  failures: DsnFailure[];
  /** The e-mail the DSN is about (from the quoted original headers), when it quotes them. */
  deliveryId: string | null;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const DELIVERY = new RegExp(`^${DELIVERY_HEADER}:\\s*(${UUID})\\s*$`, "im");

/** `Name: value` fields of one block, names lower-cased, folded lines joined. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/**
 * The failed recipients of a DSN as received (the raw `multipart/report` message): each per-recipient
 * block of its `message/delivery-status` part with `Action: failed` and a 5.x.x `Status`, and the
 * delivery id of the quoted original headers (`text/rfc822-headers` or `message/rfc822`, as MTAs send
 * them unencoded). Anything else reads as no failure.
 */
export function readDsn(raw: string): ReadDsn {
  const failures: DsnFailure[] = [];
  for (const block of raw.split(/\r?\n\s*\r?\n/)) {
    const fields = fieldsOf(block);
    if (fields.get("action")?.toLowerCase() !== "failed") continue;
    const status = /^(5\.\d{1,3}\.\d{1,3})\b/.exec(fields.get("status") ?? "")?.[1];
    const recipient = /^rfc822\s*;\s*<?([^\s<>]+@[^\s<>]+?)>?$/i.exec(
      fields.get("final-recipient") ?? "",
    )?.[1];
    if (status && recipient) failures.push({ recipient: recipient.toLowerCase(), status });
  }
  return { failures, deliveryId: DELIVERY.exec(raw)?.[1]?.toLowerCase() ?? null };
}
