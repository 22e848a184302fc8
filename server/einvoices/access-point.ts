// The one file that speaks the Peppol access point's HTTP API ("digitálny poštár", the
// accredited delivery provider; docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices: the access point contract).
// EINVOICE_AP_URL is its base, EINVOICE_AP_TOKEN its bearer credential. The contract:
// - POST <base>/documents, body the UBL bytes (Content-Type application/xml), headers
//   Authorization: Bearer <token>, Idempotency-Key: the document's SHA-256 (a repeated
//   send is the same transmission), X-Document-Number, X-Peppol-Sender and X-Peppol-Receiver
//   ("0245:<DIČ>"). Answers 200/202 {messageId, status: "accepted" | "delivered"} or 4xx
//   {status: "rejected", reason} (final); 5xx, 429 and no answer within the timeout are
//   retried later.
// - GET <base>/documents/<messageId> → {messageId, status, reason?}: an accepted
//   transmission's later fate (delivered to the buyer's access point, or rejected).
export type ApStatus = "accepted" | "delivered" | "rejected";
export type ApReceipt = { messageId: string | null; status: ApStatus; reason?: string };

export type ApDocument = { number: string; xml: Uint8Array; sha256: string; sender: string; receiver: string };

export type AccessPoint = {
  /** Hands a document over; throws AccessPointUnavailable when the send should be retried. */
  send(document: ApDocument): Promise<ApReceipt>;
  /** The current state of an accepted transmission; throws AccessPointUnavailable to retry. */
  status(messageId: string): Promise<ApReceipt>;
};

/** No answer, a timeout, a 5xx or 429: try again later. */
export class AccessPointUnavailable extends Error {}

export type AccessPointOptions = { url: string; token: string; timeoutMs?: number; fetch?: typeof fetch };

function receiptOf(body: unknown, fallbackId: string | null): ApReceipt {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const status = b.status === "delivered" || b.status === "rejected" || b.status === "accepted" ? b.status : null;
  if (!status) throw new AccessPointUnavailable(`the access point answered without a known status: ${JSON.stringify(body).slice(0, 200)}`);
  return {
    messageId: typeof b.messageId === "string" ? b.messageId : fallbackId,
    status,
    ...(typeof b.reason === "string" && b.reason ? { reason: b.reason.slice(0, 2000) } : {}),
  };
}

export function createAccessPointClient(options: AccessPointOptions): AccessPoint {
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const doFetch = options.fetch ?? fetch;
  async function call(path: string, init: RequestInit, fallbackId: string | null): Promise<ApReceipt> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json", ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const e = error as Error;
      throw new AccessPointUnavailable(e.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : `not reachable: ${e.message}`);
    }
    const text = await res.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new AccessPointUnavailable(`HTTP ${res.status}: ${text.slice(0, 200)}`);
    if (res.status === 401 || res.status === 403)
      throw new AccessPointUnavailable(`HTTP ${res.status}: the access point refused our credentials (EINVOICE_AP_TOKEN)`);
    if (res.status >= 400) {
      const receipt =
        body && typeof body === "object" ? receiptOf({ status: "rejected", ...body }, fallbackId) : { messageId: fallbackId, status: "rejected" as const };
      return { ...receipt, status: "rejected", reason: receipt.reason ?? `HTTP ${res.status}: ${text.slice(0, 500)}` };
    }
    return receiptOf(body, fallbackId);
  }
  return {
    send(document) {
      return call(
        "/documents",
        {
          method: "POST",
          headers: {
            "Content-Type": "application/xml; charset=utf-8",
            "Idempotency-Key": document.sha256,
            "X-Document-Number": document.number,
            "X-Peppol-Sender": document.sender,
            "X-Peppol-Receiver": document.receiver,
          },
          body: Buffer.from(document.xml),
        },
        null,
      );
    },
    status(messageId) {
      return call(`/documents/${encodeURIComponent(messageId)}`, { method: "GET" }, messageId);
    },
  };
}
