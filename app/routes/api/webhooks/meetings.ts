// /api/webhooks/meetings (phase 2; spec: Webhook receivers; Meeting events): GET (or POST)
// with `validationToken` answers the token as text/plain (subscription validation); POST
// {value[]} is checked against MEETINGS_CLIENT_STATE; a recording of a webinar's meeting is
// queued for import once (server/video meetings.ts, server/webinars imports.ts).
import type { Route } from "./+types/meetings";
import { apiRoute } from "../../../lib/api.server";
import { servicesContext } from "../../../context";
import { DomainError, json } from "#server/kernel/errors";
import { depsOf } from "../../../lib/deps.server";

/** The validation answer: the token, verbatim, as text/plain. */
function validation(request: Request): Response | null {
  const token = new URL(request.url).searchParams.get("validationToken");
  if (token === null) return null;
  if (token.length === 0 || token.length > 1000) throw new DomainError("bad_request", "Parameter validationToken je prázdny alebo príliš dlhý.");
  return new Response(token, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

export const loader = apiRoute(async ({ request }: Route.LoaderArgs) => {
  const answer = validation(request);
  if (answer) return answer;
  throw new DomainError("bad_request", "Chýba parameter validationToken.", { parameter: "validationToken" });
});

export const action = apiRoute(async ({ request, context }: Route.ActionArgs) => {
  const answer = validation(request);
  if (answer) return answer;
  const services = context.get(servicesContext);
  const ack = await services.video.receiveMeetings(depsOf(services), await request.text());
  return json(ack, { headers: { "Cache-Control": "no-store" } });
});
