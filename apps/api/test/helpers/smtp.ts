import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The message as received (headers and body), for signature checks. */
  raw: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link found in the text and HTML parts. */
  links: string[];
  /** Header values as sent (unfolded), by lower-cased name; the last one when repeated. */
  headers: Record<string, string>;
  receivedAt: Date;
}

export interface TestSmtp {
  url: string;
  port: number;
  /** Oldest first. */
  messages: ReceivedMail[];
  /** Resolves with the first (already received or coming) mail matching `predicate`. */
  waitForMail(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Recipients refused at `RCPT TO`, by reply code. */
  refuse?: RcptRefusal;
  /** Messages refused after `DATA` (the recipients accepted first), by reply code. */
  refuseData?: RcptRefusal;
  /** The reply code to refuse the sender with at `MAIL FROM` (550, 553…), or null. */
  refuseSender?: () => number | null;
  /** With `auth`: the reply code to refuse the credentials with (535), or null to accept them. */
  refuseAuth?: () => number | null;
  /** Mails sent to `address` (case-insensitive), oldest first. */
  mailsTo(address: string): ReceivedMail[];
  clear(): void;
  close(): Promise<void>;
}

const LINK = /https?:\/\/[^\s"'<>)]+/g;

/** The SMTP reply code to refuse `address` with at `RCPT TO` (550 permanent, 450 temporary), or null. */
export type RcptRefusal = (address: string) => number | null;

/** An SMTP error reply with `code` (smtp-server answers `code message`). */
const replyError = (code: number, message: string) =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * A real SMTP server (smtp-server) on a free port, parsing every message with mailparser; `refuse`
 * makes it refuse chosen recipients at `RCPT TO`, `refuseData` their message after `DATA`,
 * `refuseSender` the sender at `MAIL FROM`, `refuseAuth` the credentials (with `auth`: the URL then
 * carries them and the server requires them); all can be set later on the returned object.
 */
export async function startTestSmtp(
  options: { refuse?: RcptRefusal; auth?: { user: string; pass: string } } = {},
): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  // Read at each command, so a test may change the refusals on the returned object.
  const handle: Pick<TestSmtp, "refuse" | "refuseData" | "refuseSender" | "refuseAuth"> = {
    refuse: options.refuse,
  };
  const waiters = new Set<() => void>();
  const { auth } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    logger: false,
    onAuth(credentials, _session, callback) {
      const code = handle.refuseAuth?.() ?? null;
      if (code !== null) return callback(replyError(code, "Identifiants refusés"));
      if (credentials.username !== auth?.user || credentials.password !== auth?.pass)
        return callback(replyError(535, "Identifiants refusés"));
      callback(null, { user: credentials.username });
    },
    onMailFrom(_address, _session, callback) {
      const code = handle.refuseSender?.() ?? null;
      if (code === null) return callback();
      callback(replyError(code, "Expéditeur refusé"));
    },
    onRcptTo(address, _session, callback) {
      const code = handle.refuse?.(address.address.toLowerCase()) ?? null;
      if (code === null) return callback();
      // Quoting the address, as receiving servers do ("550 5.1.1 <x@y>: Recipient address rejected").
      callback(
        replyError(code, `<${address.address}>: ${code >= 500 ? "Boîte inconnue" : "Réessayez plus tard"}`),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on("end", () => resolve(Buffer.concat(chunks)));
        stream.on("error", reject);
      })
        .then((raw) => {
          const recipient = session.envelope.rcptTo[0]?.address.toLowerCase() ?? "";
          const code = handle.refuseData?.(recipient) ?? null;
          if (code === null) return raw;
          throw replyError(code, code >= 500 ? "Message refusé" : "Réessayez plus tard");
        })
        .then(async (raw) => ({ raw, parsed: await simpleParser(raw) }))
        .then(({ raw, parsed }) => {
          const html = typeof parsed.html === "string" ? parsed.html : "";
          const text = parsed.text ?? "";
          const toList = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) =>
            a.value.map((v) => (v.address ?? "").toLowerCase()),
          );
          messages.push({
            raw: raw.toString("utf8"),
            to: toList,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text,
            html,
            links: [...new Set([...(text.match(LINK) ?? []), ...(html.match(LINK) ?? [])])].map((l) =>
              l.replace(/&amp;/g, "&"),
            ),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key,
                line
                  .slice(line.indexOf(":") + 1)
                  .replace(/\r?\n[ \t]+/g, " ")
                  .trim(),
              ]),
            ),
            receivedAt: new Date(),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : "";
  const rest: Omit<TestSmtp, "refuse" | "refuseData" | "refuseSender" | "refuseAuth"> = {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    mailsTo: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    clear: () => {
      messages.length = 0;
    },
    waitForMail(predicate = () => true, timeoutMs = 5_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms (received: ${messages.map((m) => m.subject).join(" | ")})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return Object.assign(handle, rest);
}
