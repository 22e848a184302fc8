// Structured JSON logs through pino: one JSON object per line on stdout, with the request
// id of the request being served (server/log/context.ts) on every line written while it
// runs. Callers keep the small Logger interface: `log.info("message", { fields })`.
// Cookies, tokens, secrets and passwords are redacted wherever they appear in the fields.
import pino from "pino";
import { currentRequest } from "./context";

type Level = "debug" | "info" | "warn" | "error";
export type LogLevel = Level | "silent";

export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void> & {
  /** a logger whose lines all carry `bindings` */
  child?(bindings: Record<string, unknown>): Logger;
};

/** Field names whose values never reach a log line, at any depth up to three. */
export const REDACTED_KEYS = [
  "cookie",
  "set-cookie",
  "authorization",
  "password",
  "secret",
  "token",
  "accessToken",
  "refreshToken",
  "idToken",
  "access_token",
  "refresh_token",
  "id_token",
  "apiToken",
  "clientSecret",
  "sessionSecret",
  "csrf",
  "code_verifier",
];

function redactPaths(): string[] {
  return REDACTED_KEYS.flatMap((key) => {
    const step = /^[A-Za-z_$][\w$]*$/.test(key) ? { top: key, nested: `.${key}` } : { top: `["${key}"]`, nested: `["${key}"]` };
    return [step.top, `*${step.nested}`, `*.*${step.nested}`];
  });
}

/** Keys whose values look like credentials even inside free text (a URL with a password). */
function scrubUrl(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return value.replace(/(postgres(?:ql)?:\/\/[^:/@\s]+:)[^@\s]+@/g, "$1[Redacted]@");
}

export type CreateLoggerOptions = {
  /** where the lines go (tests); stdout otherwise */
  destination?: pino.DestinationStream;
};

export function createLogger(level: LogLevel = "info", _json = true, options: CreateLoggerOptions = {}): Logger {
  const base = pino(
    {
      level,
      base: { pid: process.pid },
      messageKey: "message",
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths(), censor: "[Redacted]" },
      // the request id of the request being served, on every line written while it runs
      mixin() {
        const request = currentRequest();
        return request ? { requestId: request.requestId } : {};
      },
      serializers: { error: (e: unknown) => (e instanceof Error ? pino.stdSerializers.err(e) : scrubUrl(e)) },
    },
    // written off the request's path: lines made while a write is under way go out together
    // in the next one (one system call for many requests under load, where each request's
    // own write cost as much CPU as a cheap read's whole query); pino writes what is left
    // synchronously when the process exits (docs/decisions/platform/json-api-without-express.md)
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
  return wrap(base);
}

function wrap(instance: pino.Logger): Logger {
  const write = (l: Level) => (message: string, fields?: Record<string, unknown>) => {
    if (!instance.isLevelEnabled(l)) return;
    if (fields) instance[l](fields, scrubUrl(message) as string);
    else instance[l](scrubUrl(message) as string);
  };
  return {
    debug: write("debug"),
    info: write("info"),
    warn: write("warn"),
    error: write("error"),
    child: (bindings) => wrap(instance.child(bindings)),
  };
}
