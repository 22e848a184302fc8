// /kurzy/<slug>/webinare/<webinarId>: one live session for the enrolled student: when (in
// Slovak, Bratislava time), the lecturer, "Pripojiť sa" from 15 minutes before the start,
// "Pridať do kalendára", and after it the recording (signed playback URL). No JavaScript needed.
import { Link } from "react-router";
import type { Route } from "./+types/webinar";
import { Breadcrumbs } from "../components/breadcrumbs";
import { JoinForm } from "../components/webinars";
import { pageTitle } from "../site";
import { pageRoute } from "../lib/page.server";
import { requireUserForPage } from "../lib/auth.server";
import { webinarPanel } from "../lib/webinars.server";
import { DomainError } from "#server/kernel/errors";
import { webinarRecordingPlayPath } from "#server/webinars";
import { getStudyPosition } from "#server/learning";
import { depsOf } from "../lib/deps.server";

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  const { user } = requireUserForPage(request, context);
  const panel = await webinarPanel(context, user.id, params.slug);
  const webinar = [...panel.upcoming, ...panel.past].find((w) => w._id === params.webinarId);
  if (!webinar) throw new DomainError("not_found", "Webinár sa nenašiel.");
  // a required session: whether the student has met it (attended, or watched the recording)
  const requirement = webinar.attendanceRequired
    ? (await getStudyPosition(depsOf(context), user.id, params.slug)).requirements.find((r) => r.ref === webinar._id)
    : undefined;
  const watched = new URL(request.url).searchParams.get("zaznam");
  return {
    slug: panel.slug,
    webinar,
    ended: Date.parse(webinar.endsAt) <= Date.now(),
    met: requirement?.met ?? null,
    playPath: webinarRecordingPlayPath(panel.slug, webinar._id),
    watched: watched === "pozrety" || watched === "nedopozerany" ? watched : null,
  };
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Webinár: ${loaderData.webinar.title}` : "Webinár") },
  { name: "robots", content: "noindex" },
];

export default function WebinarPage({ loaderData }: Route.ComponentProps) {
  const { slug, webinar: w, ended, met, playPath, watched } = loaderData;
  return (
    <section className="narrow webinar-detail">
      <Breadcrumbs items={[{ label: "Môj účet", href: "/ucet" }, { label: "Štúdium", href: `/kurzy/${slug}/studium` }, { label: w.title }]} />
      <p className="muted">Webinár</p>
      <h1>{w.title}</h1>
      {w.state === "cancelled" ? (
        <p role="status" className="notice">
          Tento webinár je zrušený.
        </p>
      ) : null}
      <p>
        <time dateTime={w.startsAt}>{w.when}</time>
        {w.lecturer ? <> · Lektor: {w.lecturer}</> : null}
      </p>
      {w.attendanceRequired ? <p className="muted">Účasť je povinná na dokončenie úrovne; ak ste chýbali, pozrite si celý záznam.</p> : null}
      {met === true ? (
        <p role="status" className="notice success" data-requirement="met">
          Povinnú účasť na tomto webinári máte splnenú.
        </p>
      ) : null}
      {watched === "nedopozerany" ? (
        <p role="status" className="notice">
          Záznam ešte nemáte pozretý celý: spustite ho a pozrite aspoň 90 % dĺžky, potom to potvrďte.
        </p>
      ) : null}
      {w.description ? <p className="lead">{w.description}</p> : null}
      {!ended && w.state === "scheduled" ? (
        <p className="actions">
          <JoinForm w={w} />{" "}
          <a className="button secondary" href={w.calendarPath} download>
            Pridať do kalendára
          </a>
        </p>
      ) : null}
      {w.recording ? (
        <figure className="webinar-recording">
          {/* preload none: the browser fetches the play address only on play, so the server sees the viewing start */}
          <video controls preload="none" src={playPath} width="100%">
            <a href={playPath}>Prehrať záznam</a>
          </video>
          <figcaption>Záznam webinára</figcaption>
          {w.attendanceRequired && met === false ? (
            <form method="post" action={playPath}>
              <button type="submit" className="button secondary">
                Záznam som pozrel(a)
              </button>
            </form>
          ) : null}
        </figure>
      ) : ended && w.state === "scheduled" ? (
        <p className="muted">Záznam zatiaľ nie je k dispozícii.</p>
      ) : null}
      <p>
        <Link to={`/kurzy/${slug}/studium`}>Späť na štúdium</Link>
      </p>
    </section>
  );
}
