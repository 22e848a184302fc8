// /api/tests/<id>/attempts: GET the caller's attempts; POST starts one (Idempotency-Key
// required; an attempt in progress is resumed, also 201). spec: Endpoints > Tests (student).
import type { Route } from "./+types/attempts";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { idempotentStart, quizDeps } from "../../../lib/quizzes.server";
import { servicesContext } from "../../../context";
import { DomainError, json, parseJsonBody } from "#server/http/errors";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { listAttempts } from "#server/quizzes";

export const loader = apiRoute(async ({ params, context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const { db } = context.get(servicesContext);
  const list = await db.transaction((tx) => listAttempts(tx, quizDeps(context), user.id, params.testId));
  return json(list, { headers: { "Cache-Control": "private, no-store" } });
});

export const action = apiRoute(async ({ request, params, context }: Route.ActionArgs) => {
  const { user } = requireUser(context);
  const text = await request.text();
  let body: unknown = undefined;
  if (text.trim() !== "") {
    try {
      body = parseJsonBody(text);
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new DomainError("validation", "Telo požiadavky nie je platný JSON.", [
        { path: "", message: "Telo požiadavky má byť prázdne.", code: "invalid_json" },
      ]);
    }
  }
  return answerResponse(await idempotentStart(context, user, params.testId, { ...idempotencyOf(request), body }));
});
