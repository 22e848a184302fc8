// The spec's error body {error, message, details} (spec: Errors), from one place.
export type ErrorBody = { error: string; message: string; details: Record<string, unknown> | unknown[] };

const defaultMessages: Record<number, [string, string]> = {
  400: ["bad_request", "Neplatná požiadavka."],
  401: ["unauthorized", "Prihláste sa, prosím."],
  403: ["forbidden", "Na túto akciu nemáte oprávnenie."],
  404: ["not_found", "Nenašli sme, čo hľadáte."],
  405: ["method_not_allowed", "Táto metóda nie je podporovaná."],
  409: ["conflict", "Požiadavka je v konflikte so stavom zdroja."],
  422: ["validation", "Údaje nie sú platné."],
  429: ["rate_limited", "Príliš veľa požiadaviek. Skúste to o chvíľu znova."],
  500: ["internal", "Nastala neočakávaná chyba."],
};

export function errorBody(status: number, error?: string, message?: string, details?: ErrorBody["details"]): ErrorBody {
  const [code, text] = defaultMessages[status] ?? defaultMessages[500];
  return { error: error ?? code, message: message ?? text, details: details ?? {} };
}

/** A JSON error response with the spec's body. */
export function apiError(
  status: number,
  error?: string,
  message?: string,
  details?: ErrorBody["details"],
  headers?: HeadersInit,
): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/json; charset=utf-8");
  h.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(errorBody(status, error, message, details)), { status, headers: h });
}

/** Thrown by domain code for expected failures; API routes turn it into apiError. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
    message?: string,
    readonly details?: ErrorBody["details"],
    readonly headers?: HeadersInit,
  ) {
    super(message ?? code ?? String(status));
  }
  toResponse() {
    return apiError(this.status, this.code, this.message === this.code ? undefined : this.message, this.details, this.headers);
  }
}

/** Turns a zod error into the details array of a 422. */
export function zodDetails(issues: { path: PropertyKey[]; message: string; code?: string }[]) {
  return issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { ...init, headers });
}
