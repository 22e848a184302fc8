import { method, operationRoute } from "../../../lib/operation-route.server";
import { clubOf } from "../../../lib/clubs.server";
import { clubsApi, revokeSeat } from "#server/clubs";

const route = operationRoute({
  DELETE: method({
    operation: [clubsApi, "revokeClubSeat"],
    run: async ({ context, params }) => {
      const { deps, actor } = clubOf(context);
      await revokeSeat(deps, actor, params.orgId, params.assignmentId);
      return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
    },
  }),
});

export const action = route.action;
