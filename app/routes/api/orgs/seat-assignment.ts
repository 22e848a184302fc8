import { method, operationRoute } from "../../../lib/operation-route.server";
import { clubOf } from "../../../lib/clubs.server";
import { clubsApi, revokeSeat } from "#server/clubs";

const route = operationRoute({
  DELETE: method({
    operation: [clubsApi, "revokeClubSeat"],
    run: async ({ context, params }) => {
      const { deps, actor } = clubOf(context);
      const revoked = await revokeSeat(deps, actor, params.orgId, params.assignmentId);
      // a refusal goes to operationRoute, which answers it with the spec's error body
      return revoked.ok ? new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } }) : revoked;
    },
  }),
});

export const action = route.action;
