// The meeting provider's API as the recording automation uses it (issue 33 item 6;
// docs/decisions/webinars/recording-automation.md): Microsoft Graph with an app's client
// credentials. Microsoft's service in production (GRAPH_* settings), the local stand-in
// (server/stand-ins/graph) elsewhere; start-up chooses and hands the client in.
// - a token: POST <login>/<tenant>/oauth2/v2.0/token (client_credentials, scope
//   https://graph.microsoft.com/.default), kept until a minute before it expires;
// - the subscription for recordings: GET /subscriptions, POST /subscriptions (Graph then
//   validates our webhook with a validationToken), PATCH /subscriptions/<id> to renew;
// - a recording: GET <resource> (callRecording metadata) and GET <resource>/content.

export type GraphSettings = {
  /** https://login.microsoftonline.com, or the stand-in's base */
  loginUrl: string;
  /** https://graph.microsoft.com/v1.0, or the stand-in's */
  apiUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
};

export type CallRecording = { id: string; meetingId: string; createdDateTime: string | null };

export type GraphSubscriptionView = { id: string; resource: string; notificationUrl: string; expirationDateTime: string };

export type MeetingsGraph = {
  /** the app's subscriptions */
  subscriptions(): Promise<GraphSubscriptionView[]>;
  subscribe(input: { resource: string; notificationUrl: string; clientState: string; expirationDateTime: Date }): Promise<GraphSubscriptionView>;
  renew(id: string, expirationDateTime: Date): Promise<void>;
  /** the recording's metadata; `path` is its Graph path (users/<u>/onlineMeetings/<m>/recordings/<r>) */
  recording(path: string): Promise<CallRecording>;
  /** the recording's content, streamed, with its length when Graph says it */
  content(path: string): Promise<{ body: ReadableStream<Uint8Array>; length: number | null; type: string }>;
};

export class GraphError extends Error {
  override readonly name = "GraphError";
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The recording addressed by a notification's resource: users('<u>')/onlineMeetings('<m>')/recordings('<r>') (or the slash form). */
export function recordingOfResource(resource: string): { userId: string | null; meetingId: string; recordingId: string; path: string } | null {
  if (resource.length > 2000) return null;
  const key = "(?:\\('([^'/()]+)'\\)|/([^'/()]+))";
  const m = new RegExp(`^/?(?:(?:users${key})|communications)/onlineMeetings${key}/recordings${key}$`).exec(resource);
  if (!m) return null;
  const userId = m[1] ?? m[2] ?? null;
  const meetingId = m[3] ?? m[4];
  const recordingId = m[5] ?? m[6];
  if (!meetingId || !recordingId) return null;
  const safe = (v: string) => /^[A-Za-z0-9_\-=.:@+]+$/.test(v);
  if (!safe(meetingId) || !safe(recordingId) || (userId !== null && !safe(userId))) return null;
  const owner = userId ? `users/${encodeURIComponent(userId)}` : "communications";
  return { userId, meetingId, recordingId, path: `${owner}/onlineMeetings/${encodeURIComponent(meetingId)}/recordings/${encodeURIComponent(recordingId)}` };
}

export function createGraphClient(settings: GraphSettings): MeetingsGraph {
  const timeout = settings.timeoutMs ?? 30_000;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      scope: "https://graph.microsoft.com/.default",
    });
    const res = await fetch(`${settings.loginUrl}/${encodeURIComponent(settings.tenantId)}/oauth2/v2.0/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(timeout),
    });
    const answer = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!res.ok || typeof answer.access_token !== "string") throw new GraphError(`token refused: ${String(answer.error ?? res.status)}`, res.status);
    const ttl = typeof answer.expires_in === "number" ? answer.expires_in : 3600;
    token = { value: answer.access_token, until: Date.now() + Math.max(0, ttl - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Authorization: `Bearer ${await accessToken()}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${settings.apiUrl}/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeout),
    });
    if (!res.ok) {
      const detail = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      throw new GraphError(`${method} ${path}: ${res.status} ${detail?.error?.code ?? ""} ${detail?.error?.message ?? ""}`.trim(), res.status);
    }
    return res;
  }

  const view = (s: Record<string, unknown>): GraphSubscriptionView => ({
    id: String(s.id),
    resource: String(s.resource),
    notificationUrl: String(s.notificationUrl),
    expirationDateTime: String(s.expirationDateTime),
  });

  return {
    async subscriptions() {
      const answer = (await (await call("GET", "subscriptions")).json()) as { value?: Record<string, unknown>[] };
      return (answer.value ?? []).map(view);
    },
    async subscribe(input) {
      const res = await call("POST", "subscriptions", {
        changeType: "created",
        notificationUrl: input.notificationUrl,
        resource: input.resource,
        clientState: input.clientState,
        expirationDateTime: input.expirationDateTime.toISOString(),
      });
      return view((await res.json()) as Record<string, unknown>);
    },
    async renew(id, expirationDateTime) {
      await call("PATCH", `subscriptions/${encodeURIComponent(id)}`, { expirationDateTime: expirationDateTime.toISOString() });
    },
    async recording(path) {
      const answer = (await (await call("GET", path)).json()) as { id?: unknown; meetingId?: unknown; createdDateTime?: unknown };
      if (typeof answer.id !== "string" || typeof answer.meetingId !== "string") throw new GraphError(`GET ${path}: no recording in the answer`, 200);
      return { id: answer.id, meetingId: answer.meetingId, createdDateTime: typeof answer.createdDateTime === "string" ? answer.createdDateTime : null };
    },
    async content(path) {
      // the content may take a while: no overall timeout beyond the connection's
      const headers = { Authorization: `Bearer ${await accessToken()}` };
      const res = await fetch(`${settings.apiUrl}/${path}/content`, { headers, redirect: "follow" });
      if (!res.ok || !res.body) throw new GraphError(`GET ${path}/content: ${res.status}`, res.status);
      const length = Number(res.headers.get("content-length"));
      return { body: res.body, length: Number.isFinite(length) && length > 0 ? length : null, type: res.headers.get("content-type") ?? "video/mp4" };
    },
  };
}
