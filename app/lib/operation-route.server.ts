// The /api routes of signed-in staff in one shape (docs/decisions/platform/api-route-operations.md):
// per method its contract operation, whose declared roles are checked first (a student gets
// 403 before anything else; roles re-read for this request), step-up where the method says
// so, the zod body and query schemas (422 `validation` with details[{path, message, code}]),
// the domain call and the success status. Routes stay a table of these; the work is in the
// areas. Deny by default: a method without an operation, an operation of another method or
// one that declares no roles stops the start (the route module is loaded with the build),
// never falls back to a default role list.
import type { ApiArea } from "#server/http/openapi";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AppRole } from "#server/identity";
import type { Actor } from "#server/authoring";
import type { AppServices } from "#server/services";
import { DomainError, json, methodNotAllowed } from "#server/kernel/errors";
import { isOutcome } from "#server/kernel/outcome";
import { apiRoute, parseQuery, readJsonBody } from "./api.server";
import { optionalUser, requireRole, requireUser, actorOf, operationRoles, type SignedIn } from "./auth.server";
import { requireRecentSignIn } from "./step-up.server";
import { requestContext, servicesContext } from "../context";
import type { IpLimitName } from "#server/http/rate-limit";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

export type AuthoringCall<B> = {
  services: AppServices;
  /** the signed-in person, roles re-read for this request */
  user: SignedIn["user"];
  /** the session and its CSRF token beside the user (GET /api/me answers them) */
  signedIn: SignedIn;
  actor: Actor;
  params: Record<string, string>;
  body: B;
  /** the URL's query through the method's `query` schema (undefined without one) */
  query: never;
  url: URL;
  /** the request, for a method that reads its body itself (a streamed upload: no `body` schema) */
  request: Request;
  /** the router context, for the areas' dependency builders that read the request's context */
  context: Readonly<RouterContextProvider>;
};

export type MethodSpec<S extends z.ZodType | undefined, Q extends z.ZodType | undefined = undefined> = {
  /** the contract operation this method serves: its declared roles are checked */
  operation: [area: ApiArea, operationId: string];
  body?: S;
  /** the URL's query parameters (each once), parsed before `run` */
  query?: Q;
  status?: number;
  /** a sensitive action: the sign-in must be recent (app/lib/step-up.server.ts) */
  stepUp?: boolean;
  /**
   * the domain call: its result is answered as JSON with `status`, or a Response it returns
   * goes out as it is (a PDF, an idempotent answer replayed with its own status); an Outcome
   * is answered by its value, a refused one as its error (the spec's body and status)
   */
  run: (
    call: Omit<AuthoringCall<S extends z.ZodType ? z.output<S> : undefined>, "query"> & { query: Q extends z.ZodType ? z.output<Q> : undefined },
  ) => Promise<unknown>;
};

/** What a public method's call gets: the signed-in visitor when there is one, no actor. */
export type PublicCall<B, Q> = Omit<AuthoringCall<B>, "user" | "signedIn" | "actor" | "query"> & {
  /** the signed-in visitor of a session-optional operation, else null */
  viewer: SignedIn["user"] | null;
  query: Q;
};

/**
 * A method of a public (or session-optional) operation, or of a signed one (a webhook or a
 * provider's token: no session, the area checks the signature of what was sent): no roles to
 * check, its per-IP limit spent first.
 */
export type PublicMethodSpec<S extends z.ZodType | undefined, Q extends z.ZodType | undefined = undefined> = Omit<MethodSpec<S, Q>, "run" | "stepUp"> & {
  public: true;
  /** set by `signedMethod`: the operation must be a signed one */
  signed?: true;
  /** the answer when the operation's per-IP limit refuses (instead of the 429 body), e.g. a page for a browser */
  whenLimited?: (refusal: DomainError, request: Request) => Response | null;
  run: (call: PublicCall<S extends z.ZodType ? z.output<S> : undefined, Q extends z.ZodType ? z.output<Q> : undefined>) => Promise<unknown>;
};

/** A public method's spec, typed by its body and query schemas. */
export function publicMethod<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: Omit<PublicMethodSpec<S, Q>, "public">,
): PublicMethodSpec<S, Q> {
  return { ...spec, public: true };
}

/** A signed operation's method (webhook receivers, the provider's logout and erasure tokens). */
export function signedMethod<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: Omit<PublicMethodSpec<S, Q>, "public" | "signed">,
): PublicMethodSpec<S, Q> {
  return { ...spec, public: true, signed: true };
}

/** A method's spec, typed by its body and query schemas. */
export function method<S extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(spec: MethodSpec<S, Q>): MethodSpec<S, Q> {
  return spec;
}

export { readJsonBody };

/** Who may call a method: any signed-in person (an operation of a session without roles), or these roles. */
type Access = "signed-in" | AppRole[];

async function handle(args: Args, spec: MethodSpec<z.ZodType | undefined, z.ZodType | undefined>, access: Access): Promise<Response> {
  const signedIn = access === "signed-in" ? requireUser(args.context) : requireRole(args.context, ...access);
  const { user } = signedIn;
  if (spec.stepUp) requireRecentSignIn(args.request, args.context);
  const services = args.context.get(servicesContext);
  const actor: Actor = actorOf(args.context, user);
  const result = await spec.run({ services, user, signedIn, actor, ...(await inputOf(args, spec)) });
  return answer(result, spec.status, { "Cache-Control": "private, no-store" });
}

/** What every method's call reads from the request: the path parameters, the URL, its query and body through their schemas. */
async function inputOf(args: Args, spec: { body?: z.ZodType; query?: z.ZodType }) {
  const url = new URL(args.request.url);
  const query = spec.query ? parseQuery(url, spec.query) : undefined;
  const body = spec.body ? await readJsonBody(args.request, spec.body) : undefined;
  const params = Object.fromEntries(Object.entries(args.params).filter((e): e is [string, string] => e[1] !== undefined));
  return { params, url, query: query as never, body: body as never, request: args.request, context: args.context };
}

/**
 * A Response the call returned goes out as it is; an Outcome (server/kernel/outcome.ts) is
 * answered by its value, or, refused, exactly as its DomainError thrown (the spec's error
 * body, the table's status, its headers); any other result as JSON with the method's status.
 */
function answer(result: unknown, status = 200, headers?: Record<string, string>): Response {
  if (isOutcome(result)) {
    if (!result.ok) throw result.error;
    result = result.value;
  }
  if (result instanceof Response) return result;
  return json(result, { status, ...(headers ? { headers } : {}) });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of different input types in one table; each is checked where it is written
type Methods = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", MethodSpec<any, any> | PublicMethodSpec<any, any>>>;

async function handlePublic(
  args: Args,
  spec: PublicMethodSpec<z.ZodType | undefined, z.ZodType | undefined>,
  limit: IpLimitName | undefined,
): Promise<Response> {
  const services = args.context.get(servicesContext);
  // counted before anything is read: a refused request spends the budget too
  if (limit) {
    try {
      await services.rateLimits.consume(limit, args.context.get(requestContext).clientIp);
    } catch (error) {
      const instead = error instanceof DomainError && spec.whenLimited ? spec.whenLimited(error, args.request) : null;
      if (!instead) throw error;
      return instead;
    }
  }
  const result = await spec.run({ services, viewer: optionalUser(args.context), ...(await inputOf(args, spec)) });
  return answer(result, spec.status);
}

/** `loader` and `action` of a resource route answering `methods`; others get 405. */
export function operationRoute(methods: Methods) {
  const allowed = Object.keys(methods);
  // each method's access, from its operation, resolved once when the module loads (start-up):
  // a session operation that names roles allows those, one without roles any signed-in
  // person; a public method serves only a public or session-optional operation and a session
  // method only a session one; roles that are none of the application's stop the start
  const access = new Map<string, Access>();
  const limits = new Map<string, IpLimitName | undefined>();
  for (const [verb, spec] of Object.entries(methods)) {
    const [area, operationId] = spec!.operation;
    const op = area.operations.find((o) => o.operationId === operationId);
    if (!op || op.method.toUpperCase() !== verb) throw new Error(`${verb}: the contract has no ${verb} operation ${operationId}`);
    limits.set(verb, op.rateLimit);
    if ("public" in spec!) {
      if (spec.signed) {
        if (op.auth.kind !== "signed") throw new Error(`${verb} ${op.path}: operation ${operationId} is not a signed one`);
      } else if (op.auth.kind !== "public" && op.auth.kind !== "session-optional")
        throw new Error(`${verb} ${op.path}: operation ${operationId} is not a public one`);
      continue;
    }
    if (op.auth.kind !== "session") throw new Error(`${verb} ${op.path}: operation ${operationId} is not one of a session`);
    if (!op.auth.roles) {
      access.set(verb, "signed-in");
      continue;
    }
    const declared = operationRoles(area, operationId);
    if (declared.length === 0) throw new Error(`${verb} ${op.path}: operation ${operationId} declares no application role`);
    access.set(verb, declared);
  }
  const dispatch = apiRoute(async (args: Args) => {
    // HEAD is answered as GET (the server leaves the body out)
    const asked = args.request.method.toUpperCase();
    const verb = asked === "HEAD" ? "GET" : asked;
    const spec = methods[verb as keyof Methods];
    // the root middleware answers other methods with 405 first; this is the last guard
    if (!spec) return methodNotAllowed(allowed);
    if ("public" in spec) return handlePublic(args, spec, limits.get(verb));
    const limit = limits.get(verb);
    if (limit) await args.context.get(servicesContext).rateLimits.consume(limit, args.context.get(requestContext).clientIp);
    return handle(args, spec, access.get(verb)!);
  });
  return { loader: dispatch, action: dispatch };
}
