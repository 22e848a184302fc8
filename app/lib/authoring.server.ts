// The /api/admin authoring routes in one shape: per method the roles (checked first, so a
// student gets 403 before anything else; roles re-read for this request), the zod body
// schema (422 `validation` with details[{path, message, code}]), the domain call and the
// success status. Routes stay a table of these; the work is in server/authoring.
import type { ApiArea } from "#server/http/openapi";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AppRole } from "#server/identity";
import type { Actor } from "#server/authoring";
import type { AppServices } from "#server/services";
import { DomainError, json, methodNotAllowed, zodDetails } from "#server/http/errors";
import { apiRoute, readJsonBody } from "./api.server";
import { requireRole, actorOf, operationRoles } from "./auth.server";
import { requireRecentSignIn } from "./step-up.server";
import { servicesContext } from "../context";

/** spec: "content_manager+" means role content_manager or admin */
export const EDITORS: AppRole[] = ["content_manager", "admin"];
export const ADMINS: AppRole[] = ["admin"];

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

export type AuthoringCall<B> = {
  services: AppServices;
  actor: Actor;
  params: Record<string, string>;
  body: B;
  url: URL;
  /** the request, for a method that reads its body itself (a streamed upload: no `body` schema) */
  request: Request;
};

export type MethodSpec<S extends z.ZodType | undefined> = {
  /** the contract operation this method serves: its declared roles are checked */
  operation?: [area: ApiArea, operationId: string];
  roles?: AppRole[];
  body?: S;
  status?: number;
  /** a sensitive action: the sign-in must be recent (app/lib/step-up.server.ts) */
  stepUp?: boolean;
  run: (call: AuthoringCall<S extends z.ZodType ? z.output<S> : undefined>) => Promise<unknown>;
};

/** A method's spec, typed by its body schema. */
export function method<S extends z.ZodType | undefined = undefined>(spec: MethodSpec<S>): MethodSpec<S> {
  return spec;
}

export { readJsonBody };

async function handle(args: Args, spec: MethodSpec<z.ZodType | undefined>): Promise<Response> {
  const roles = spec.operation ? operationRoles(...spec.operation) : (spec.roles ?? EDITORS);
  const { user } = requireRole(args.context, ...roles);
  if (spec.stepUp) requireRecentSignIn(args.request, args.context);
  const services = args.context.get(servicesContext);
  const actor: Actor = actorOf(args.context, user);
  const body = spec.body ? await readJsonBody(args.request, spec.body) : undefined;
  const params = Object.fromEntries(Object.entries(args.params).filter((e): e is [string, string] => e[1] !== undefined));
  const result = await spec.run({ services, actor, params, body: body as never, url: new URL(args.request.url), request: args.request });
  return json(result, { status: spec.status ?? 200, headers: { "Cache-Control": "private, no-store" } });
}

type Methods = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", MethodSpec<any>>>;

/** `loader` and `action` of an authoring resource route answering `methods`; others get 405. */
export function authoringRoute(methods: Methods) {
  const allowed = Object.keys(methods);
  const dispatch = apiRoute(async (args: Args) => {
    const spec = methods[args.request.method.toUpperCase() as keyof Methods];
    if (!spec) return methodNotAllowed(allowed);
    return handle(args, spec);
  });
  return { loader: dispatch, action: dispatch };
}
