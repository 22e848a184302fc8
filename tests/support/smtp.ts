// A real SMTP server (smtp-server) on a free loopback port that keeps what it receives.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };
export type TestSmtp = {
  url: string;
  received: ReceivedMail[];
  /** with `holdFirst`: resolves when the first sender's MAIL FROM arrives (it is never answered) */
  firstHeld: Promise<void>;
  stop(): Promise<void>;
};

/**
 * `holdFirst`: the first connection's MAIL FROM is never answered, so its sender hangs
 * mid-send (a test can kill it there); later connections are served.
 */
export async function startTestSmtp(options: { holdFirst?: boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let held = false;
  let announceHeld!: () => void;
  const firstHeld = new Promise<void>((resolve) => (announceHeld = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (options.holdFirst && !held) {
        held = true;
        announceHeld();
        return; // never answered
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    firstHeld,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
