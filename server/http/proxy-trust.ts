// X-Forwarded-For from a peer the app does not trust (TRUST_PROXY): the header is ignored,
// and the log says so, since it usually means a proxy in front that TRUST_PROXY leaves out
// (every client would then share the proxy's address and rate limits). Warned at once, then
// at most once per interval with the number of such requests in between
// (docs/decisions/platform/proxy-trust-is-a-decision.md > Proxy trust is a decision).
import type { RequestHandler } from "express";
import type { Logger } from "../log";

export type ProxyTrustCheck = (address: string, hop: number) => boolean;

export function warnUntrustedForwarding(options: {
  log: Pick<Logger, "warn">;
  /** Express's compiled "trust proxy fn" (app.get("trust proxy fn")) */
  trusts: ProxyTrustCheck;
  intervalMs?: number;
  now?: () => number;
}): RequestHandler {
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  let lastWarned = -Infinity;
  let unwarned = 0;
  return (req, _res, next) => {
    const forwarded = req.headers["x-forwarded-for"];
    const peer = req.socket.remoteAddress ?? "";
    if (forwarded !== undefined && !options.trusts(peer, 0)) {
      unwarned++;
      const at = now();
      if (at - lastWarned >= intervalMs) {
        options.log.warn(
          "X-Forwarded-For from an address TRUST_PROXY does not trust: ignored, the client is taken to be the socket's peer. If a proxy is in front, set TRUST_PROXY to its hop count or address",
          { peer, requests: unwarned, sinceMinutes: Number.isFinite(lastWarned) ? Math.round((at - lastWarned) / 60_000) : null },
        );
        lastWarned = at;
        unwarned = 0;
      }
    }
    next();
  };
}
