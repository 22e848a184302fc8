// The course page's lower sections: the levels with their topics, the instructors and the
// accreditation.
import type { Route } from "../+types/course";
import { PictureImg } from "../../components/picture";

type Course = Route.ComponentProps["loaderData"];

export function CourseSyllabus({ c }: { c: Course }) {
  return (
    <>
      <section aria-labelledby="obsah-kurzu">
        <h2 id="obsah-kurzu">Obsah kurzu</h2>
        <p className="muted">Úrovne sa absolvujú postupne; celkový rozsah kurzu je {c.duration}.</p>
        <ol className="levels">
          {c.levels.map((l) => (
            <li key={l.id}>
              <h3>
                Úroveň {l.number}: {l.title}
              </h3>
              {l.subtitle && <p>{l.subtitle}</p>}
              <p className="muted">
                {[l.hours, l.topicCount, l.issuesIntermediateCertificate ? "končí čiastkovým certifikátom" : null].filter(Boolean).join(" · ")}
              </p>
              <ol className="topics">
                {l.topics.map((t) => (
                  <li key={t.id}>
                    {t.title}
                    {t.minutes && <span className="muted"> ({t.minutes})</span>}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </section>

      {c.instructors.length > 0 && (
        <section aria-labelledby="lektori">
          <h2 id="lektori">Lektori</h2>
          <ul className="instructors">
            {c.instructors.map((i) => (
              <li key={i.name} className="card">
                {i.avatar && <PictureImg picture={i.avatar} sizes="64px" alt="" className="avatar" width={64} height={64} loading="lazy" />}
                <h3>{i.name}</h3>
                {i.title && <p>{i.title}</p>}
                {i.affiliation && <p className="muted">{i.affiliation}</p>}
                {i.bioHtml && <div className="prose" dangerouslySetInnerHTML={{ __html: i.bioHtml }} />}
              </li>
            ))}
          </ul>
        </section>
      )}

      {c.accreditation && (
        <section aria-labelledby="akreditacia">
          <h2 id="akreditacia">Akreditácia</h2>
          <p>
            Kurz je akreditovaný v spolupráci s partnerom <strong>{c.accreditation.partnerName}</strong>
            {c.accreditation.accreditationNumber && <> (číslo akreditácie {c.accreditation.accreditationNumber})</>}.
            {c.accreditation.certificateType && <> Po úspešnom absolvovaní získate certifikát: {c.accreditation.certificateType}.</>}
          </p>
        </section>
      )}
    </>
  );
}
