// The course editor's publishing panel: the state, publish/archive/delete/new version
// (admin), the problems that stop a publish (each linked to its place), the versions.
import { Link } from "react-router";
import { ButtonForm, ReplyErrors, type ActionReply } from "../../../components/admin-authoring";
import type { Data } from "./forms";

// ---------- publishing ----------

export function ProblemList({
  problems,
  anchors,
  courseId,
}: {
  problems: NonNullable<ActionReply>["problems"];
  anchors: Record<string, string>;
  courseId: string;
}) {
  if (!problems?.length) return null;
  const hrefOf = (p: { id: string; path: string }) =>
    anchors[p.id] ?? (p.path === "levels" ? "#struktura" : p.path.startsWith("tests") ? `/admin/kurzy/${courseId}/testy` : `/admin/kurzy/${courseId}/udaje`);
  return (
    <div className="alert publish-problems" role="alert" aria-labelledby="problemy-nadpis">
      <h3 id="problemy-nadpis">Kurz sa nedá zverejniť. Doplňte:</h3>
      <ul>
        {problems.map((p) => (
          <li key={`${p.code}-${p.id}-${p.path}`}>
            <a href={hrefOf(p)}>{p.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const STATE_WORDS: Record<string, string> = { draft: "koncept", published: "zverejnená", archived: "archivovaná", deleted: "zmazaná" };

export function Publishing({ d, reply }: { d: Data; reply: ActionReply }) {
  const c = d.course;
  const adminOnly = "Zverejniť, archivovať a zmazať kurz môže len administrátor.";
  return (
    <section aria-labelledby="zverejnenie" className="card publishing">
      <h2 id="zverejnenie">Zverejnenie</h2>
      {c.state === "draft" ? (
        <p>
          Koncept: študenti ho nevidia. Po zverejnení sa objaví v katalógu
          {d.previousVersionId ? " a nahradí doterajšiu zverejnenú verziu (tá sa archivuje)" : ""}.
        </p>
      ) : c.state === "published" ? (
        <p>Zverejnený {d.publishedAt}. Je v katalógu a dá sa kúpiť.</p>
      ) : c.state === "archived" ? (
        <p>Archivovaný {d.archivedAt}. V katalógu nie je; zapísaní študenti pokračujú.</p>
      ) : (
        <p>Zmazaná verzia (ponechaná kvôli záznamom).</p>
      )}
      <ProblemList problems={reply?.form === "publish" ? reply.problems : undefined} anchors={d.anchors} courseId={c.id} />
      <ReplyErrors reply={reply} formKeys={["publish", "archive", "newVersion", "deleteCourse"]} />
      <div className="actions">
        {c.state === "draft" || c.state === "archived" ? (
          d.isAdmin ? (
            <ButtonForm formKey="publish" intent="publish" pendingLabel="Zverejňuje sa…">
              {c.state === "draft" ? "Zverejniť kurz" : "Znova zverejniť"}
            </ButtonForm>
          ) : (
            <span className="disabled-action">
              <button type="button" disabled aria-describedby="len-admin">
                {c.state === "draft" ? "Zverejniť kurz" : "Znova zverejniť"}
              </button>
              <span id="len-admin" className="muted">
                {adminOnly}
              </span>
            </span>
          )
        ) : null}
        {c.state === "published" && d.isAdmin ? (
          <ButtonForm
            formKey="archive"
            intent="archive"
            variant="secondary"
            confirm="Archivovať kurz? Z katalógu zmizne, zapísaní študenti pokračujú."
            pendingLabel="Archivuje sa…"
          >
            Archivovať
          </ButtonForm>
        ) : null}
        {c.state === "published" || c.state === "archived" ? (
          <ButtonForm formKey="newVersion" intent="newVersion" variant="secondary" pendingLabel="Vytvára sa…">
            Vytvoriť novú verziu
          </ButtonForm>
        ) : null}
        {c.state === "draft" && d.isAdmin ? (
          <ButtonForm formKey="deleteCourse" intent="deleteCourse" variant="danger" confirm="Zmazať tento koncept aj s celým obsahom?" pendingLabel="Maže sa…">
            Zmazať koncept
          </ButtonForm>
        ) : null}
      </div>
      {c.state === "published" && !d.isAdmin ? <p className="muted">{adminOnly}</p> : null}
      {d.versions.length > 1 ? (
        <nav aria-label="Verzie kurzu" className="versions">
          <p>
            Verzie kurzu:{" "}
            {d.versions.map((v, i) => (
              <span key={v.id}>
                {i ? " · " : ""}
                {v.current ? (
                  <strong aria-current="page">
                    {v.version} ({STATE_WORDS[v.state]})
                  </strong>
                ) : (
                  <Link to={`/admin/kurzy/${v.id}`}>
                    {v.version} ({STATE_WORDS[v.state]})
                  </Link>
                )}
              </span>
            ))}
          </p>
        </nav>
      ) : null}
    </section>
  );
}
