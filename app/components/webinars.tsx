// The student's live sessions of a course (issue 33): upcoming with the Slovak date, the
// join button from 15 minutes before the start, "Pridať do kalendára" (.ics) and the past
// ones with their recording. Plain links and forms: it all works without JavaScript.
import { Form, Link } from "react-router";
import type { WebinarLine, WebinarPanelData } from "../lib/webinars.server";

export function JoinForm({ w }: { w: WebinarLine }) {
  if (w.state === "cancelled") return null;
  if (!w.joinUrl) return <span className="muted">Pripojiť sa dá od {w.opensAt}.</span>;
  return (
    <Form method="post" action={w.joinPath} reloadDocument className="inline-form">
      <button type="submit">Pripojiť sa</button>
    </Form>
  );
}

function Upcoming({ w, slug }: { w: WebinarLine; slug: string }) {
  return (
    <li className={`webinar state-${w.state}`}>
      <p>
        <strong>
          <Link to={`/kurzy/${slug}/webinare/${w._id}`}>{w.title}</Link>
        </strong>
        {w.state === "cancelled" ? <strong> – zrušený</strong> : null}
        <br />
        <time dateTime={w.startsAt}>{w.when}</time>
        {w.lecturer ? <span className="muted"> · {w.lecturer}</span> : null}
        {w.attendanceRequired ? <span className="muted"> · účasť je povinná na dokončenie úrovne</span> : null}
      </p>
      {w.state === "scheduled" ? (
        <p className="actions">
          <JoinForm w={w} />{" "}
          <a className="button secondary" href={w.calendarPath} download>
            Pridať do kalendára
          </a>
        </p>
      ) : null}
    </li>
  );
}

/** The panel on the learning dashboard and the course page (nothing when the course has no sessions). */
export function WebinarPanel({ data }: { data: WebinarPanelData | null }) {
  if (!data || (data.upcoming.length === 0 && data.past.length === 0)) return null;
  const withRecording = data.past.filter((w) => w.recording);
  return (
    <section className="webinars card" aria-labelledby="webinars-heading">
      <h2 id="webinars-heading">Webináre</h2>
      {data.upcoming.length > 0 ? (
        <ul className="webinar-list">
          {data.upcoming.map((w) => (
            <Upcoming key={w._id} w={w} slug={data.slug} />
          ))}
        </ul>
      ) : (
        <p className="muted">Žiadny ďalší webinár nie je naplánovaný.</p>
      )}
      {withRecording.length > 0 ? (
        <>
          <h3>Záznamy</h3>
          <ul className="webinar-list">
            {withRecording.map((w) => (
              <li key={w._id}>
                <Link to={`/kurzy/${data.slug}/webinare/${w._id}`}>Záznam: {w.title}</Link> <span className="muted">({w.when})</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="muted">
        Všetky webináre vo vašom kalendári: <Link to="/ucet/kalendar">osobný kalendár na odber</Link>.
      </p>
    </section>
  );
}
