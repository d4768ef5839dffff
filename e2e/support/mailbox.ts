import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MAIL_DIR } from "./paths";
import type { StoredMail } from "./smtp-capture";

export type { StoredMail };

export function readMails(): StoredMail[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  // A mail still being written is not valid JSON yet: skipped until the next poll.
  return names.sort().flatMap((n) => {
    try {
      return [JSON.parse(readFileSync(join(MAIL_DIR, n), "utf8")) as StoredMail];
    } catch {
      return [];
    }
  });
}

export interface MailQuery {
  to: string;
  subject?: RegExp | string;
  /** Only mails received after this instant (ISO compare). */
  after?: Date;
}

function matches(mail: StoredMail, q: MailQuery): boolean {
  if (!mail.to.includes(q.to.toLowerCase())) return false;
  if (q.after && new Date(mail.receivedAt) < q.after) return false;
  if (q.subject === undefined) return true;
  return typeof q.subject === "string" ? mail.subject.includes(q.subject) : q.subject.test(mail.subject);
}

/** Waits for the newest mail matching the query, as received by the real SMTP server of the run. */
export async function waitForMail(q: MailQuery, timeoutMs = 20_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMails().filter((m) => matches(m, q));
    const last = found[found.length - 1];
    if (last) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${q.to} matching ${String(q.subject ?? "*")} within ${timeoutMs} ms`);
}

/** Every http(s) link of a mail (text part and href attributes), in order, without duplicates. */
export function linksOf(mail: StoredMail): string[] {
  const found = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/&amp;/g, "&")))];
}

/** The first link whose URL contains `fragment` (e.g. "/verify-email", "create-reviews?api_key="). */
export function linkOf(mail: StoredMail, fragment: string): string {
  const link = linksOf(mail).find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in mail "${mail.subject}"`);
  return link;
}

/** The 6-character verification code of a mail (hex, upper-case). */
export function codeOf(mail: StoredMail): string {
  const fromLink = mail.text.match(/verify-email\?code=([0-9A-Fa-f]{6})/);
  const code = fromLink?.[1] ?? mail.text.match(/\b([0-9A-F]{6})\b/)?.[1];
  if (!code) throw new Error(`No verification code in mail "${mail.subject}"`);
  return code.toUpperCase();
}
