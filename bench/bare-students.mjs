// The bare baselines of `npm run bench:students`: plain node:http + pg, no framework, no
// query builder, no middleware, no rate limit, no cache. Each request does the minimum the
// spec requires for the same answer, from scratch:
// - the session: the sealed cookie opened with the app's key (server/auth/crypto.ts), the
//   session row and its user by id, revoked/expired/secret checked (constant time);
// - GET /api/enrollments/me: the student's enrollments, newest first, the list fields;
// - GET /api/certificates/me: the student's certificates, newest first, the full shape;
// - GET /api/verify/<n>?h=: the certificate by number, the hash compared in constant time.
// The bench compares each JSON body with the app's before loading either.
// Usage: node bench/bare-students.mjs <port> <database url> [<build dir>]; the app's
// PUBLIC_URL in BARE_PUBLIC_URL (the certificates' verification URLs name it).
import http from "node:http";
import pg from "pg";
import { deriveKey, safeEqual, sha256, unseal } from "../server/auth/crypto.ts";
import { hashMatches } from "../server/certificates/hash.ts";
import { TIME_ZONE } from "../server/calendar/index.ts";

const [portArg, databaseUrl] = process.argv.slice(2);
const publicUrl = process.env.BARE_PUBLIC_URL ?? "";
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const cookieKey = deriveKey(process.env.SESSION_SECRET ?? "", "session-cookie");
const COOKIE = "__Secure-app.session";

async function userOf(req) {
  const header = req.headers.cookie ?? "";
  const pair = header.split(/;\s*/).find((c) => c.startsWith(`${COOKIE}=`));
  if (!pair) return null;
  const opened = unseal(cookieKey, pair.slice(COOKIE.length + 1));
  const dot = opened?.indexOf(".") ?? -1;
  if (!opened || dot < 1) return null;
  const { rows: [s] } = await pool.query(
    `select s.token_hash, s.revoked_at, s.expires_at, u.id as user_id from sessions s left join users u on u.id = s.user_id where s.id = $1`,
    [opened.slice(0, dot)],
  );
  if (!s || s.revoked_at || s.expires_at <= new Date() || !s.user_id) return null;
  return safeEqual(sha256(opened.slice(dot + 1)), s.token_hash) ? s.user_id : null;
}

const iso = (d) => (d ? d.toISOString() : null);
const ymd = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: TIME_ZONE });

function certificate(r) {
  const by = r.issued_by;
  return {
    _id: r.id,
    type: r.type,
    studentId: r.student_id,
    studentDisplayName: r.student_display_name,
    studentBirthDate: r.student_birth_date ?? null,
    courseId: r.course_id,
    courseVersionId: r.course_version_id,
    courseTitle: r.course_title,
    levelId: r.level_id ?? null,
    levelTitle: r.level_title ?? null,
    enrollmentId: r.enrollment_id,
    issuedAt: iso(r.issued_at),
    issuedBy: {
      partnerOrgId: by.partnerOrgId,
      partnerName: by.partnerName,
      certificateType: by.certificateType,
      ...(by.accreditationNumber ? { accreditationNumber: by.accreditationNumber } : {}),
      ...(by.signatoryName ? { signatoryName: by.signatoryName } : {}),
      ...(by.signatoryRole ? { signatoryRole: by.signatoryRole } : {}),
    },
    registrationNumber: r.registration_number,
    verificationHash: r.verification_hash,
    pdfUrl: r.pdf_url ?? null,
    certificateTitle: r.certificate_title,
    revokedAt: iso(r.revoked_at),
    revokedReason: r.revoked_reason ?? null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    verificationUrl: `${publicUrl}/verify/${encodeURIComponent(r.registration_number)}?h=${r.verification_hash}`,
    confirmationPdfUrl: `/api/certificates/${r.id}/pdf`,
  };
}

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), "Cache-Control": "private, no-store" });
  res.end(text);
}

const unauthorized = { error: "unauthorized", message: "Prihláste sa.", details: {} };
const notFound = { error: "not_found", message: "Certifikát s týmto registračným číslom a overovacím kódom neexistuje.", details: {} };

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://bare");
    if (url.pathname === "/health") return send(res, 200, { ok: true });
    if (url.pathname.startsWith("/api/verify/")) {
      const number = decodeURIComponent(url.pathname.slice("/api/verify/".length));
      const { rows: [r] } = await pool.query(`select * from certificates where registration_number = $1`, [number]);
      if (!hashMatches(r?.verification_hash ?? "0".repeat(64), url.searchParams.get("h")) || !r) return send(res, 404, notFound);
      return send(res, 200, {
        registrationNumber: r.registration_number,
        type: r.type,
        courseTitle: r.course_title,
        levelTitle: r.type === "final" ? null : (r.level_title ?? null),
        issuedAt: ymd.format(r.issued_at),
        issuedBy: r.issued_by.partnerName,
        valid: r.revoked_at === null,
        verificationHash: r.verification_hash,
      });
    }
    const userId = await userOf(req);
    if (!userId) return send(res, 401, unauthorized);
    if (url.pathname === "/api/enrollments/me") {
      const { rows } = await pool.query(`select * from enrollments where student_id = $1 order by enrolled_at desc`, [userId]);
      return send(res, 200, {
        data: rows.map((e) => ({
          _id: e.id,
          courseId: e.course_id,
          courseTitle: e.course_title,
          courseSlug: e.course_slug,
          state: e.state,
          enrolledAt: iso(e.enrolled_at),
          currentLevelId: e.current_level_id,
          progress: e.progress,
          intermediateCertificateIds: e.intermediate_certificate_ids,
          finalCertificateId: e.final_certificate_id,
        })),
      });
    }
    if (url.pathname === "/api/certificates/me") {
      const { rows } = await pool.query(`select * from certificates where student_id = $1 order by issued_at desc, id desc`, [userId]);
      return send(res, 200, { data: rows.map(certificate) });
    }
    send(res, 404, { error: "not_found", message: "Nenájdené.", details: {} });
  } catch (error) {
    console.error(error);
    send(res, 500, { error: "internal", message: "error", details: {} });
  }
});
server.listen(Number(portArg), "127.0.0.1", () => console.log("bare students baseline listening"));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
