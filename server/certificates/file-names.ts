// Names of the files a certificate's owner downloads: the course, the registration number
// and what the file is, without diacritics (docs/decisions/certificates/a-certificate-page-that-says-what-it.md > A certificate page that says
// what it is), e.g. `riadenie-sportoveho-klubu-SBX-2026-7F3K9Q2M-potvrdenie.pdf`.
import type { CertificateRow } from "./issue";
import { slugify } from "../../shared/slugs";

/** "Riadenie športového klubu" → "riadenie-sportoveho-klubu" (file names without diacritics). */
function fileSlug(text: string, max = 48): string {
  return slugify(text, max) || "certifikat";
}

/** A download's name: the course, the registration number and what the file is. */
export function certificateFileName(row: Pick<CertificateRow, "registrationNumber" | "courseTitle" | "levelTitle">, what: string, extension: string): string {
  const course = fileSlug(row.levelTitle ? `${row.courseTitle} ${row.levelTitle}` : row.courseTitle);
  return `${course}-${row.registrationNumber.replace(/[^A-Za-z0-9._-]/g, "-")}-${what}.${extension}`;
}
