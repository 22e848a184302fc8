// Why a call to an outside system failed, in the log (docs/decisions/platform/outbound-failures-carry-their-cause.md > Outbound failures
// carry their cause). The adapters' errors (payment gateway, identity provider API, video
// provider, SMTP) name their target and, when there is one, the HTTP status or the error
// code; `outboundFailureOf` finds that in an error's `cause` chain, so the one place that
// answers 503 (the API and page wrappers, the job worker) logs it with the request id the
// logger adds, never a secret (messages carry no credentials, only status lines and codes).

export type OutboundTarget = "payment_gateway" | "identity_provider" | "video_provider" | "smtp";

export type OutboundFailure = {
  target: OutboundTarget;
  /** the outside system's HTTP status, when it answered */
  status?: number;
  /** a network or protocol code (ECONNREFUSED, ETIMEDOUT, EAUTH, …) */
  code?: string;
  error: string;
};

/** An error of an adapter: mixes the target into any Error subclass. */
export type OutboundErrorFields = { readonly outboundTarget: OutboundTarget; readonly status?: number; readonly code?: string };

const NETWORK_CODE = /\b(E[A-Z0-9_]{3,}|UND_ERR_[A-Z_]+)\b/;

/** The code of a failed fetch or socket: its own, its cause's, or one named in the message. */
export function networkCodeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code) return code;
    const name = (e as { name?: unknown }).name;
    if (name === "TimeoutError" || name === "AbortError") return "ETIMEDOUT";
  }
  const match = error instanceof Error ? NETWORK_CODE.exec(error.message) : null;
  return match?.[1];
}

/** The first adapter error in `error`'s cause chain, as a log record; null when none. */
export function outboundFailureOf(error: unknown): OutboundFailure | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const target = (e as { outboundTarget?: unknown }).outboundTarget;
    if (typeof target === "string") {
      const { status, code } = e as { status?: unknown; code?: unknown };
      return {
        target: target as OutboundTarget,
        ...(typeof status === "number" ? { status } : {}),
        ...(typeof code === "string" ? { code } : {}),
        error: (e as Error).message,
      };
    }
  }
  return null;
}
