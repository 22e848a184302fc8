// Target-audience tags the catalog filters by, with their Slovak labels
// (spec: Course.targetAudience values; tags are the filter).
export const AUDIENCE_TAGS = [
  { tag: "executive_director", label: "Výkonní riaditelia" },
  { tag: "manager", label: "Manažéri" },
  { tag: "founder", label: "Zakladatelia" },
  { tag: "secretary", label: "Sekretári" },
] as const;

const labels = new Map<string, string>(AUDIENCE_TAGS.map((t) => [t.tag, t.label]));

/** One of the audiences the catalog filter offers (free-form tags are not). */
export function isAudienceTag(tag: string): boolean {
  return labels.has(tag);
}

/** The Slovak label of a tag, or the tag itself for free-form tags. */
export function tagLabel(tag: string): string {
  return labels.get(tag) ?? tag;
}
