import { method, operationRoute } from "../../../lib/operation-route.server";
import { clubOf } from "../../../lib/clubs.server";
import { json } from "#server/kernel/errors";
import { AssignSeatBody, assignSeat, clubsApi } from "#server/clubs";

const route = operationRoute({
  POST: method({
    operation: [clubsApi, "assignClubSeat"],
    body: AssignSeatBody,
    run: async ({ context, params, body }) => {
      const { deps, actor } = clubOf(context);
      const assigned = await assignSeat(deps, actor, params.orgId, body);
      // a refusal goes to operationRoute, which answers it with the spec's error body
      return assigned.ok ? json(assigned.value, { status: 201, headers: { "Cache-Control": "no-store" } }) : assigned;
    },
  }),
});

export const action = route.action;
