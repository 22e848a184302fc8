// expectMatchesContract: a response of the running app validated against the OpenAPI
// document it serves (GET /api/openapi.json; anonymously that lists the public and student
// operations, so an admin operation is looked up in the whole contract, which is what an
// admin is served: app/lib/openapi.server.ts openApiDocument): the status must be documented for the
// operation, and a JSON body must satisfy the documented schema (JSON Schema 2020-12,
// the subset zod 4 emits; unknown keywords fail loudly so the subset cannot drift).
import { expect } from "vitest";
import { openApiDocument } from "../../app/lib/openapi.server";

type Schema = Record<string, unknown> | boolean;
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: { schemas: Record<string, Schema> };
};

const documents = new Map<string, Promise<Doc>>();

/** The whole contract (admin operations included), as an admin is served it. */
function wholeContract(): Doc {
  return JSON.parse(JSON.stringify(openApiDocument())) as Doc;
}

function documentOf(origin: string): Promise<Doc> {
  let doc = documents.get(origin);
  if (!doc) {
    doc = fetch(`${origin}/api/openapi.json`).then(async (res) => {
      if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
      return (await res.json()) as Doc;
    });
    documents.set(origin, doc);
  }
  return doc;
}

/** The documented path template a concrete path falls under (/api/courses/x → /api/courses/{slug}). */
export function matchPath(doc: Pick<Doc, "paths">, path: string): string | undefined {
  const segments = path.split("?")[0].split("/");
  const candidates = Object.keys(doc.paths).filter((template) => {
    const t = template.split("/");
    return t.length === segments.length && t.every((s, i) => /^\{\w+\}$/.test(s) || s === segments[i]);
  });
  // literal segments win over parameters
  return candidates.sort((a, b) => (b.match(/\{/g)?.length ?? 0) - (a.match(/\{/g)?.length ?? 0)).at(-1);
}

const KNOWN = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "oneOf",
  "allOf",
  "enum",
  "const",
  "$ref",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "propertyNames",
  "description",
  "default",
  "title",
  "discriminator",
]);

/** Errors of `value` against `schema` (empty when valid). */
export function validate(doc: Pick<Doc, "components">, schema: Schema, value: unknown, at = "$"): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${at}: not allowed`];
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) return [`${at}: schema keyword ${key} not supported by the test validator`];
  const s = schema as Record<string, any>;
  if (s.$ref) {
    const name = String(s.$ref).replace("#/components/schemas/", "");
    const target = doc.components.schemas[name];
    return target === undefined ? [`${at}: unresolved ${s.$ref}`] : validate(doc, target, value, at);
  }
  const errors: string[] = [];
  if (s.anyOf || s.oneOf) {
    const branches: Schema[] = s.anyOf ?? s.oneOf;
    const passing = branches.filter((b) => validate(doc, b, value, at).length === 0).length;
    if (s.anyOf ? passing === 0 : passing !== 1) errors.push(`${at}: matches ${passing} of ${s.anyOf ? "anyOf" : "oneOf"}`);
  }
  for (const sub of s.allOf ?? []) errors.push(...validate(doc, sub, value, at));
  if (s.enum && !s.enum.some((v: unknown) => JSON.stringify(v) === JSON.stringify(value))) errors.push(`${at}: ${JSON.stringify(value)} not in enum`);
  if ("const" in s && JSON.stringify(s.const) !== JSON.stringify(value)) errors.push(`${at}: not ${JSON.stringify(s.const)}`);
  if (s.type) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const actual = value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
    if (!types.some((t) => t === actual || (t === "number" && actual === "integer"))) return [...errors, `${at}: ${actual}, expected ${types.join("|")}`];
  }
  if (typeof value === "number") {
    if (s.minimum !== undefined && value < s.minimum) errors.push(`${at}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) errors.push(`${at}: above ${s.maximum}`);
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) errors.push(`${at}: not above ${s.exclusiveMinimum}`);
    if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) errors.push(`${at}: not below ${s.exclusiveMaximum}`);
  }
  if (typeof value === "string") {
    if (s.minLength !== undefined && value.length < s.minLength) errors.push(`${at}: shorter than ${s.minLength}`);
    if (s.maxLength !== undefined && value.length > s.maxLength) errors.push(`${at}: longer than ${s.maxLength}`);
    if (s.pattern && !new RegExp(s.pattern, "u").test(value)) errors.push(`${at}: does not match ${s.pattern}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) errors.push(`${at}: fewer than ${s.minItems} items`);
    if (s.maxItems !== undefined && value.length > s.maxItems) errors.push(`${at}: more than ${s.maxItems} items`);
    if (s.items !== undefined) value.forEach((v, i) => errors.push(...validate(doc, s.items, v, `${at}[${i}]`)));
  } else if (value !== null && typeof value === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in obj)) errors.push(`${at}.${key}: missing`);
    for (const [key, v] of Object.entries(obj)) {
      if (s.properties?.[key] !== undefined) errors.push(...validate(doc, s.properties[key], v, `${at}.${key}`));
      else if (s.additionalProperties === false) errors.push(`${at}.${key}: not in the contract`);
      else if (s.additionalProperties !== undefined) errors.push(...validate(doc, s.additionalProperties, v, `${at}.${key}`));
    }
  }
  return errors;
}

/**
 * Checks a response against the served contract. `path` is the request path (its query
 * is ignored); `body` is the parsed JSON when the test has read it already.
 */
export async function expectMatchesContract(method: string, path: string, res: Response, body?: unknown): Promise<void> {
  const origin = new URL(res.url).origin;
  const served = await documentOf(origin);
  const doc: Doc = matchPath(served, path) ? served : wholeContract();
  const template = matchPath(doc, path);
  expect(template, `${path} is not in /api/openapi.json`).toBeDefined();
  const operation = doc.paths[template!][method.toLowerCase()];
  expect(operation, `${method} ${template} is not in /api/openapi.json`).toBeDefined();
  const documented = operation.responses[String(res.status)];
  expect(documented, `${method} ${template} does not document status ${res.status}`).toBeDefined();
  const content = documented.content?.["application/json"];
  if (!content) return;
  expect(res.headers.get("content-type") ?? "").toMatch(/^application\/json/);
  const value = body === undefined ? await res.clone().json() : body;
  expect(validate(doc, content.schema, value), `${method} ${path} ${res.status}`).toEqual([]);
}

/** An error answer: the status, and the spec's body {error: code, message, details}; returns the body. */
export async function expectApiError(res: Response, status: number, code: string): Promise<{ error: string; message: string; details: unknown }> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: string; message: string; details: unknown };
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  return body;
}
