// Local Peppol access point stand-in (the embedded default when EINVOICE_AP_URL is unset;
// refused with APP_ENV=production). It plays the provider's side of the contract
// server/einvoices/access-point.ts speaks: POST <base>/documents takes a UBL document,
// validates it the same way the app does (server/einvoices validateUbl) and answers with a
// receipt; GET <base>/documents/<messageId> tells an accepted document's fate. What it does
// with the next documents is set by `mode` (or setMode, for tests):
// - deliver (default): 200 {status: "delivered"} at once;
// - accept: 202 {status: "accepted"}; the status query then answers delivered;
// - reject: 422 {status: "rejected", reason} (the buyer is not reachable in the network);
// - timeout: never answers (until the stand-in closes), so the client's timeout fires;
// - unavailable: 503, to be retried.
// A document that breaks a fatal rule is rejected whatever the mode, with the rule ids.
// The same document sent twice (same Idempotency-Key) gets the same message id.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { validateUbl } from "../../einvoices";
import { refuseInProduction } from "../guard";

export type AccessPointMode = "deliver" | "accept" | "reject" | "timeout" | "unavailable";

export type AccessPointStandInOptions = { token: string; production: boolean; mode?: AccessPointMode };

export type ReceivedDocument = {
  messageId: string;
  number: string;
  receiver: string;
  sender: string;
  status: "accepted" | "delivered" | "rejected";
  reason?: string;
  sha256: string;
};

export type AccessPointStandIn = {
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  setMode(mode: AccessPointMode): void;
  /** what it received, oldest first */
  received: ReceivedDocument[];
  /** answers the requests left hanging by `timeout` (with 503) */
  close(): void;
};

const MAX_BODY = 5 * 1024 * 1024;
const REJECT_REASON = "Príjemca nie je registrovaný v sieti Peppol (stand-in prístupového bodu).";

export function startAccessPointStandIn(options: AccessPointStandInOptions): AccessPointStandIn {
  refuseInProduction("Peppol access point stand-in", options.production);
  let mode: AccessPointMode = options.mode ?? "deliver";
  const byId = new Map<string, ReceivedDocument>();
  const received: ReceivedDocument[] = [];
  const hanging = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
    res.end(JSON.stringify(body));
  };

  function handler(req: IncomingMessage, res: ServerResponse) {
    if (req.headers.authorization !== `Bearer ${options.token}`) return json(res, 401, { error: "unauthorized" });
    const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
    const statusMatch = /^\/documents\/([A-Za-z0-9_-]+)$/.exec(path);
    if (req.method === "GET" && statusMatch) {
      const doc = byId.get(statusMatch[1]);
      if (!doc) return json(res, 404, { error: "not_found" });
      // an accepted document is delivered by the time anyone asks
      if (doc.status === "accepted") doc.status = "delivered";
      return json(res, 200, { messageId: doc.messageId, status: doc.status, ...(doc.reason ? { reason: doc.reason } : {}) });
    }
    if (req.method !== "POST" || path !== "/documents") return json(res, 404, { error: "not_found" });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY) return json(res, 413, { status: "rejected", reason: "Dokument je väčší ako 5 MiB." });
      if (mode === "timeout") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (mode === "unavailable") return json(res, 503, { error: "unavailable" });
      const body = Buffer.concat(chunks);
      const sha256 = createHash("sha256").update(body).digest("hex");
      const key = String(req.headers["idempotency-key"] ?? sha256);
      const messageId = `ap-${createHash("sha256").update(key).digest("hex").slice(0, 24)}`;
      const known = byId.get(messageId);
      if (known)
        return json(res, known.status === "rejected" ? 422 : known.status === "accepted" ? 202 : 200, {
          messageId,
          status: known.status,
          ...(known.reason ? { reason: known.reason } : {}),
        });
      const result = validateUbl(body);
      const fatal = result.findings.filter((f) => f.flag === "fatal");
      const doc: ReceivedDocument = {
        messageId,
        number: String(req.headers["x-document-number"] ?? ""),
        receiver: String(req.headers["x-peppol-receiver"] ?? ""),
        sender: String(req.headers["x-peppol-sender"] ?? ""),
        sha256,
        status: fatal.length > 0 || mode === "reject" ? "rejected" : mode === "accept" ? "accepted" : "delivered",
      };
      if (fatal.length > 0) doc.reason = `Dokument nespĺňa pravidlá: ${fatal.map((f) => `${f.ruleId} ${f.message}`).join("; ")}`.slice(0, 2000);
      else if (mode === "reject") doc.reason = REJECT_REASON;
      byId.set(messageId, doc);
      received.push(doc);
      return json(res, doc.status === "rejected" ? 422 : doc.status === "accepted" ? 202 : 200, {
        messageId,
        status: doc.status,
        ...(doc.reason ? { reason: doc.reason } : {}),
      });
    });
  }

  return {
    handler,
    setMode(next) {
      mode = next;
    },
    received,
    close() {
      for (const res of hanging) json(res, 503, { error: "closing" });
      hanging.clear();
    },
  };
}
