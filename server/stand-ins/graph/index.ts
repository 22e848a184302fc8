// Local Microsoft Graph stand-in (the embedded default when GRAPH_TENANT_ID is unset;
// refused with APP_ENV=production): the meeting provider's side of the recording
// automation (issue 33 item 6; docs/decisions/webinars/recording-automation.md). It speaks
// the parts of Graph's documented protocol the app uses:
// - POST <base>/<tenant>/oauth2/v2.0/token: OAuth 2.0 client credentials
//   (grant_type=client_credentials, client_id, client_secret, scope
//   https://graph.microsoft.com/.default) → {token_type: "Bearer", expires_in, access_token};
// - <base>/v1.0/subscriptions: POST creates a change-notification subscription after the
//   validation handshake (it POSTs `<notificationUrl>?validationToken=<token>` and expects
//   200 text/plain with the token, within 10 s; otherwise 400 ValidationError), GET lists the
//   app's subscriptions, PATCH /subscriptions/<id> renews one;
// - GET <base>/v1.0/users/<user>/onlineMeetings/<meeting>/recordings[/<id>[/content]]: the
//   callRecording list, one recording's metadata, and its content (video/mp4).
// Every Graph call needs the bearer token it issued. For development and tests only, the
// control API `POST <base>/control/recordings {meetingId, userId?}` makes a recording of a
// meeting (the sample video) and sends the change notification to every subscription whose
// resource covers it, as Graph does when a Teams meeting's recording is ready;
// `GET <base>/control/downloads` counts the content downloads per recording and
// `GET <base>/control/subscriptions` lists the subscriptions made.
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { refuseInProduction } from "../guard";

export type GraphStandInOptions = {
  production: boolean;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** the recordings' content (an MP4 file) */
  sampleFile: string;
};

export type GraphSubscription = {
  id: string;
  changeType: string;
  notificationUrl: string;
  resource: string;
  expirationDateTime: string;
  clientState: string | null;
};

export type GraphRecording = { id: string; meetingId: string; userId: string; createdDateTime: string };

export type GraphStandIn = {
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** makes a recording of the meeting and notifies the subscriptions; answers the recording and the notification answers' statuses */
  addRecording(meetingId: string, userId?: string): Promise<{ recording: GraphRecording; delivered: number[] }>;
  subscriptions: GraphSubscription[];
  /** content downloads per recording id */
  downloads: Map<string, number>;
};

const TOKEN_TTL_SEC = 3599;
const MAX_BODY = 64 * 1024;
const DEFAULT_USER = "00000000-0000-0000-0000-0000000000aa";

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Graph's error body: {error: {code, message}}. */
function graphError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(JSON.stringify({ error: { code, message, innerError: { "request-id": randomUUID(), date: new Date().toISOString() } } }));
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" });
  res.end(JSON.stringify(body));
}

/** A subscription's resource covers a recording of the meeting (the tenant-wide getAllRecordings, or the meeting's own). */
function covers(resource: string, recording: GraphRecording): boolean {
  return (
    resource === "communications/onlineMeetings/getAllRecordings" ||
    resource === `users/${recording.userId}/onlineMeetings/getAllRecordings` ||
    resource === `communications/onlineMeetings/${recording.meetingId}/recordings` ||
    resource === `users/${recording.userId}/onlineMeetings/${recording.meetingId}/recordings`
  );
}

export function startGraphStandIn(options: GraphStandInOptions): GraphStandIn {
  refuseInProduction("Microsoft Graph stand-in", options.production);
  const tokens = new Map<string, number>();
  const subscriptions: GraphSubscription[] = [];
  const recordings = new Map<string, GraphRecording>();
  const downloads = new Map<string, number>();

  function authorized(req: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = token ? tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  async function token(req: IncomingMessage, res: ServerResponse, tenant: string) {
    const form = new URLSearchParams(await readBody(req));
    if (tenant !== options.tenantId) return json(res, 400, { error: "invalid_request", error_description: "AADSTS90002: Tenant not found." });
    if (form.get("grant_type") !== "client_credentials")
      return json(res, 400, { error: "unsupported_grant_type", error_description: "AADSTS70003: grant_type must be client_credentials." });
    if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) {
      return json(res, 401, { error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." });
    }
    if (form.get("scope") !== "https://graph.microsoft.com/.default")
      return json(res, 400, { error: "invalid_scope", error_description: "AADSTS1002012: The provided value for scope is not valid." });
    const accessToken = randomBytes(24).toString("base64url");
    tokens.set(accessToken, Date.now() + TOKEN_TTL_SEC * 1000);
    json(res, 200, { token_type: "Bearer", expires_in: TOKEN_TTL_SEC, ext_expires_in: TOKEN_TTL_SEC, access_token: accessToken });
  }

  /** Graph's validation handshake: the notification URL must echo the token as text/plain within 10 s. */
  async function validates(notificationUrl: string): Promise<boolean> {
    const validationToken = `Validation: Testing client application reachability for subscription Request-Id: ${randomUUID()}`;
    try {
      const url = new URL(notificationUrl);
      url.searchParams.set("validationToken", validationToken);
      const answer = await fetch(url, { method: "POST", headers: { "Content-Type": "text/plain; charset=utf-8" }, signal: AbortSignal.timeout(10_000) });
      return answer.status === 200 && (answer.headers.get("content-type") ?? "").startsWith("text/plain") && (await answer.text()) === validationToken;
    } catch {
      return false;
    }
  }

  async function createSubscription(req: IncomingMessage, res: ServerResponse) {
    let body: Partial<GraphSubscription>;
    try {
      body = JSON.parse(await readBody(req)) as Partial<GraphSubscription>;
    } catch {
      return graphError(res, 400, "BadRequest", "Invalid JSON body.");
    }
    const { changeType, notificationUrl, resource, expirationDateTime, clientState } = body;
    if (typeof changeType !== "string" || typeof notificationUrl !== "string" || typeof resource !== "string" || typeof expirationDateTime !== "string") {
      return graphError(res, 400, "BadRequest", "changeType, notificationUrl, resource and expirationDateTime are required.");
    }
    if (!/^https?:\/\//.test(notificationUrl))
      return graphError(res, 400, "ValidationError", "Subscription validation request failed. Notification endpoint must be an absolute URL.");
    if (Number.isNaN(Date.parse(expirationDateTime)) || Date.parse(expirationDateTime) <= Date.now())
      return graphError(res, 400, "BadRequest", "expirationDateTime must be in the future.");
    if (!(await validates(notificationUrl)))
      return graphError(res, 400, "ValidationError", "Subscription validation request failed. Response must exactly match validationToken query parameter.");
    const subscription: GraphSubscription = {
      id: randomUUID(),
      changeType,
      notificationUrl,
      resource,
      expirationDateTime: new Date(expirationDateTime).toISOString(),
      clientState: clientState ?? null,
    };
    subscriptions.push(subscription);
    json(res, 201, { "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity", ...subscription });
  }

  async function renewSubscription(req: IncomingMessage, res: ServerResponse, id: string) {
    const subscription = subscriptions.find((s) => s.id === id);
    if (!subscription) return graphError(res, 404, "ResourceNotFound", "The object was not found.");
    let body: { expirationDateTime?: unknown };
    try {
      body = JSON.parse(await readBody(req)) as { expirationDateTime?: unknown };
    } catch {
      return graphError(res, 400, "BadRequest", "Invalid JSON body.");
    }
    if (typeof body.expirationDateTime !== "string" || Number.isNaN(Date.parse(body.expirationDateTime)))
      return graphError(res, 400, "BadRequest", "expirationDateTime is required.");
    subscription.expirationDateTime = new Date(body.expirationDateTime).toISOString();
    json(res, 200, subscription);
  }

  function recordingJson(r: GraphRecording) {
    return {
      id: r.id,
      meetingId: r.meetingId,
      createdDateTime: r.createdDateTime,
      endDateTime: r.createdDateTime,
      contentCorrelationId: r.id,
      recordingContentUrl: `https://graph.microsoft.com/v1.0/users/${r.userId}/onlineMeetings/${r.meetingId}/recordings/${r.id}/content`,
      meetingOrganizer: { user: { id: r.userId, tenantId: options.tenantId } },
    };
  }

  function sendContent(req: IncomingMessage, res: ServerResponse, recording: GraphRecording) {
    downloads.set(recording.id, (downloads.get(recording.id) ?? 0) + 1);
    const size = fs.statSync(options.sampleFile).size;
    res.writeHead(200, { "Content-Type": "video/mp4", "Content-Length": String(size) });
    if (req.method === "HEAD") return res.end();
    fs.createReadStream(options.sampleFile).pipe(res);
  }

  async function addRecording(meetingId: string, userId = DEFAULT_USER) {
    const recording: GraphRecording = { id: randomBytes(16).toString("base64url"), meetingId, userId, createdDateTime: new Date().toISOString() };
    recordings.set(recording.id, recording);
    const delivered: number[] = [];
    for (const s of subscriptions.filter((s) => covers(s.resource, recording) && Date.parse(s.expirationDateTime) > Date.now())) {
      const resource = `users('${userId}')/onlineMeetings('${meetingId}')/recordings('${recording.id}')`;
      const notification = {
        value: [
          {
            subscriptionId: s.id,
            subscriptionExpirationDateTime: s.expirationDateTime,
            changeType: "created",
            resource,
            resourceData: { id: recording.id, "@odata.type": "#Microsoft.Graph.callRecording", "@odata.id": resource },
            clientState: s.clientState,
            tenantId: options.tenantId,
          },
        ],
      };
      try {
        const answer = await fetch(s.notificationUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(notification),
          signal: AbortSignal.timeout(10_000),
        });
        delivered.push(answer.status);
      } catch {
        delivered.push(0);
      }
    }
    return { recording, delivered };
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0].replace(/\/+$/, "");
    const tokenMatch = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
    if (tokenMatch) {
      if (req.method !== "POST") return json(res, 405, { error: "invalid_request" });
      return token(req, res, tokenMatch[1]);
    }
    if (path === "/control/recordings" && req.method === "POST") {
      const body = JSON.parse((await readBody(req)) || "{}") as { meetingId?: unknown; userId?: unknown };
      if (typeof body.meetingId !== "string" || body.meetingId.length === 0) return json(res, 400, { error: "meetingId is required" });
      return json(res, 201, await addRecording(body.meetingId, typeof body.userId === "string" ? body.userId : undefined));
    }
    if (path === "/control/downloads" && req.method === "GET") return json(res, 200, Object.fromEntries(downloads));
    if (path === "/control/subscriptions" && req.method === "GET") return json(res, 200, { value: subscriptions });
    if (!path.startsWith("/v1.0/")) return graphError(res, 404, "UnknownError", "Resource not found.");
    if (!authorized(req)) return graphError(res, 401, "InvalidAuthenticationToken", "Access token is empty or invalid.");
    const graphPath = path.slice("/v1.0".length);
    if (graphPath === "/subscriptions") {
      if (req.method === "POST") return createSubscription(req, res);
      if (req.method === "GET") return json(res, 200, { value: subscriptions });
    }
    const subscription = /^\/subscriptions\/([^/]+)$/.exec(graphPath);
    if (subscription && req.method === "PATCH") return renewSubscription(req, res, subscription[1]);
    // users/<user>/onlineMeetings/<meeting>/recordings[/<id>[/content]]
    const m = /^\/users\/([^/]+)\/onlineMeetings\/([^/]+)\/recordings(?:\/([^/]+)(\/content)?)?$/.exec(graphPath);
    if (m && (req.method === "GET" || req.method === "HEAD")) {
      const [, userId, meetingId, recordingId, content] = m;
      if (!recordingId)
        return json(res, 200, { value: [...recordings.values()].filter((r) => r.meetingId === meetingId && r.userId === userId).map(recordingJson) });
      const recording = recordings.get(recordingId);
      if (!recording || recording.meetingId !== meetingId || recording.userId !== userId)
        return graphError(res, 404, "NotFound", "The recording was not found.");
      return content ? sendContent(req, res, recording) : json(res, 200, recordingJson(recording));
    }
    graphError(res, 404, "UnknownError", "Resource not found.");
  }

  return {
    handler: (req, res) => {
      route(req, res).catch((error: unknown) => {
        if (!res.headersSent) graphError(res, 400, "BadRequest", error instanceof Error ? error.message : "Bad request.");
        else res.destroy();
      });
    },
    addRecording,
    subscriptions,
    downloads,
  };
}
