// Errors from one place: the spec's error body {error, message, details} (spec: Errors 1),
// the ONE table of stable codes → HTTP status + default Slovak message, and DomainError,
// which areas throw for expected failures. Conversions: /api → JSON (app/lib/api.server.ts
// toApiErrorResponse), pages → the Slovak error page (app/lib/page.server.ts).
//
// Sources of the codes (each entry names its line): spec interface-0.1.0 "Errors" 2-5,
// "Endpoints" (tests, orders, admin publish, webhooks), "Authentication" 9-11, "Events";
// docs/decisions/platform/errors-and-auth.md > Errors and auth, Orders and payments, Tests.

import { currentRequestId } from "../log/context";

export type ErrorDetails = Record<string, unknown> | unknown[];
export type ErrorBody = { error: ErrorCode; message: string; details: ErrorDetails };

type Entry = { status: number; message: string };

export const ERROR_CODES = {
  // 400
  bad_request: { status: 400, message: "Neplatná požiadavka." },
  // back-channel logout / erasure token refused (docs/decisions/identity/sign-in.md: Sign-in)
  invalid_request: { status: 400, message: "Neplatná požiadavka." },
  // DESIGN: Errors and auth (idempotency keys)
  idempotency_key_required: { status: 400, message: "Chýba hlavička Idempotency-Key." },
  idempotency_key_invalid: { status: 400, message: "Hlavička Idempotency-Key musí obsahovať UUID." },

  // 401: spec Errors 2 (no session; invalid webhook signature), Authentication 1, 10
  unauthorized: { status: 401, message: "Prihláste sa, prosím." },
  invalid_signature: { status: 401, message: "Neplatný podpis požiadavky." },
  // docs/decisions/identity/step-up-for-sensitive-admin-actions.md > Step-up for sensitive admin actions: signed in, but too long ago for
  // this action (with WWW-Authenticate: Bearer error="insufficient_user_authentication", max_age)
  reauthentication_required: { status: 401, message: "Táto akcia vyžaduje nové prihlásenie. Prihláste sa znova a akciu zopakujte." },

  // 403: spec Errors 2; DESIGN: Errors and auth
  forbidden: { status: 403, message: "Na túto akciu nemáte oprávnenie." },
  no_enrollment: { status: 403, message: "Na tento kurz nie ste zapísaný." },
  part_locked: { status: 403, message: "Táto časť kurzu je zatiaľ zamknutá." },
  prerequisites_not_met: { status: 403, message: "Najprv dokončite predchádzajúce časti kurzu." },
  origin_not_allowed: { status: 403, message: "Požiadavka prišla z nepovoleného pôvodu." },
  csrf_token_invalid: { status: 403, message: "Platnosť formulára vypršala. Obnovte stránku a skúste to znova." },
  // docs/decisions/video/signed-media-urls.md > Signed media URLs: a signed media URL past its expiry, or whose
  // signature does not match its path and expiry (tampered, or made for another file)
  signed_url_expired: { status: 403, message: "Platnosť odkazu na súbor vypršala. Obnovte stránku." },
  signed_url_invalid: { status: 403, message: "Odkaz na súbor nie je platný." },

  // 404: spec Errors 2 (unknown slug, verification); DESIGN: someone else's resource
  not_found: { status: 404, message: "Nenašli sme, čo hľadáte." },
  // spec Errors 3: internal processing code of a payment event for an unknown order
  // (the webhook's HTTP answer is the payments area's decision)
  order_not_found: { status: 404, message: "Objednávka sa nenašla." },

  // 405: a method a route does not answer (methodNotAllowed below)
  method_not_allowed: { status: 405, message: "Táto metóda nie je podporovaná." },

  // 409: spec Errors 2 (tests); DESIGN: Orders and payments, Tests, Errors and auth
  conflict: { status: 409, message: "Požiadavka je v konflikte so stavom zdroja." },
  already_enrolled: { status: 409, message: "Na tento kurz ste už zapísaný." },
  course_not_available: { status: 409, message: "Tento kurz sa už nedá kúpiť." },
  enrollment_deadline_passed: { status: 409, message: "Termín na zápis do kurzu uplynul." },
  enrollment_limit_reached: { status: 409, message: "Kurz je plne obsadený." },
  max_attempts_reached: { status: 409, message: "Vyčerpali ste všetky pokusy o test." },
  cooldown_active: { status: 409, message: "Ďalší pokus o test bude možný neskôr." },
  course_not_editable: { status: 409, message: "Zverejnený kurz sa nedá upravovať. Vytvorte novú verziu." },
  course_has_enrollments: { status: 409, message: "Kurz so zápismi sa nedá zmazať, iba archivovať." },
  // docs/decisions/authoring/course-versions-are-only-soft-deleted.md > Course versions are only soft-deleted: DELETE of a published or archived version
  version_not_deletable: { status: 409, message: "Táto verzia kurzu sa nedá zmazať. Zmazať možno len koncept." },
  // docs/api.md (admin authoring): a slug another course (or sibling) already uses; a
  // second published version of one slug; a second draft in one version chain
  slug_taken: { status: 409, message: "Tento identifikátor do adresy sa už používa." },
  another_version_published: { status: 409, message: "Iná verzia tohto kurzu je zverejnená. Najprv ju archivujte." },
  draft_exists: { status: 409, message: "Tento kurz už má rozpracovaný koncept novej verzie." },
  attempt_expired: { status: 409, message: "Čas na test vypršal; pokus bol odovzdaný automaticky." },
  idempotency_in_progress: { status: 409, message: "Rovnaká požiadavka sa práve spracúva." },
  // DESIGN: Orders and payments (payment.completed with another amount: recorded, pays nothing)
  amount_mismatch: { status: 409, message: "Suma platby nezodpovedá objednávke." },
  // retry-payment applies to failed or expired orders only
  order_not_retryable: { status: 409, message: "Túto objednávku nemožno znova zaplatiť." },
  // docs/decisions/payments/one-order-per-course.md > One order per course: another order of the course waits for payment
  order_pending: { status: 409, message: "Tento kurz už máte v inej objednávke, ktorá čaká na zaplatenie." },
  // docs/api.md (admin certificates): the manual partner's number is unique; a task is done once
  registration_number_taken: { status: 409, message: "Toto registračné číslo už má iný certifikát. Skontrolujte ho, prosím." },
  certificate_request_not_pending: { status: 409, message: "Tento certifikát už bol vydaný." },
  // docs/decisions/authoring/admin-enrollments.md > Admin enrollments: cancel, migrate (active only), extend (active or expired)
  enrollment_not_active: { status: 409, message: "Zápis nie je aktívny." },
  // a refund of an order that was never paid (pending, failed, expired)
  order_not_paid: { status: 409, message: "Objednávka nie je zaplatená, nie je čo vrátiť." },
  // docs/decisions/payments/disputes-end.md > Disputes end: only a disputed order with a suspended enrollment is decided
  order_not_disputed: { status: 409, message: "Platba tejto objednávky nie je reklamovaná." },
  // docs/decisions/payments/one-refundable-amount.md > One refundable amount: the bank is returning the money through a chargeback
  seats_exhausted: { status: 409, message: "Klub nemá na tento kurz dosť voľných miest." },
  seat_started: { status: 409, message: "Člen už kurz začal; miesto sa už nedá vziať späť." },
  order_disputed: {
    status: 409,
    message: "Platba je reklamovaná v banke (chargeback); kým o reklamácii nerozhodnete, peniaze nevraciame, aby neodišli dvakrát.",
  },
  // docs/decisions/video/video-providers-are-configuration.md > Video providers are configuration: production without MUX_*
  video_provider_not_configured: {
    status: 409,
    message:
      "Na tomto webe nie je nastavený poskytovateľ videa (Mux), preto sa video nedá nahrať ani prehrať. Blok s videom odstráňte alebo požiadajte prevádzkovateľa, aby poskytovateľa nastavil.",
  },
  no_suspended_enrollment: { status: 409, message: "Objednávka nemá pozastavený zápis; o reklamácii už bolo rozhodnuté." },

  // 413: docs/decisions/platform/request-size.md (also written by server.mjs before routing)
  payload_too_large: { status: 413, message: "Požiadavka je príliš veľká." },
  // a page form sent as something else than a form (JSON, text, no body)
  unsupported_media_type: { status: 415, message: "Formulár treba odoslať ako application/x-www-form-urlencoded alebo multipart/form-data." },

  // 431: a header block over the server's limit (server/http/front.ts)
  headers_too_large: { status: 431, message: "Hlavičky požiadavky sú príliš veľké." },

  // 416: a Range header past the end of a served file (server/video: signed media)
  range_not_satisfiable: { status: 416, message: "Požadovaný rozsah je mimo súboru." },

  // 422: spec Errors 2 (validation; publish of an incomplete course); DESIGN idempotency
  validation: { status: 422, message: "Údaje nie sú platné." },
  idempotency_key_reused: { status: 422, message: "Kľúč Idempotency-Key už bol použitý s inými údajmi." },
  // a refund larger than what was paid minus what is refunded or pending
  refund_exceeds_remaining: { status: 422, message: "Suma refundácie prevyšuje sumu, ktorú ešte možno vrátiť." },

  // 429: spec Errors 2, Limits
  rate_limited: { status: 429, message: "Príliš veľa požiadaviek. Skúste to o chvíľu znova." },

  // 5xx
  internal: { status: 500, message: "Nastala neočakávaná chyba." },
  // GET /readyz while the database, migrations or job workers are not ready, or stopping
  not_ready: { status: 503, message: "Služba momentálne nie je pripravená." },
  identity_provider_unavailable: { status: 503, message: "Prihlasovanie je dočasne nedostupné. Skúste to o chvíľu." },
  // the database connection was lost mid-request (a restart, a failover, a terminated
  // backend): nothing was kept; the client may try again (docs/decisions/platform/database-connection-loss.md > Database connection loss)
  database_unavailable: { status: 503, message: "Služba je na chvíľu nedostupná. Skúste to, prosím, o pár sekúnd znova." },
  // the payment gateway did not open a payment session (the order is not created)
  payment_gateway_unavailable: { status: 503, message: "Platobná brána je dočasne nedostupná. Skúste to o chvíľu." },
  // the video provider (Mux) did not create a direct upload
  video_provider_unavailable: { status: 503, message: "Služba na spracovanie videa je dočasne nedostupná. Skúste to o chvíľu." },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]["status"];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/** The code a bare status stands for (a thrown Response without a body, the /api 404). */
const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal",
  503: "not_ready",
};

export function codeFor(status: number): ErrorCode {
  return codeForStatus[status] ?? (status >= 500 ? "internal" : "bad_request");
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code].status;
}

/**
 * The spec's error body; the message defaults to the code's Slovak text. A 500 carries
 * the request id in `details.requestId` (the id of the log lines about it), so a person
 * can quote it and an operator find them.
 */
export function errorBody(code: ErrorCode, message?: string, details?: ErrorDetails): ErrorBody {
  let body = details ?? {};
  const requestId = ERROR_CODES[code].status >= 500 ? currentRequestId() : undefined;
  if (requestId && !Array.isArray(body) && body.requestId === undefined) body = { ...body, requestId };
  return { error: code, message: message ?? ERROR_CODES[code].message, details: body };
}

/**
 * An expected failure of a domain operation. Its status comes from the table, so areas
 * name only the code: `throw new DomainError("cooldown_active", undefined, { retryAt })`.
 * `headers` travel to the response (Retry-After of a 429).
 */
export class DomainError extends Error {
  override readonly name = "DomainError";
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly headers: HeadersInit | undefined;

  constructor(code: ErrorCode, message?: string, details?: ErrorDetails, options?: { headers?: HeadersInit; cause?: unknown }) {
    super(message ?? ERROR_CODES[code].message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = details ?? {};
    this.headers = options?.headers;
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.details);
  }
}

export type ApiErrorInit = { code?: ErrorCode; message?: string; details?: ErrorDetails; headers?: HeadersInit };

/**
 * A JSON error response with the spec's body: `apiError({ code })` takes the status from
 * the table; `apiError(status, { ... })` sets it (the code then defaults from the status).
 */
export function apiError(init: ApiErrorInit & { code: ErrorCode }): Response;
export function apiError(status: number, init?: ApiErrorInit): Response;
export function apiError(a: number | (ApiErrorInit & { code: ErrorCode }), b: ApiErrorInit = {}): Response {
  const init = typeof a === "number" ? b : a;
  const code = init.code ?? codeFor(a as number);
  const status = typeof a === "number" ? a : ERROR_CODES[code].status;
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(errorBody(code, init.message, init.details)), { status, headers });
}

/** 405 with the Allow header and the error body, for the methods a resource route lacks. */
export function methodNotAllowed(allowed: string[]): Response {
  return apiError({ code: "method_not_allowed", details: { allowed }, headers: { Allow: allowed.join(", ") } });
}

/** Turns a zod error into the details array of a 422. */
export function zodDetails(issues: readonly { path: PropertyKey[]; message: string; code?: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  const text = JSON.stringify(data);
  const response = new Response(text, { ...init, headers });
  knownBodies.set(response, text);
  return response;
}

/**
 * The text a JSON answer was made from, kept beside the Response: the server writes it
 * without reading the body back through its stream (server/http/respond.ts). Only the
 * Response object `json` made has one; a copy or a wrapper is read as any other answer.
 */
const knownBodies = new WeakMap<Response, string>();

export function knownBodyOf(response: Response): string | undefined {
  return knownBodies.get(response);
}

/**
 * PostgreSQL's data exceptions that only a value from outside can cause: a NUL character
 * in text or JSON (22021, 22P05), a number or a date beyond what the column holds (22003,
 * 22008, 22009, 22007). The front door and the schemas refuse most such values first; this
 * is the net under every route, so such input is 422 `validation`, never a 500.
 */
const INPUT_DATA_EXCEPTIONS: Record<string, string> = {
  "22021": "Text obsahuje nepovolený znak (napríklad znak NUL).",
  "22P05": "Text obsahuje nepovolený znak (napríklad znak NUL).",
  "22003": "Číslo je mimo povoleného rozsahu.",
  "22008": "Dátum alebo čas je mimo povoleného rozsahu.",
  "22009": "Dátum alebo čas je mimo povoleného rozsahu.",
  "22007": "Dátum alebo čas nemá platný tvar.",
};

/** The 422 for a database refusal of an input value (see above), else null. Follows `cause`. */
export function inputRefusalOf(error: unknown): DomainError | null {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code in INPUT_DATA_EXCEPTIONS) {
      const message = INPUT_DATA_EXCEPTIONS[code];
      return new DomainError("validation", message, [{ path: "", message, code: "unsupported_value" }], { cause: error });
    }
  }
  return null;
}

/**
 * Errors that mean the database connection went away (not that a statement was wrong):
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (the server terminated the backend,
 * crashed or is starting), 53300 (too many connections), the socket's own codes, and what
 * node-postgres says about a connection it lost.
 */
const CONNECTION_LOST_CODES = new Set(["57P01", "57P02", "57P03", "53300", "ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTCONN"]);
const CONNECTION_LOST_MESSAGES = [
  "Connection terminated",
  "connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end",
  "terminating connection due to administrator command",
];

/**
 * Whether `error` (or one of its causes) is a lost database connection. A failed call to
 * another service (fetch to the provider, the gateway or Mux; SMTP) carries the same socket
 * codes and is not one: its chain holds fetch's TypeError or a mail command.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e instanceof TypeError && /fetch failed/i.test(e.message)) || typeof (e as { command?: unknown }).command === "string") return false;
    if ((e as Error).name === "GatewayError" || (e as Error).name === "AbortError" || (e as Error).name === "TimeoutError") return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_LOST_CODES.has(code) || code.startsWith("08"))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && CONNECTION_LOST_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** The 503 for a lost database connection (see isConnectionLoss), else null. */
export function connectionLossOf(error: unknown): DomainError | null {
  if (!isConnectionLoss(error)) return null;
  return new DomainError("database_unavailable", undefined, {}, { headers: { "Retry-After": "1" }, cause: error });
}

/** How deep a JSON body may nest (objects and arrays); every body the spec names needs a handful. */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests deeper than `max` (walked without recursion). */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * JSON.parse for request bodies: a body nested deeper than MAX_JSON_DEPTH is 400
 * `bad_request` before any schema sees it (a schema walks it recursively). Malformed JSON
 * throws JSON.parse's SyntaxError, which each caller answers as it always has.
 */
export function parseJsonBody(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (jsonTooDeep(value)) {
    throw new DomainError("bad_request", `Telo požiadavky je vnorené hlbšie ako ${MAX_JSON_DEPTH} úrovní.`, { maxDepth: MAX_JSON_DEPTH });
  }
  return value;
}

/** A NUL character anywhere in a parsed JSON body: the path of the first one, else null. */
export function nulCharacterPath(value: unknown, path: (string | number)[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulCharacterPath(value[i], [...path, i]);
      if (found !== null) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key].join(".");
      const found = nulCharacterPath(v, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
