import { inject } from "vitest";

/** A mail as the test API's SMTP server parsed it (api/test/helpers/smtp.ts ReceivedMail, over JSON). */
export interface SeededMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

async function mailsTo(to: string): Promise<SeededMail[]> {
  const response = await fetch(`${inject("seedUrl")}/mails`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ to }),
  });
  if (!response.ok) throw new Error(`seed /mails failed: ${await response.text()}`);
  return (await response.json()) as SeededMail[];
}

/**
 * The newest mail to `to` whose subject contains `subject`, as received by the real SMTP server of the
 * test API; `after` skips the ones already there (count of matching mails seen before).
 */
export async function waitForMail(
  to: string,
  subject: string,
  { after = 0, timeoutMs = 8_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<SeededMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const matching = (await mailsTo(to)).filter((m) => m.subject.includes(subject));
    const last = matching[matching.length - 1];
    if (last && matching.length > after) return last;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many mails to `to` with `subject` already arrived (pass it as `after` to wait for the next one). */
export async function countMails(to: string, subject: string): Promise<number> {
  return (await mailsTo(to)).filter((m) => m.subject.includes(subject)).length;
}

/** The 6-character verification code of a mail (from its /verify-email?code= link). */
export function codeOf(mail: SeededMail): string {
  const code = mail.text.match(/verify-email\?code=([0-9A-F]{6})/i)?.[1];
  if (!code) throw new Error(`No verification code in "${mail.subject}"`);
  return code.toUpperCase();
}

/** The path and query of the first link containing `fragment` (the app runs in a memory router). */
export function linkPathOf(mail: SeededMail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in "${mail.subject}"`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
