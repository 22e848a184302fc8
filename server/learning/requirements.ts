// Level requirements from outside the course content (issue 33, item 4; docs/decisions/
// learning/level-requirements-port.md): a level may also wait for something another area
// knows, e.g. attendance at a webinar (met by joining, by the admin's correction, or by
// watching its recording to VIDEO_COMPLETION_RATIO). Learning imports no such area: start-up
// hands it a source (`installLevelRequirements`), which answers the requirements of one
// enrollment, each already mapped to a level of the enrollment's course version.
import type { DbOrTx } from "../db";

export type LevelRequirement = {
  /** stable within the enrollment (e.g. `webinar:<id>`) */
  id: string;
  /** a level of the enrollment's course version */
  levelId: string;
  /** what kind of thing it is (the pages say it and link it): only webinars so far */
  kind: "webinar";
  /** the id of the thing (the webinar's id) */
  ref: string;
  title: string;
  met: boolean;
};

/** The source of the requirements of one enrollment (active or completed). */
export type LevelRequirementSource = (db: DbOrTx, enrollmentId: string) => Promise<LevelRequirement[]>;

let source: LevelRequirementSource | null = null;

/** Start-up hands the source in (server/services.ts); without one no level has such requirements. */
export function installLevelRequirements(next: LevelRequirementSource | null): void {
  source = next;
}

export async function loadLevelRequirements(db: DbOrTx, enrollmentId: string): Promise<LevelRequirement[]> {
  return source ? source(db, enrollmentId) : [];
}
