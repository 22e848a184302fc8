// The verification hash (spec: Resources > Certificate > verificationHash): SHA-256 over
// registrationNumber|type|studentId|courseId|courseVersionId|levelId|issuedAt, lowercase
// hex; levelId is empty text for a final certificate, issuedAt is `Date.toISOString()`.
// courseId is exactly the stored Certificate.courseId (the enrollment's courseId: the
// chain's first version, docs/decisions/authoring/course-identity-across-versions.md > Course identity across versions).
import { createHash, timingSafeEqual } from "node:crypto";

export type HashedFields = {
  registrationNumber: string;
  type: "final" | "intermediate";
  studentId: string;
  courseId: string;
  courseVersionId: string;
  levelId: string | null;
  issuedAt: Date;
};

/** The text the hash is computed over, for tests and people checking it by hand. */
export function hashedText(f: HashedFields): string {
  return [f.registrationNumber, f.type, f.studentId, f.courseId, f.courseVersionId, f.levelId ?? "", f.issuedAt.toISOString()].join("|");
}

export function verificationHash(f: HashedFields): string {
  return createHash("sha256").update(hashedText(f), "utf8").digest("hex");
}

/**
 * Whether `presented` (the `h` of a verification request) is the stored hash, in constant
 * time: both sides are hashed first, so neither their lengths nor a common prefix show in
 * the timing. Hex is case-insensitive, so an upper-case `h` matches too.
 */
export function hashMatches(stored: string, presented: string | null | undefined): boolean {
  if (!presented) return false;
  const a = createHash("sha256").update(stored.toLowerCase()).digest();
  const b = createHash("sha256").update(presented.trim().toLowerCase()).digest();
  return timingSafeEqual(a, b);
}
