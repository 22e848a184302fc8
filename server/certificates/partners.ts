// Accreditation partner adapters (spec: What the service does 4; docs/decisions/certificates/certificates.md > Certificates).
// - manual (phase 1): the issuing job prepares the certificate's fields as a task
//   (certificate_requests); an admin sends them to the partner, enters the partner's
//   registration number (and the partner's PDF URL, if any), and only then is the
//   certificate stored.
// - sandbox: the embedded default and the tests; numbers are assigned here, at once.
// A phase-2 API partner would be a third kind: it returns a number like the sandbox.
import { randomInt } from "node:crypto";

export type CertificatePartnerKind = "manual" | "sandbox";

// Crockford's base 32 without I, L, O, U: nothing to misread when typed from paper
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A sandbox registration number, e.g. "SBX-2026-7F3K9Q2M": 40 random bits, so a collision
 * is rare; the database's unique key catches one and the job draws again.
 */
export function sandboxRegistrationNumber(issuedAt: Date): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `SBX-${issuedAt.getUTCFullYear()}-${code}`;
}
