// /klub/<orgId>: the club page of its club_admin or executive_director (issue 30;
// docs/decisions/clubs/club-seats.md > Club seats). Per course the seats bought, assigned and free; a free
// seat goes to a member found by name in the provider's member list or to an e-mail
// address; an unstarted seat is taken back; the progress of what the club sponsored, with
// the CSV export. Plain forms (Post/Redirect/Get), so it works without JavaScript; the
// role is asked live on every request (server/clubs requireClubAdmin).
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/club";
import { requireUserForPage } from "../lib/auth.server";
import { clubOf } from "../lib/clubs.server";
import { pageRoute } from "../lib/page.server";
import { contractBody, handleIntents, intent, type FormReply } from "../lib/admin-authoring.server";
import { pageTitle } from "../site";
import { AssignSeatBody, assignSeat, clubProgress, listClubSeats, requireClubAdmin, revokeSeat, searchClubMembers } from "#server/clubs";
import { formatDate } from "#shared/format";

const DONE = { priradene: "Miesto je priradené.", vratene: "Miesto je vrátené klubu; môžete ho priradiť inému členovi." } as const;

export const loader = pageRoute(async ({ request, params, context }: Route.LoaderArgs) => {
  requireUserForPage(request, context);
  const { deps, user, services } = clubOf(context);
  const club = await requireClubAdmin(deps, user.id, params.orgId);
  const url = new URL(request.url);
  const query = url.searchParams.get("hladat")?.trim() ?? "";
  const [seats, progress] = [await listClubSeats(deps.db, club), await clubProgress(deps.db, club, services.site.publicUrl)];
  const found = query ? await searchClubMembers(deps.idpApi, club.id, query) : null;
  const done = url.searchParams.get("hotovo");
  const rows = progress.data.map((r) => ({ ...r, lastActivity: r.lastActivityAt ? formatDate(r.lastActivityAt) : "—" }));
  return { club, seats: seats.courses, progress: rows, query, found, done: done && done in DONE ? DONE[done as keyof typeof DONE] : null };
});

// the page's form (with its intent); the contract's strict body checks what it carries
const AssignForm = z.object({ courseId: z.string(), personId: z.string().optional(), email: z.string().optional() });
const Revoke = z.object({ assignmentId: z.string().min(1) });

export const action = pageRoute(async ({ request, params, context }: Route.ActionArgs) => {
  requireUserForPage(request, context);
  const { deps, actor } = clubOf(context);
  const back = (key: keyof typeof DONE) => redirect(`/klub/${encodeURIComponent(params.orgId)}?hotovo=${key}`);
  return handleIntents(request, {
    // a refusal (not a member, no free seat, a started seat) goes back to handleIntents, which shows it on the form
    assign: intent({
      schema: AssignForm,
      run: async (v) => {
        const assigned = await assignSeat(deps, actor, params.orgId, contractBody(AssignSeatBody, v));
        return assigned.ok ? back("priradene") : assigned;
      },
    }),
    revoke: intent({
      schema: Revoke,
      run: async (v) => {
        const revoked = await revokeSeat(deps, actor, params.orgId, v.assignmentId);
        return revoked.ok ? back("vratene") : revoked;
      },
    }),
  });
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Klub ${loaderData.club.name}` : "Klub") },
  { name: "robots", content: "noindex" },
];

const STATES: Record<string, string> = { active: "prebieha", completed: "dokončený", expired: "vypršaný" };

export default function Club({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as FormReply | undefined;
  const errors = Object.values(reply?.result?.error ?? {})
    .flat()
    .filter(Boolean);
  const withFree = d.seats.filter((c) => c.free > 0);
  return (
    <section className="narrow club">
      <h1>Klub {d.club.name}</h1>
      {d.done ? (
        <p className="notice" role="status">
          {d.done}
        </p>
      ) : null}
      {errors.length ? (
        <div className="alert" role="alert">
          {errors.map((e) => (
            <p key={String(e)}>{String(e)}</p>
          ))}
        </div>
      ) : null}

      <h2>Miesta v kurzoch</h2>
      {d.seats.length === 0 ? <p>Klub zatiaľ nemá kúpené miesta. Na stránke kurzu zvoľte „Kúpiť pre klub“.</p> : null}
      {d.seats.map((c) => (
        <article key={c.courseId} className="card" aria-labelledby={`kurz-${c.courseId}`}>
          <h3 id={`kurz-${c.courseId}`}>
            <Link to={`/kurzy/${c.courseSlug}`}>{c.courseTitle}</Link>
          </h3>
          <p>
            Kúpené: <strong>{c.bought}</strong> · priradené: <strong>{c.assigned}</strong> · voľné: <strong>{c.free}</strong>
            {c.returned ? ` · vrátené: ${c.returned}` : ""}
          </p>
          {c.assignments.length ? (
            <ul className="seat-list">
              {c.assignments.map((a) => (
                <li key={a._id}>
                  {a.displayName ?? a.email}{" "}
                  {a.state === "pending" ? (
                    <span className="muted">(čaká na prvé prihlásenie {a.email})</span>
                  ) : a.started ? (
                    <span className="muted">(začal/a)</span>
                  ) : (
                    <span className="muted">(nezačal/a)</span>
                  )}
                  {!a.started ? (
                    <Form method="post" className="inline-form">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="assignmentId" value={a._id} />
                      <button type="submit" className="secondary">
                        Vziať späť
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {c.free > 0 ? (
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="courseId" value={c.courseId} />
              <label htmlFor={`email-${c.courseId}`}>Priradiť e-mailovej adrese</label>
              <input id={`email-${c.courseId}`} name="email" type="email" required autoComplete="off" />
              <button type="submit">Priradiť</button>
            </Form>
          ) : null}
        </article>
      ))}

      {withFree.length ? (
        <>
          <h2>Priradiť členovi</h2>
          <Form method="get" className="inline-form">
            <label htmlFor="hladat">Meno člena</label>
            <input id="hladat" name="hladat" type="search" defaultValue={d.query} />
            <button type="submit" className="secondary">
              Hľadať
            </button>
          </Form>
          {d.found && d.found.length === 0 ? <p>Nikoho s takým menom v klube nenašli.</p> : null}
          <ul className="member-list">
            {(d.found ?? []).map((m) => (
              <li key={m.personId}>
                <strong>{m.displayName}</strong>
                {withFree.map((c) => (
                  <Form key={c.courseId} method="post" className="inline-form">
                    <input type="hidden" name="intent" value="assign" />
                    <input type="hidden" name="courseId" value={c.courseId} />
                    <input type="hidden" name="personId" value={m.personId} />
                    <button type="submit" aria-label={`Priradiť ${m.displayName}: ${c.courseTitle}`}>
                      Priradiť: {c.courseTitle}
                    </button>
                  </Form>
                ))}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>Postup členov</h2>
      <p className="muted">Len kurzy, ktoré klub členom hradí; vlastné nákupy členov klub nevidí.</p>
      {d.progress.length === 0 ? (
        <p>Zatiaľ nikto.</p>
      ) : (
        <table className="stack-on-phone">
          <thead>
            <tr>
              <th scope="col">Člen</th>
              <th scope="col">Kurz</th>
              <th scope="col">Stav</th>
              <th scope="col">Posledná aktivita</th>
              <th scope="col">Testy</th>
              <th scope="col">Certifikáty</th>
            </tr>
          </thead>
          <tbody>
            {d.progress.map((r) => (
              <tr key={r.enrollmentId}>
                <td data-label="Člen">{r.displayName}</td>
                <td data-label="Kurz">{r.courseTitle}</td>
                <td data-label="Stav">
                  {STATES[r.state] ?? r.state}, {r.percent} %
                </td>
                <td data-label="Posledná aktivita">{r.lastActivity}</td>
                <td data-label="Testy">{r.passedTests}</td>
                <td data-label="Certifikáty">
                  {r.certificates.length
                    ? r.certificates.map((c) => (
                        <a key={c.registrationNumber} href={c.verificationUrl}>
                          {c.registrationNumber}
                        </a>
                      ))
                    : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={`/api/orgs/${encodeURIComponent(d.club.id)}/progress?format=csv`}>Stiahnuť postup (CSV)</a>
      </p>
    </section>
  );
}
