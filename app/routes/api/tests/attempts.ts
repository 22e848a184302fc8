// /api/tests/<id>/attempts: GET the caller's attempts; POST starts one (Idempotency-Key
// required; an attempt in progress is resumed, also 201). spec: Endpoints > Tests (student).
import { method, operationRoute } from "../../../lib/operation-route.server";
import { idempotentStart } from "../../../lib/quizzes.server";
import { servicesContext } from "../../../context";
import { DomainError, json, parseJsonBody } from "#server/kernel/errors";
import { answerResponse, idempotencyOf } from "#server/http/idempotency";
import { quizzesApi, listAttempts } from "#server/quizzes";
import { depsOf } from "../../../lib/deps.server";

const route = operationRoute({
  GET: method({
    operation: [quizzesApi, "listAttempts"],
    run: async ({ params, context, user }) => {
      const { db } = context.get(servicesContext);
      const list = await db.transaction((tx) => listAttempts(tx, depsOf(context), user.id, params.testId));
      return json(list, { headers: { "Cache-Control": "private, no-store" } });
    },
  }),
  POST: method({
    operation: [quizzesApi, "startAttempt"],
    run: async ({ request, params, context, user }) => {
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
    },
  }),
});

export const action = route.action;
export const loader = route.loader;
