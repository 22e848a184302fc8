// The /api contract as data: areas export their operations (path, method, request and
// response zod schemas, statuses, auth) and named schemas; `buildOpenApiDocument` turns
// them into OpenAPI 3.1 with zod 4's JSON Schema output (draft 2020-12, OpenAPI 3.1's
// dialect). The spec's error body is the shared `Error` component; error responses list
// the codes of server/kernel/errors.ts's table that an operation answers, grouped by the
// table's status. app/lib/openapi.server.ts gathers the areas and serves the document at
// GET /api/openapi.json; tests/support/contract.ts validates responses against it.
import { z } from "zod";
import type { IpLimitName } from "./rate-limit";
import { ERROR_CODES, type ErrorCode } from "../kernel/errors";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Who may call: spec Authentication 1-2, 8, 10. */
export type ApiAuth = { kind: "public" } | { kind: "session-optional" } | { kind: "session"; roles?: string[] } | { kind: "signed"; how: string };

export type ApiResponse = {
  description: string;
  /** JSON body; omitted for redirects and empty answers */
  schema?: z.ZodType;
  contentType?: string;
  headers?: Record<string, string>;
};

export type ApiOperation = {
  method: HttpMethod;
  /** OpenAPI path template: /api/courses/{slug} */
  path: string;
  operationId: string;
  summary: string;
  tags: string[];
  auth: ApiAuth;
  /** path parameters ({slug}); each a string unless given */
  pathParams?: Record<string, z.ZodType>;
  query?: z.ZodObject;
  body?: { contentType: string; schema: z.ZodType };
  /** success (and redirect) answers by status */
  responses: Record<number, ApiResponse>;
  /** error codes this operation answers; statuses come from the error table */
  errors?: ErrorCode[];
  /** the per-IP budget a request spends before anything else (spec: Limits; server/http/rate-limit.ts) */
  rateLimit?: IpLimitName;
};

export type ApiArea = {
  /** schemas worth a name in components.schemas (nested ones become $refs) */
  schemas: Record<string, z.ZodType>;
  operations: ApiOperation[];
};

/** The spec's error body (spec: Common shapes > Error; Errors 1). */
export const ErrorBodySchema = z
  .strictObject({
    error: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).describe("stable code (server/kernel/errors.ts)"),
    message: z.string().describe("Slovak text for people"),
    details: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  })
  .describe("Error body {error, message, details}");

type JsonSchema = Record<string, unknown>;

const COMPONENT = "#/components/schemas/";

/** Every schema of every area plus the unnamed ones operations use, as components. */
function schemaComponents(areas: ApiArea[]) {
  const registry = z.registry<{ id: string }>();
  const names = new Map<z.ZodType, string>();
  const add = (name: string, schema: z.ZodType) => {
    if (names.has(schema)) return;
    if ([...names.values()].includes(name)) throw new Error(`two API schemas are named ${name}`);
    names.set(schema, name);
    registry.add(schema, { id: name });
  };
  add("Error", ErrorBodySchema);
  for (const area of areas) for (const [name, schema] of Object.entries(area.schemas)) add(name, schema);
  for (const op of areas.flatMap((a) => a.operations)) {
    for (const [status, res] of Object.entries(op.responses)) if (res.schema) add(`${cap(op.operationId)}${status}`, res.schema);
  }
  const out = z.toJSONSchema(registry, { uri: (id) => `${COMPONENT}${id}`, unrepresentable: "any" }) as { schemas: Record<string, JsonSchema> };
  const schemas: Record<string, JsonSchema> = {};
  const shared = (out.schemas.__shared?.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [name, schema] of [...Object.entries(out.schemas), ...Object.entries(shared)]) {
    if (name === "__shared") continue;
    const { $schema: _s, $id: _i, ...rest } = schema;
    schemas[name] = rest;
  }
  // refs into the shared $defs point at components of their own
  const fixed = JSON.parse(JSON.stringify(schemas).replaceAll(`${COMPONENT}__shared#/$defs/`, COMPONENT)) as Record<string, JsonSchema>;
  return { schemas: fixed, ref: (schema: z.ZodType) => ({ $ref: `${COMPONENT}${names.get(schema)}` }) };
}

function cap(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function security(auth: ApiAuth) {
  switch (auth.kind) {
    case "public":
    case "signed":
      return [];
    case "session-optional":
      return [{}, { session: [] }];
    case "session":
      return [{ session: [] }];
  }
}

function authNote(auth: ApiAuth): string {
  switch (auth.kind) {
    case "public":
      return "No session.";
    case "session-optional":
      return "Session optional.";
    case "session":
      return auth.roles ? `Session with role ${auth.roles.join(" or ")}.` : "Session.";
    case "signed":
      return `No session; ${auth.how}.`;
  }
}

export function buildOpenApiDocument(input: { title: string; version: string; description?: string; areas: ApiArea[] }) {
  const { schemas, ref } = schemaComponents(input.areas);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of input.areas.flatMap((a) => a.operations)) {
    const parameters: unknown[] = [];
    for (const [, name] of op.path.matchAll(/\{(\w+)\}/g)) {
      const schema = op.pathParams?.[name];
      parameters.push({ name, in: "path", required: true, schema: schema ? inputSchema(schema) : { type: "string" } });
    }
    if (op.query) {
      const q = inputSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: "query", required: q.required?.includes(name) ?? false, schema });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, res] of Object.entries(op.responses)) {
      responses[status] = {
        description: res.description,
        ...(res.headers
          ? { headers: Object.fromEntries(Object.entries(res.headers).map(([h, d]) => [h, { description: d, schema: { type: "string" } }])) }
          : {}),
        ...(res.schema ? { content: { [res.contentType ?? "application/json"]: { schema: ref(res.schema) } } } : {}),
      };
    }
    const byStatus = new Map<number, ErrorCode[]>();
    for (const code of op.errors ?? []) {
      const status = ERROR_CODES[code].status;
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: `Error: ${codes.map((c) => `\`${c}\``).join(", ")}`,
        ...(codes.includes("rate_limited") ? { headers: { "Retry-After": { description: "seconds to wait", schema: { type: "string" } } } } : {}),
        content: { "application/json": { schema: ref(ErrorBodySchema) } },
        "x-error-codes": codes,
      };
    }
    paths[op.path] ??= {};
    if (paths[op.path][op.method]) throw new Error(`${op.method.toUpperCase()} ${op.path} is declared twice`);
    paths[op.path][op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: authNote(op.auth),
      tags: op.tags,
      security: security(op.auth),
      ...(op.auth.kind === "session" && op.auth.roles ? { "x-roles": op.auth.roles } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body ? { requestBody: { required: true, content: { [op.body.contentType]: { schema: inputSchema(op.body.schema) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: input.title, version: input.version, ...(input.description ? { description: input.description } : {}) },
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__Secure-app.session", description: "sealed server-side session reference" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

/**
 * The areas with only the operations `visible` keeps (an area keeps its named schemas; a
 * document built from them is then `withoutUnusedSchemas`).
 */
export function filterOperations(areas: ApiArea[], visible: (op: ApiOperation) => boolean): ApiArea[] {
  return areas.map((a) => ({ ...a, operations: a.operations.filter(visible) }));
}

/** The document without the components no path reaches (directly or through other components). */
export function withoutUnusedSchemas(doc: OpenApiDocument): OpenApiDocument {
  const refsIn = (value: unknown) => [...JSON.stringify(value).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
  const used = new Set<string>(refsIn(doc.paths));
  for (let todo = [...used]; todo.length > 0;) {
    const name = todo.pop()!;
    for (const next of refsIn(doc.components.schemas[name] ?? {})) {
      if (!used.has(next)) {
        used.add(next);
        todo.push(next);
      }
    }
  }
  const schemas = Object.fromEntries(Object.entries(doc.components.schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...doc.components, schemas } };
}

/**
 * The roles an operation of an area's contract allows (its `auth.roles`): the one place
 * they are declared; the API route and the page intent that do the same read them here.
 * Throws for an operation the area does not have or one without a role list.
 */
export function rolesOf(area: ApiArea, operationId: string): string[] {
  const op = area.operations.find((o) => o.operationId === operationId);
  if (!op || op.auth.kind !== "session" || !op.auth.roles) throw new Error(`no roles declared for ${operationId}`);
  return [...op.auth.roles];
}
