// Pages count as public reads (spec: Limits > Public read (general) 60/min/IP). Over the
// limit the page answers 429 through the Slovak error boundary, keeping Retry-After
// (root.tsx `headers` passes it on). The public /api documents (Open Badges, OpenAPI)
// spend the same budget through their operations' `rateLimit: "public"` (429 with the JSON error body).
import type { RouterContextProvider } from "react-router";
import { DomainError } from "#server/kernel/errors";
import { pageError } from "./page.server";
import { requestContext, servicesContext } from "../context";

export async function countPublicRead(context: Readonly<RouterContextProvider>): Promise<void> {
  const services = context.get(servicesContext);
  try {
    await services.rateLimits.consume("public", context.get(requestContext).clientIp);
  } catch (error) {
    if (error instanceof DomainError) throw pageError(error);
    throw error;
  }
}
