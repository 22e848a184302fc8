// The end of something (a part, a module, a level, a test) and the one way on from it
// (issue 29, item 2; docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere): what was completed, the
// intermediate certificate a level issued with its link, and one primary button to the next
// step. Plain links: works without JavaScript.
import { Link } from "react-router";
import type { LevelEnd, NextStepLink } from "../lib/next-step";

type Props = {
  message: string | null;
  levelEnd: LevelEnd | null;
  link: NextStepLink;
  note: string | null;
};

export function NextStepPanel({ message, levelEnd, link, note }: Props) {
  return (
    <div className="notice success next-step" role="status">
      {message ? (
        <p>
          <strong>{message}</strong>
        </p>
      ) : null}
      {levelEnd?.issues ? (
        levelEnd.certificate ? (
          <p>
            Za úroveň {levelEnd.levelTitle} sme vám vydali priebežné osvedčenie: <Link to={levelEnd.certificate.href}>{levelEnd.certificate.title}</Link>.
          </p>
        ) : (
          <p>
            Za úroveň {levelEnd.levelTitle} vám vydávame priebežné osvedčenie; o chvíľu ho nájdete v <Link to="/ucet/certifikaty">Mojich certifikátoch</Link> a
            príde vám aj e-mailom.
          </p>
        )
      ) : null}
      <p>
        <Link className="button" to={link.href} data-next-step>
          {link.label}
        </Link>
      </p>
      {note ? <p className="muted">{note}</p> : null}
    </div>
  );
}
