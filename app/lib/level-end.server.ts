// A level's end names the intermediate certificate it issued (issue 29, item 2;
// docs/decisions/learning/one-next-step-everywhere.md > One next step everywhere): the certificate with its link once the
// issuing job has written it, else that it is on its way and where it will be.
import type { Database } from "#server/db";
import { findIssuedCertificate } from "#server/certificates";
import type { StudyPosition } from "#server/learning";
import type { LevelEnd } from "./next-step";

export async function levelEndOf(db: Database, position: StudyPosition): Promise<LevelEnd | null> {
  const level = position.lastCompletedLevel;
  if (!level) return null;
  if (!level.issuesIntermediateCertificate) return { levelTitle: level.title, issues: false, certificate: null };
  const row = await findIssuedCertificate(db, { enrollmentId: position.enrollmentId, type: "intermediate", levelId: level.id });
  return {
    levelTitle: level.title,
    issues: true,
    certificate: row && !row.revokedAt ? { title: row.certificateTitle, href: `/ucet/certifikaty/${row.id}` } : null,
  };
}
