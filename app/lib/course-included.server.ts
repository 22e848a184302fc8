// The course page's buyer facts (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know): how long
// access lasts and what the price includes, in Slovak, from the cached catalog.
import type { CatalogLevel, CourseContents } from "#server/catalog";
import type { Accreditation } from "#server/db/schema";
import { formatCount, formatHours, formatMinutes } from "#shared/format";

const PARTS = { one: "časť", few: "časti", many: "častí" };
const VIDEOS = { one: "video", few: "videá", many: "videí" };
const TESTS = { one: "test", few: "testy", many: "testov" };
const PART_TESTS = { one: "kontrolný test k časti", few: "kontrolné testy k častiam", many: "kontrolných testov k častiam" };
const LEVEL_TESTS = { one: "test na konci úrovne", few: "testy na konci úrovní", many: "testov na konci úrovní" };
const INTERMEDIATE = { one: "čiastkový certifikát", few: "čiastkové certifikáty", many: "čiastkových certifikátov" };

/**
 * A purchase enrolls without an end date (accessExpiresAt is set only by an admin's grant,
 * server/enrollments enroll.ts), so a bought course stays open for good.
 */
export const ACCESS_DURATION = "neobmedzený – prístup po zaplatení nevyprší";

function videoTime(seconds: number): string {
  return seconds < 3600 ? formatMinutes(seconds / 60) : formatHours(seconds / 3600);
}

/** One line per included thing: parts, videos with their time, tests, certificates. */
export function includedItems(contents: CourseContents, levels: readonly CatalogLevel[], accreditation: Accreditation | null): string[] {
  const items = [`${formatCount(contents.partCount, PARTS)} výučby v ${formatCount(levels.length, { one: "úrovni", few: "úrovniach", many: "úrovniach" })}`];
  if (contents.videoCount > 0) {
    items.push(
      contents.videoSeconds > 0
        ? `${formatCount(contents.videoCount, VIDEOS)} (spolu ${videoTime(contents.videoSeconds)} videa)`
        : formatCount(contents.videoCount, VIDEOS),
    );
  }
  const { part, level, course } = contents.tests;
  const total = part + level + course;
  if (total > 0) {
    const kinds = [
      part > 0 ? formatCount(part, PART_TESTS) : null,
      level > 0 ? formatCount(level, LEVEL_TESTS) : null,
      course > 0 ? "záverečný test" : null,
    ].filter(Boolean);
    items.push(`${formatCount(total, TESTS)}: ${kinds.join(", ")}`);
  } else {
    items.push("bez testov");
  }
  if (accreditation) {
    const intermediate = levels.filter((l) => l.issuesIntermediateCertificate).length;
    items.push(
      `certifikát ${accreditation.certificateType ? `„${accreditation.certificateType}“ ` : ""}po úspešnom absolvovaní, vydáva ${accreditation.partnerName}` +
        (intermediate > 0 ? ` (a ${formatCount(intermediate, INTERMEDIATE)} po úrovniach)` : ""),
    );
  } else {
    items.push("bez certifikátu");
  }
  items.push("faktúra s DPH e-mailom a v sekcii Môj účet");
  return items;
}
