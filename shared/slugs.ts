// Slugs (URL identifiers and file names without diacritics), defined once for server and
// browser (issue 34, item 3; docs/decisions/platform/kernel-and-shared.md).

/** A valid slug: lowercase letters and digits in runs joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Text as a slug of at most `max` characters: "Úvod do kurzu" → "uvod-do-kurzu" ("" when nothing is left). */
export function slugify(text: string, max = 80): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/g, "");
}
