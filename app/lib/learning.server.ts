// What the learning routes (API and pages) hand the learning area.
import type { RouterContextProvider } from "react-router";
import type { LearningDeps } from "#server/learning";
import { servicesContext } from "../context";

export function learningDeps(context: Readonly<RouterContextProvider>): LearningDeps {
  const services = context.get(servicesContext);
  return { db: services.db, queue: services.queue, media: services.media, now: services.clock.now() };
}

/** Learning answers carry the caller's data and signed URLs: never stored by a cache. */
export const PRIVATE = { "Cache-Control": "private, no-store" } as const;
