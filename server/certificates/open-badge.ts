// Every certificate as an Open Badges 3.0 credential (docs/decisions/certificates/open-badges.md > Open Badges):
// the issuer Profile, one Achievement per course version (final) and per level that issues
// an intermediate certificate, the OpenBadgeCredential of a certificate secured as VC-JWT,
// the revocation status lists, baked badge images and the check of a presented credential.
// Credentials are built on request from the stored certificate and signed (Ed25519 is
// deterministic: the same certificate and key give the same bytes); nothing is stored but
// the certificate's status list index (a sequence, so unique and stable).
import { createHash } from "node:crypto";
import { and, eq, gte, inArray, isNotNull, isNull, lt, max } from "drizzle-orm";
import { Resvg } from "@resvg/resvg-js";
import { schema, type DbOrTx } from "../db";
import {
  bakePng,
  bakeSvg,
  encodeStatusList,
  presentedJwt,
  statusListOf,
  STATUS_LIST_ENTRY_TYPE,
  STATUS_LIST_SIZE,
  type Credential,
  type CredentialSigner,
} from "../credentials";
import { FONT_FILES } from "../pdf";
import { formatDate } from "../../shared/format";
import { PLATFORM_NAME } from "./pdf";
import type { CertificateRow } from "./issue";
import { issueDay, verificationUrl } from "./queries";
import { certificateFileName } from "./file-names";

const { certificates, courses, levels, topics, modules, parts, tests, enrollments, users } = schema;

export const VC_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";
export const OB_SCHEMA = "https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json";

/** What building and checking credentials needs. */
export type OpenBadgeDeps = { db: DbOrTx; credentials: CredentialSigner; publicUrl: string; issuerEmail: string };

// ---- stable URLs (all public, no session) ----

const base = (publicUrl: string) => `${publicUrl}/api/openbadges`;
export const issuerUrl = (publicUrl: string) => `${base(publicUrl)}/issuer`;
export const jwksUrl = (publicUrl: string) => `${base(publicUrl)}/jwks`;
/** The `kid` of credentials signed with the key of this thumbprint; it answers the public JWK. */
export const credentialKeyUrl = (publicUrl: string, thumbprint: string) => `${base(publicUrl)}/keys/${thumbprint}`;
export const achievementUrl = (publicUrl: string, courseVersionId: string, levelId: string | null) =>
  `${base(publicUrl)}/achievements/${courseVersionId}${levelId ? `/levels/${levelId}` : ""}`;
export const statusListUrl = (publicUrl: string, list: number) => `${base(publicUrl)}/status/${list}`;
export const credentialPath = (certificateId: string) => `/api/certificates/${certificateId}/credential`;

// ---- ids: the credential's `id`/jti is a urn:uuid made from the certificate id (and back) ----

function uuidFromHex(hex24: string): string {
  return `urn:uuid:${hex24.slice(0, 8)}-${hex24.slice(8, 12)}-8${hex24.slice(12, 15)}-8${hex24.slice(15, 18)}-${hex24.slice(18, 24)}000000`;
}
export const credentialId = (certificateId: string) => uuidFromHex(certificateId);
export function certificateIdOfCredential(id: unknown): string | null {
  const m = typeof id === "string" ? /^urn:uuid:([0-9a-f]{8})-([0-9a-f]{4})-8([0-9a-f]{3})-8([0-9a-f]{3})-([0-9a-f]{6})000000$/.exec(id) : null;
  return m ? m.slice(1).join("") : null;
}
/** The subject's id: opaque, one per certificate (it says nothing about the person). */
const subjectId = (row: CertificateRow) => uuidFromHex(createHash("sha256").update(`open-badges-subject|${row.id}`).digest("hex").slice(0, 24));

// ---- the issuer ----

export function issuerProfile(publicUrl: string, email: string) {
  return {
    id: issuerUrl(publicUrl),
    type: ["Profile"],
    name: PLATFORM_NAME,
    url: publicUrl,
    email,
    image: { id: `${publicUrl}/favicon.svg`, type: "Image", caption: PLATFORM_NAME },
  };
}

/** The issuer Profile document (GET /api/openbadges/issuer). */
export function issuerDocument(deps: Pick<OpenBadgeDeps, "publicUrl" | "issuerEmail">) {
  return { "@context": [VC_CONTEXT, OB_CONTEXT], ...issuerProfile(deps.publicUrl, deps.issuerEmail) };
}

/** The published keys (GET /api/openbadges/jwks): the signing key and the retired ones. */
export function jwksDocument(credentials: CredentialSigner) {
  return { keys: credentials.publishedKeys };
}

// ---- achievements ----

const percent = (score: number) => `${Math.round(score * 100)} %`;
const absolute = (publicUrl: string, url: string) => (url.startsWith("/") ? `${publicUrl}${url}` : url);

/**
 * The Achievement of a course version (levelId null: the final certificate) or of one of
 * its levels that issues an intermediate certificate; null when there is none (no such
 * version or level, no accreditation, a level without a certificate).
 */
export async function loadAchievement(db: DbOrTx, publicUrl: string, courseVersionId: string, levelId: string | null) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseVersionId));
  if (!course?.accreditation) return null;
  const courseLevels = await db.select().from(levels).where(eq(levels.courseId, course.id)).orderBy(levels.orderIndex);
  const level = levelId ? courseLevels.find((l) => l.id === levelId) : null;
  if (levelId && (!level || !level.issuesIntermediateCertificate)) return null;

  const partLevels = await db
    .select({ levelId: topics.levelId })
    .from(parts)
    .innerJoin(modules, eq(parts.moduleId, modules.id))
    .innerJoin(topics, eq(modules.topicId, topics.id))
    .where(and(eq(parts.courseId, course.id), eq(parts.requiredForCompletion, true)));
  const partCount = level ? partLevels.filter((p) => p.levelId === level.id).length : partLevels.length;
  const testIds = level
    ? [level.levelTestRequired ? level.levelTestId : null]
    : [...courseLevels.map((l) => (l.levelTestRequired ? l.levelTestId : null)), course.courseTestRequired ? course.courseTestId : null];
  const wanted = testIds.filter((id): id is string => !!id);
  const testRows = wanted.length
    ? await db.select({ id: tests.id, title: tests.title, passingScore: tests.passingScore }).from(tests).where(inArray(tests.id, wanted))
    : [];
  const ordered = wanted.map((id) => testRows.find((t) => t.id === id)).filter((t): t is (typeof testRows)[number] => !!t);

  const hours = level ? level.estimatedHours : course.durationHours;
  const what = level ? `úrovne „${level.title}“ kurzu „${course.title}“` : `kurzu „${course.title}“`;
  const narrative = [
    `Absolvovanie ${what} na platforme ${PLATFORM_NAME}: ${partCount} ${partCount === 1 ? "povinná časť" : partCount >= 2 && partCount <= 4 ? "povinné časti" : "povinných častí"} obsahu${hours > 0 ? ` (približne ${hours.toLocaleString("sk-SK")} h)` : ""}.`,
    ...ordered.map((t) => `Úspešne zvládnutý test „${t.title}“ (hranica úspešnosti ${percent(t.passingScore)}).`),
    `Certifikát vydáva ${course.accreditation.partnerName}${course.accreditation.accreditationNumber ? ` (akreditácia č. ${course.accreditation.accreditationNumber})` : ""}.`,
  ].join("\n\n");
  const partner = course.accreditation;
  return {
    id: achievementUrl(publicUrl, course.id, level?.id ?? null),
    type: ["Achievement"],
    achievementType: "Certificate",
    name: level ? `${course.title} – ${level.title}` : course.title,
    description: level
      ? `Priebežný certifikát úrovne „${level.title}“ kurzu „${course.title}“.${level.subtitle ? ` ${level.subtitle}` : ""}`
      : course.shortDescription || course.subtitle || `Záverečný certifikát kurzu „${course.title}“.`,
    criteria: { narrative },
    inLanguage: "sk",
    version: String(course.version),
    ...(course.coverImageUrl ? { image: { id: absolute(publicUrl, course.coverImageUrl), type: "Image", caption: course.title } } : {}),
    ...(course.tags.length ? { tag: course.tags } : {}),
    // the accreditation partner who stands behind the certificate
    creator: {
      id: `urn:x-accreditation-partner:${encodeURIComponent(partner.partnerOrgId)}`,
      type: ["Profile"],
      name: partner.partnerName,
      ...(partner.accreditationNumber
        ? { otherIdentifier: [{ type: "IdentifierEntry", identifier: partner.accreditationNumber, identifierType: "ext:accreditationNumber" }] }
        : {}),
    },
    alignment: [
      {
        type: ["Alignment"],
        targetName: partner.certificateType,
        targetDescription: `${partner.certificateType} – ${partner.partnerName}${partner.accreditationNumber ? `, akreditácia č. ${partner.accreditationNumber}` : ""}`,
        targetType: "ceterms:Credential",
        targetUrl: `${publicUrl}/kurzy/${course.slug}`,
      },
    ],
  };
}

export type Achievement = NonNullable<Awaited<ReturnType<typeof loadAchievement>>>;

/**
 * The Achievement served at its public URL: only of a published course version, or of one
 * whose credentials name it (a certificate of that version and level, revoked ones too, was
 * issued). Drafts, deleted versions and archived ones that never issued it are null (404),
 * whatever their id (docs/decisions/catalog/public-means-published.md > Public means published).
 */
export async function loadPublicAchievement(db: DbOrTx, publicUrl: string, courseVersionId: string, levelId: string | null) {
  const [course] = await db.select({ state: courses.state }).from(courses).where(eq(courses.id, courseVersionId));
  if (!course) return null;
  if (course.state !== "published") {
    const [issued] = await db
      .select({ id: certificates.id })
      .from(certificates)
      .where(and(eq(certificates.courseVersionId, courseVersionId), levelId ? eq(certificates.levelId, levelId) : isNull(certificates.levelId)))
      .limit(1);
    if (!issued) return null;
  }
  return loadAchievement(db, publicUrl, courseVersionId, levelId);
}

/** The Achievement document served at its URL. */
export function achievementDocument(achievement: Achievement) {
  return { "@context": [VC_CONTEXT, OB_CONTEXT], ...achievement };
}

// ---- the credential of a certificate ----

async function holderEmail(db: DbOrTx, row: CertificateRow): Promise<string | null> {
  const [enrollment] = await db.select({ email: enrollments.studentEmail }).from(enrollments).where(eq(enrollments.id, row.enrollmentId));
  if (enrollment?.email) return enrollment.email;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.studentId));
  return user?.email ?? null;
}

/** The e-mail as OB 3.0's IdentityHash: `sha256$` + hex of (lower-cased e-mail + salt). */
export function emailIdentityHash(email: string, salt: string): string {
  return `sha256$${createHash("sha256")
    .update(email.trim().toLowerCase() + salt, "utf8")
    .digest("hex")}`;
}

export async function buildOpenBadgeCredential(deps: Pick<OpenBadgeDeps, "db" | "publicUrl" | "issuerEmail">, row: CertificateRow): Promise<Credential> {
  const { db, publicUrl } = deps;
  const achievement = (await loadAchievement(db, publicUrl, row.courseVersionId, row.levelId)) ?? snapshotAchievement(publicUrl, row);
  const email = await holderEmail(db, row);
  const salt = createHash("sha256").update(`open-badges-salt|${row.id}|${row.verificationHash}`).digest("hex").slice(0, 16);
  const verification = verificationUrl(publicUrl, row.registrationNumber, row.verificationHash);
  const { list, position } = statusListOf(row.statusListIndex);
  const listUrl = statusListUrl(publicUrl, list);
  return {
    "@context": [VC_CONTEXT, OB_CONTEXT],
    id: credentialId(row.id),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `${row.certificateTitle}: ${row.courseTitle}`,
    description:
      row.type === "final"
        ? `Záverečný certifikát kurzu „${row.courseTitle}“, registračné číslo ${row.registrationNumber}.`
        : `Priebežný certifikát úrovne „${row.levelTitle ?? ""}“ kurzu „${row.courseTitle}“, registračné číslo ${row.registrationNumber}.`,
    issuer: issuerProfile(publicUrl, deps.issuerEmail),
    validFrom: row.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    awardedDate: row.issuedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    credentialSubject: {
      id: subjectId(row),
      type: ["AchievementSubject"],
      identifier: [
        { type: "IdentityObject", identityType: "name", hashed: false, identityHash: row.studentDisplayName },
        ...(email ? [{ type: "IdentityObject", identityType: "emailAddress", hashed: true, identityHash: emailIdentityHash(email, salt), salt }] : []),
      ],
      achievement,
      licenseNumber: row.registrationNumber,
    },
    evidence: [
      {
        id: verification,
        type: ["Evidence"],
        name: `Certifikát č. ${row.registrationNumber}`,
        narrative: `Registračné číslo ${row.registrationNumber}, vydaný ${issueDay(row.issuedAt)} (${row.issuedBy.partnerName}). Overenie: ${verification}`,
      },
    ],
    credentialStatus: {
      id: `${listUrl}#${position}`,
      type: STATUS_LIST_ENTRY_TYPE,
      statusPurpose: "revocation",
      statusListIndex: String(position),
      statusListCredential: listUrl,
    },
    credentialSchema: [{ id: OB_SCHEMA, type: "1EdTechJsonSchemaValidator2019" }],
  };
}

/** A course version removed since: the Achievement from the certificate's own snapshots. */
function snapshotAchievement(publicUrl: string, row: CertificateRow) {
  return {
    id: achievementUrl(publicUrl, row.courseVersionId, row.levelId),
    type: ["Achievement"],
    achievementType: "Certificate",
    name: row.levelTitle ? `${row.courseTitle} – ${row.levelTitle}` : row.courseTitle,
    description: row.certificateTitle,
    criteria: {
      narrative: `Absolvovanie ${row.levelTitle ? `úrovne „${row.levelTitle}“ kurzu` : "kurzu"} „${row.courseTitle}“ na platforme ${PLATFORM_NAME}.`,
    },
    inLanguage: "sk",
  };
}

/** The certificate's credential as a compact JWS. */
export async function openBadgeJwt(deps: OpenBadgeDeps, row: CertificateRow): Promise<string> {
  return deps.credentials.sign(await buildOpenBadgeCredential(deps, row));
}

// ---- revocation status lists ----

/**
 * The status list credential `list` as a VC-JWT: the bits of the revoked certificates
 * whose index falls in it. Read from `certificates.revoked_at`, so the bit flips in the
 * transaction that revokes; signed when asked (served with a short max-age).
 */
/** How far back a status list's validFrom (and so its nbf) is set. */
const STATUS_LIST_CLOCK_SKEW_MS = 5 * 60 * 1000;

export async function statusListJwt(deps: OpenBadgeDeps, list: number, now: Date): Promise<string> {
  const from = list * STATUS_LIST_SIZE;
  const revoked = await deps.db
    .select({ index: certificates.statusListIndex })
    .from(certificates)
    .where(and(isNotNull(certificates.revokedAt), gte(certificates.statusListIndex, from), lt(certificates.statusListIndex, from + STATUS_LIST_SIZE)));
  const url = statusListUrl(deps.publicUrl, list);
  return deps.credentials.sign({
    "@context": [VC_CONTEXT],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuerUrl(deps.publicUrl),
    // a few minutes back: a verifier whose clock runs behind ours still accepts a list signed now
    validFrom: new Date(now.getTime() - STATUS_LIST_CLOCK_SKEW_MS).toISOString().replace(/\.\d{3}Z$/, "Z"),
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: encodeStatusList(revoked.map((r) => r.index - from)),
    },
  });
}

/** The highest list that holds an index (a list number beyond it answers 404). */
export async function highestStatusList(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ top: max(certificates.statusListIndex) }).from(certificates);
  return row?.top ? statusListOf(Number(row.top)).list : 0;
}

// ---- badge images ----

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The badge's drawing: a 512 × 512 seal; every line of text stays inside this radius (the ring is outside it). */
const BADGE = { size: 512, centre: 256, textRadius: 200 } as const;
const BADGE_FONT = "DejaVu Sans, Verdana, Arial, sans-serif";

/** A generous estimate of a line's width in DejaVu Sans (average advance per character, in em). */
const estimatedWidth = (text: string, size: number, bold: boolean) => text.length * size * (bold ? 0.62 : 0.56);

/** The width of the circle's chord at baseline `y`, less the text's height above it (the line's widest safe width). */
function chordAt(y: number, size: number): number {
  const dy = Math.max(Math.abs(y - BADGE.centre), Math.abs(y - size * 0.8 - BADGE.centre));
  return dy >= BADGE.textRadius ? 0 : 2 * Math.sqrt(BADGE.textRadius ** 2 - dy ** 2);
}

type BadgeLine = { text: string; y: number; size: number; bold?: boolean; fill: string; spacing?: number };

/**
 * Words wrapped into at most `maxLines` lines from baseline `y`, each as wide as the circle
 * lets it be at its height; the last kept line ends with "…" when the text is longer.
 */
function fitLines(text: string, y: number, lineHeight: number, maxLines: number, style: Omit<BadgeLine, "text" | "y">): BadgeLine[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: BadgeLine[] = [];
  let i = 0;
  while (i < words.length && out.length < maxLines) {
    const lineY = y + out.length * lineHeight;
    const room = chordAt(lineY, style.size);
    let line = words[i++]!;
    while (i < words.length && estimatedWidth(`${line} ${words[i]}`, style.size, !!style.bold) <= room) line = `${line} ${words[i++]}`;
    out.push({ ...style, text: line, y: lineY });
  }
  if (i < words.length && out.length) out[out.length - 1]!.text = `${out[out.length - 1]!.text.replace(/[\s,.;:–-]+$/, "")}…`;
  return out;
}

/** One line of text, centred; squeezed to the room the circle leaves when it would be wider. */
function badgeText(line: BadgeLine): string {
  const room = Math.floor(chordAt(line.y, line.size));
  const squeeze =
    estimatedWidth(line.text, line.size, !!line.bold) + (line.spacing ?? 0) * line.text.length > room
      ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"`
      : "";
  return (
    `<text x="${BADGE.centre}" y="${line.y}" font-size="${line.size}"${line.bold ? ` font-weight="bold"` : ""}${line.spacing ? ` letter-spacing="${line.spacing}"` : ""}` +
    ` text-anchor="middle" fill="${line.fill}"${squeeze}>${xml(line.text)}</text>`
  );
}

/**
 * The badge picture (before baking): a round seal with the platform at the top, the kind of
 * certificate, the course (and level), the holder, the issuing partner, the registration
 * number and the date, each wrapped to the width of the circle at its height (no line
 * reaches the ring).
 */
export function badgeSvg(row: CertificateRow): string {
  const label = `${row.certificateTitle}: ${row.courseTitle}, ${row.studentDisplayName}, vydal ${row.issuedBy.partnerName}, č. ${row.registrationNumber}`;
  // laid out once from the top, then again moved so the block sits in the middle of the seal
  const first = badgeLayout(row, 112);
  const { lines, rule } = badgeLayout(row, 112 + Math.max(0, Math.floor((400 - first.bottom) / 2)));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${BADGE.size} ${BADGE.size}" width="${BADGE.size}" height="${BADGE.size}" role="img" aria-label="${xml(label)}">` +
    `<title>${xml(label)}</title>` +
    `<circle cx="256" cy="256" r="252" fill="#1d4e89"/><circle cx="256" cy="256" r="236" fill="#ffffff"/>` +
    `<circle cx="256" cy="256" r="226" fill="none" stroke="#c9a227" stroke-width="4"/>` +
    `<line x1="${256 - 70}" y1="${rule}" x2="${256 + 70}" y2="${rule}" stroke="#c9a227" stroke-width="2"/>` +
    `<g font-family="${BADGE_FONT}">${lines.map(badgeText).join("")}</g>` +
    `</svg>\n`
  );
}

function badgeLayout(row: CertificateRow, top: number): { lines: BadgeLine[]; rule: number; bottom: number } {
  const lines: BadgeLine[] = [
    ...fitLines(PLATFORM_NAME, top, 18, 1, { size: 14, fill: "#555555" }),
    { text: row.type === "final" ? "ZÁVEREČNÝ CERTIFIKÁT" : "PRIEBEŽNÝ CERTIFIKÁT", y: top + 32, size: 16, bold: true, fill: "#8a6d12", spacing: 1 },
  ];
  const course = fitLines(row.levelTitle ? `${row.courseTitle} – ${row.levelTitle}` : row.courseTitle, top + 74, 30, 3, {
    size: 25,
    bold: true,
    fill: "#1d4e89",
  });
  lines.push(...course);
  const rule = course[course.length - 1]!.y + 18;
  const holder = fitLines(row.studentDisplayName, rule + 30, 24, 2, { size: 21, bold: true, fill: "#222222" });
  lines.push(...holder);
  const partner = fitLines(`Vydal ${row.issuedBy.partnerName}`, holder[holder.length - 1]!.y + 28, 19, 2, { size: 15, fill: "#333333" });
  lines.push(...partner);
  const y = partner[partner.length - 1]!.y + 26;
  lines.push({ text: `č. ${row.registrationNumber}`, y, size: 13, fill: "#555555" }, { text: formatDate(row.issuedAt), y: y + 18, size: 13, fill: "#555555" });
  return { lines, rule, bottom: y + 18 };
}

export async function bakedBadgeSvg(deps: OpenBadgeDeps, row: CertificateRow): Promise<string> {
  return bakeSvg(badgeSvg(row), await openBadgeJwt(deps, row));
}

/** The badge drawing as a PNG (resvg with the DejaVu Sans files the PDFs use; no system fonts). */
export function badgePng(row: CertificateRow): Buffer {
  const resvg = new Resvg(badgeSvg(row), {
    fitTo: { mode: "width", value: BADGE.size },
    font: { loadSystemFonts: false, fontFiles: [FONT_FILES.regular, FONT_FILES.bold], defaultFontFamily: "DejaVu Sans" },
  });
  return resvg.render().asPng();
}

/** The PNG badge: the same seal as the SVG, with the credential baked in. */
export async function bakedBadgePng(deps: OpenBadgeDeps, row: CertificateRow): Promise<Buffer> {
  return bakePng(badgePng(row), await openBadgeJwt(deps, row));
}

/**
 * The badge image ("odznak") or the credential for verifiers' systems ("open-badge"), e.g.
 * `riadenie-sportoveho-klubu-SBX-2026-7F3K9Q2M-odznak.png`.
 */
export function badgeFileName(
  row: Pick<CertificateRow, "registrationNumber" | "courseTitle" | "levelTitle">,
  extension: "jwt" | "json" | "svg" | "png",
): string {
  return certificateFileName(row, extension === "png" || extension === "svg" ? "odznak" : "open-badge", extension);
}

// ---- LinkedIn ----

/**
 * LinkedIn's "Add to profile" link with the certification prefilled. The issuer is the
 * accreditation partner who issued the certificate under its registration number: its
 * LinkedIn organization when LINKEDIN_ORGANIZATION_IDS names one for the partner (LinkedIn
 * then shows the partner's page and logo), else the partner's name as text.
 */
export function linkedInAddUrl(publicUrl: string, row: CertificateRow, organizationIds: Readonly<Record<string, string>> = {}): string {
  const organizationId = Object.hasOwn(organizationIds, row.issuedBy.partnerOrgId) ? organizationIds[row.issuedBy.partnerOrgId] : undefined;
  const q = new URLSearchParams({
    startTask: "CERTIFICATION_NAME",
    name: `${row.certificateTitle}: ${row.courseTitle}`,
    ...(organizationId ? { organizationId } : { organizationName: row.issuedBy.partnerName }),
    issueYear: issueDay(row.issuedAt).slice(0, 4),
    issueMonth: String(Number(issueDay(row.issuedAt).slice(5, 7))),
    certUrl: verificationUrl(publicUrl, row.registrationNumber, row.verificationHash),
    certId: row.registrationNumber,
  });
  return `https://www.linkedin.com/profile/add?${q.toString()}`;
}

// ---- checking a presented credential ----

export type CredentialVerdict =
  { verdict: "valid" | "revoked"; certificate: CertificateRow } | { verdict: "not_ours" | "tampered" | "expired" | "not_yet_valid" | "unreadable" };

/**
 * What a verifier handed in (a .jwt, the .json envelope, a baked SVG or PNG, pasted text):
 * `unreadable` without a credential; `not_ours` when no key of ours signed it (or it names
 * no certificate of ours); `tampered` when one of our keys did not sign these bytes;
 * `expired`/`not_yet_valid` outside its validity; else `valid` or `revoked`.
 */
export async function checkPresentedCredential(
  deps: OpenBadgeDeps,
  input: { bytes?: Uint8Array | null; text?: string | null },
  now: Date,
): Promise<CredentialVerdict> {
  const jwt = presentedJwt(input);
  if (!jwt) return { verdict: "unreadable" };
  const result = await deps.credentials.check(jwt, { issuer: issuerUrl(deps.publicUrl), now });
  if (!result.ok) {
    if (result.reason === "unknown_key") return { verdict: "not_ours" };
    if (result.reason === "bad_signature" || result.reason === "wrong_claims") return { verdict: "tampered" };
    if (result.reason === "expired" || result.reason === "not_yet_valid") return { verdict: result.reason };
    return { verdict: "unreadable" };
  }
  const certificateId = certificateIdOfCredential(result.payload.id);
  if (!certificateId) return { verdict: "not_ours" };
  const [row] = await deps.db.select().from(certificates).where(eq(certificates.id, certificateId));
  if (!row) return { verdict: "not_ours" };
  return { verdict: row.revokedAt ? "revoked" : "valid", certificate: row };
}

/** Slovak sentences for the verdicts (the page and the API's `message`). */
export const VERDICT_MESSAGES: Record<CredentialVerdict["verdict"], string> = {
  valid: "Overiteľný certifikát je platný: podpísali sme ho my a nebol odvolaný.",
  revoked: "Certifikát bol odvolaný a nie je platný.",
  not_ours: "Tento certifikát sme nevydali my (nie je podpísaný naším kľúčom alebo ho v našej evidencii nemáme).",
  tampered: "Certifikát bol pozmenený: podpis nezodpovedá obsahu.",
  expired: "Platnosť certifikátu uplynula.",
  not_yet_valid: "Certifikát ešte nenadobudol platnosť.",
  unreadable: "V súbore ani v texte sme nenašli overiteľný certifikát (Open Badge vo formáte JWT, JSON, SVG alebo PNG).",
};
