// Ids: 24-char lowercase hex in ObjectId layout (spec: Resources > Conventions), the pattern
// defined once for server and browser (issue 34, item 3; docs/decisions/platform/kernel-and-shared.md).
// server/db/ids.ts makes new ids (node:crypto); everything that checks one uses these.

/** The 24 hex digits of an id, for composing a larger pattern (`level:${ID_HEX}`). */
export const ID_HEX = "[0-9a-f]{24}";

/** A whole id. */
export const ID_PATTERN = new RegExp(`^${ID_HEX}$`);

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}
