import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { PLAIN_SMTP } from "../pipeline/holding-smtp";

export interface AcceptedMail {
  /** The envelope sender (MAIL FROM): tells which instance sent it. */
  from: string;
  to: string;
}

export interface GatedSmtp {
  url: string;
  /** Mails the server answered 250 to (took responsibility for), oldest first. */
  accepted: AcceptedMail[];
  /**
   * From now on a RCPT TO for an address `gated` says yes to is left unanswered: its sender waits in
   * the middle of the send, nothing of the message transmitted yet, until `open()`.
   */
  hold(gated: (address: string) => boolean): void;
  /** The senders (MAIL FROM) of the transactions waiting at the gate, on connections still open. */
  waiting(): string[];
  /** Answers the waiting transactions whose connection is still open and lets every later one through. */
  open(): void;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) whose gate keeps chosen recipients waiting, like a stalled MTA. */
export async function startGatedSmtp(): Promise<GatedSmtp> {
  const accepted: AcceptedMail[] = [];
  let gated: ((address: string) => boolean) | null = null;
  const waiting = new Map<string, { session: SMTPServerSession; answer: () => void }>();
  const closed = new Set<string>();
  const server = new SMTPServer({
    ...PLAIN_SMTP,
    onRcptTo(address, session, callback) {
      if (gated?.(address.address.toLowerCase())) {
        waiting.set(`${session.id}:${address.address}`, { session, answer: () => callback() });
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        for (const rcpt of session.envelope.rcptTo) accepted.push({ from, to: rcpt.address.toLowerCase() });
        callback();
      });
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const live = () => [...waiting.values()].filter(({ session }) => !closed.has(session.id));
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    hold(predicate) {
      gated = predicate;
    },
    waiting: () =>
      live().map(({ session }) => (session.envelope.mailFrom ? session.envelope.mailFrom.address : "")),
    open() {
      gated = null;
      const answers = live();
      waiting.clear();
      for (const { answer } of answers) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
