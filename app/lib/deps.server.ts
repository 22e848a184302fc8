// The one dependency builder of the use cases (issue 34, item 2): what a route hands a
// domain function, built from the request's services. Each area declares the narrow
// `XxxDeps` it needs (LearningDeps, QuizDeps, StudentDeps, EnrollmentAdminDeps,
// OpenBadgeDeps, ClubDeps, TransferDeps, ...); structural typing accepts this wider object.
// `now` is read from the clock once, when the object is built: build it once per use case
// call (as every route does), so one operation sees one instant.
import type { RouterContextProvider } from "react-router";
import type { AppServices } from "#server/services";
import { servicesContext } from "../context";

export type UseCaseDeps = {
  db: AppServices["db"];
  queue: AppServices["queue"];
  media: AppServices["media"];
  idpApi: AppServices["idpApi"];
  credentials: AppServices["credentials"];
  now: Date;
  /** the site's public origin (links in e-mails, calendar feeds, credentials) */
  publicUrl: string;
  /** the Open Badges issuer's e-mail (MAIL_FROM) */
  issuerEmail: string;
};

/** The use cases' dependencies from a request's context, or from the services where only they are at hand. */
export function depsOf(from: Readonly<RouterContextProvider> | AppServices): UseCaseDeps {
  const services = "get" in from ? from.get(servicesContext) : from;
  return {
    db: services.db,
    queue: services.queue,
    media: services.media,
    idpApi: services.idpApi,
    credentials: services.credentials,
    now: services.clock.now(),
    publicUrl: services.site.publicUrl,
    issuerEmail: services.site.contactEmail,
  };
}
