import { operationRoute, publicMethod, signedMethod } from "../../../lib/operation-route.server";
import { depsOf } from "../../../lib/deps.server";
import { DomainError, json } from "#server/kernel/errors";
import { videoApi } from "#server/video";

/** The validation answer: the token, verbatim, as text/plain. */
function validation(url: URL): Response | null {
  const token = url.searchParams.get("validationToken");
  if (token === null) return null;
  if (token.length === 0 || token.length > 1000) throw new DomainError("bad_request", "Parameter validationToken je prázdny alebo príliš dlhý.");
  return new Response(token, { status: 200, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const route = operationRoute({
  GET: publicMethod({
    operation: [videoApi, "validateMeetingsSubscription"],
    run: async ({ url }) => {
      const answer = validation(url);
      if (answer) return answer;
      throw new DomainError("bad_request", "Chýba parameter validationToken.", { parameter: "validationToken" });
    },
  }),
  POST: signedMethod({
    operation: [videoApi, "receiveMeetingNotifications"],
    run: async ({ services, url, request }) => {
      const answer = validation(url);
      if (answer) return answer;
      const ack = await services.video.receiveMeetings(depsOf(services), await request.text());
      return json(ack, { headers: { "Cache-Control": "no-store" } });
    },
  }),
});

export const loader = route.loader;
export const action = route.action;
