// What the club page and its JSON twin share (STYLE.md: an HTML action and its /api twin
// call the same domain function): the deps (depsOf) and the acting club admin.
// The org-admin role is asked live by server/clubs on every request (docs/decisions/clubs/club-seats.md > Club seats).
import type { RouterContextProvider } from "react-router";
import { servicesContext } from "../context";
import { actorOf, requireUser } from "./auth.server";
import type { ClubDeps } from "#server/clubs";
import { depsOf } from "./deps.server";

export function clubOf(context: Readonly<RouterContextProvider>) {
  const { user } = requireUser(context);
  const services = context.get(servicesContext);
  const deps: ClubDeps = depsOf(services);
  return { user, services, deps, actor: actorOf(context, user) };
}
