// /ucet/kalendar: the student's personal calendar feed of webinars (issue 33): the URL to
// subscribe to in a calendar app, and a form that revokes it and makes a new one (when the
// address leaked). Works without JavaScript.
import { Form } from "react-router";
import type { Route } from "./+types/account-calendar";
import { Breadcrumbs } from "../components/breadcrumbs";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { calendarFeedUrl } from "../lib/webinars.server";
import { servicesContext } from "../context";
import { renewCalendarFeed } from "#server/webinars";

export const loader = pageRoute(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  return { feedUrl: await calendarFeedUrl(context, user.id), renewed: new URL(request.url).searchParams.has("nova") };
});

export const action = pageRoute(async ({ request, context }: Route.ActionArgs) => {
  const { user } = requireUserForPage(request, context);
  const services = context.get(servicesContext);
  await renewCalendarFeed(services.db, services.webinars.feedKey, user.id, services.clock.now());
  return new Response(null, { status: 303, headers: { Location: "/ucet/kalendar?nova" } });
});

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Kalendár webinárov") }, { name: "robots", content: "noindex" }];

export default function AccountCalendar({ loaderData }: Route.ComponentProps) {
  const { feedUrl, renewed } = loaderData;
  return (
    <section className="narrow">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Kalendár webinárov" }]} />
      <h1>Kalendár webinárov</h1>
      {renewed ? (
        <p role="status" className="notice success">
          Vytvorili sme novú adresu; stará už nefunguje.
        </p>
      ) : null}
      <p>
        Túto adresu pridajte do svojho kalendára (Google, Outlook, Apple) ako odber. Kalendár bude mať všetky webináre vašich kurzov vrátane zmien a zrušení.
      </p>
      <p>
        <label htmlFor="feed-url">Adresa kalendára</label>
        <br />
        <input id="feed-url" type="text" readOnly value={feedUrl} size={60} />
      </p>
      <p className="muted">Adresa je osobná: kto ju pozná, vidí vaše webináre. Ak ste ju niekomu omylom poslali, vytvorte novú.</p>
      <Form method="post">
        <button type="submit">Zrušiť adresu a vytvoriť novú</button>
      </Form>
    </section>
  );
}
