// GET /kalendar/<feedId>.<signature>.ics: a student's personal calendar feed, which calendar
// apps subscribe to without a session (the signed URL is the credential; revoked on
// /ucet/kalendar). An unknown, forged or revoked URL is 404.
import type { Route } from "./+types/calendar-feed";
import { servicesContext } from "../context";
import { apiError, DomainError } from "#server/kernel/errors";
import { calendarFeed } from "#server/webinars";
import { depsOf } from "../lib/deps.server";

export const loader = async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const file = params.file ?? "";
  if (!file.endsWith(".ics") || file.length > 200) return apiError(404);
  try {
    const ics = await calendarFeed(depsOf(services), services.webinars.feedKey, file.slice(0, -4));
    return new Response(ics, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") return apiError(404, { message: error.message });
    throw error;
  }
};
