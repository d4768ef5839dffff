import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface AcceptedMail {
  from: string;
  to: string;
  subject: string;
}

export interface HoldingSmtp {
  url: string;
  /** Mails the server answered 250 to (taken responsibility for), oldest first. */
  accepted: AcceptedMail[];
  /**
   * From now on every message is read in full but never answered (the client waits for the reply):
   * the moment a sender can crash with its mail transmitted but not accepted. Resolves when the first
   * one is held.
   */
  hold(): Promise<void>;
  /** Messages are answered (accepted) again; the held ones never are. */
  release(): void;
  waitForAccepted(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** smtp-server without TLS nor authentication, quick to close: the test servers' common options. */
export const PLAIN_SMTP = {
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  closeTimeout: 200,
  disableReverseLookup: true,
} satisfies SMTPServerOptions;

/** A real SMTP server (smtp-server) that can hold one message unanswered, like a stalled MTA. */
export async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const accepted: AcceptedMail[] = [];
  let holding = false;
  let onHeld: (() => void) | null = null;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    ...PLAIN_SMTP,
    onData(stream, session, callback) {
      const held = holding;
      simpleParser(stream)
        .then((parsed) => {
          if (held) {
            onHeld?.();
            return; // never answered: the sender's connection dies with it
          }
          const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
            .flatMap((a) => a.value.map((v) => v.address ?? ""))
            .join(",");
          accepted.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: to.toLowerCase(),
            subject: parsed.subject ?? "",
          });
          callback();
          for (const wake of waiters) wake();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    hold: () =>
      new Promise<void>((resolve) => {
        holding = true;
        onHeld = resolve;
      }),
    release: () => {
      holding = false;
    },
    waitForAccepted: (count, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (accepted.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${accepted.length} of ${count} mails accepted after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
