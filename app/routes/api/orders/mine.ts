// GET /api/orders/me: the caller's orders, newest first (spec: Endpoints > Orders (student)).
import type { Route } from "./+types/mine";
import { apiRoute } from "../../../lib/api.server";
import { requireUser } from "../../../lib/auth.server";
import { servicesContext } from "../../../context";
import { json } from "#server/http/errors";
import { listStudentOrders } from "#server/orders";

export const loader = apiRoute(async ({ context }: Route.LoaderArgs) => {
  const { user } = requireUser(context);
  const data = await listStudentOrders(context.get(servicesContext).db, user.id);
  return json({ data }, { headers: { "Cache-Control": "private, no-store" } });
});
