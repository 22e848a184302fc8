// The course's stored snapshots (instructor profiles, accreditation) as every API shows
// them: only the known keys, optional ones omitted when unset (the contracts are strict).
import type { Accreditation, InstructorProfile } from "../db/schema";

/** A lecturer's snapshot; `avatarUrl` replaced by the photo's address a public view resolved (catalog/images.ts). */
export function instructorProfileView(p: InstructorProfile, avatarUrl: string | undefined = p.avatarUrl) {
  return {
    personId: p.personId,
    displayName: p.displayName,
    ...(p.title !== undefined ? { title: p.title } : {}),
    ...(p.bio !== undefined ? { bio: p.bio } : {}),
    ...(avatarUrl !== undefined ? { avatarUrl } : {}),
    ...(p.affiliation !== undefined ? { affiliation: p.affiliation } : {}),
  };
}

export function accreditationView(a: Accreditation | null) {
  if (!a) return null;
  return {
    partnerOrgId: a.partnerOrgId,
    partnerName: a.partnerName,
    certificateType: a.certificateType,
    ...(a.accreditationNumber !== undefined ? { accreditationNumber: a.accreditationNumber } : {}),
    ...(a.signatoryName !== undefined ? { signatoryName: a.signatoryName } : {}),
    ...(a.signatoryRole !== undefined ? { signatoryRole: a.signatoryRole } : {}),
  };
}
