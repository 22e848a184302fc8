// GET /kalendar/<feedId>.<signature>.ics: a student's personal calendar feed, which calendar
// apps subscribe to without a session (the signed URL is the credential; revoked on
// /ucet/kalendar). An unknown, forged or revoked URL is 404.
import type { Route } from "./+types/calendar-feed";
import { servicesContext } from "../context";
import { apiError } from "#server/kernel/errors";
import { calendarFeed } from "#server/webinars";
import { depsOf } from "../lib/deps.server";

export const loader = async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const file = params.file ?? "";
  if (!file.endsWith(".ics") || file.length > 200) return apiError(404);
  const ics = await calendarFeed(depsOf(services), services.webinars.feedKey, file.slice(0, -4));
  if (!ics.ok) return apiError(404, { message: ics.error.message });
  return new Response(ics.value, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
};
