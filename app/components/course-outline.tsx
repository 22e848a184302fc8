// The course outline beside a part (the part page): levels, modules with their share done,
// parts with their states; the current part is marked, locked parts are text.
import { Link } from "react-router";
import { StateIcon } from "./learning-state";
import type { OutlineData } from "../lib/learn-part-view";

export function Outline({ outline, slug, headingId }: { outline: OutlineData; slug: string; headingId: string }) {
  return (
    <>
      <h2 id={headingId}>
        Obsah kurzu{" "}
        <span className="muted">
          ({outline.completed}/{outline.total})
        </span>
      </h2>
      <ol aria-labelledby={headingId}>
        {outline.levels.map((level) => (
          <li key={level.id} className="outline-level">
            <span>
              {level.title}
              {level.state === "locked" ? <span className="visually-hidden"> (zamknutá)</span> : null}
            </span>
            <ol>
              {level.modules.map((m) => (
                <li key={m.id} className="outline-module">
                  <span>
                    <StateIcon state={m.state} ratio={m.ratio} />
                    {m.title}
                    <span className="visually-hidden">
                      {" "}
                      ({m.state === "completed" ? "dokončený" : m.state === "locked" ? "zamknutý" : m.state === "in_progress" ? "rozpracovaný" : "dostupný"})
                    </span>
                  </span>
                  <ol>
                    {m.parts.map((p) => (
                      <li key={p.id} className="outline-part">
                        {p.state === "locked" ? (
                          <span>
                            <StateIcon state="locked" />
                            {p.title}
                            <span className="visually-hidden"> (zamknuté)</span>
                          </span>
                        ) : (
                          <Link to={`/kurzy/${slug}/studium/${p.id}`} aria-current={p.current ? "page" : undefined}>
                            <StateIcon state={p.state} />
                            {p.title}
                            <span className="visually-hidden">
                              {" "}
                              ({p.state === "completed" ? "dokončené" : p.state === "in_progress" ? "rozpracované" : "dostupné"})
                            </span>
                          </Link>
                        )}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ol>
    </>
  );
}
