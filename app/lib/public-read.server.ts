// Pages count as public reads (spec: Limits > Public read (general) 60/min/IP). Over the
// limit the page answers 429 through the Slovak error boundary, keeping Retry-After
// (root.tsx `headers` passes it on).
import { data, type RouterContextProvider } from "react-router";
import { errorBody, HttpError } from "#server/http/errors";
import { requestContext, servicesContext } from "../context";

export async function countPublicRead(context: Readonly<RouterContextProvider>): Promise<void> {
  const services = context.get(servicesContext);
  try {
    await services.rateLimits.consume("public", context.get(requestContext).clientIp);
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) {
      throw data(errorBody(429, error.code, undefined, error.details), { status: 429, headers: error.headers });
    }
    throw error;
  }
}
