// The platform's own confirmation of completion as a PDF. The
// certificate itself is the accreditation partner's (its pdfUrl when given); this page
// says so, and carries the public verification URL as text and as a QR code. pdfkit with
// DejaVu Sans (every Slovak glyph), as the invoices do. Pure: data in, bytes out;
// rendered on each download (nothing to store: the data never changes after issue
// except a revocation, which the page then shows).
import QRCode from "qrcode";
import { formatDate, formatDateLong } from "../../shared/format";
import { startPdf } from "../pdf";
import type { CertificateRow } from "./issue";
import { certificateFileName } from "./file-names";
import { shortVerificationCode } from "./queries";

/** Who confirms: the platform (server code never reads app/site.ts). */
export const PLATFORM_NAME = "Akadémia športového manažmentu";

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const CONTENT = PAGE.width - 2 * PAGE.margin;
const GREY = "#555555";
const ACCENT = "#1d4e89";

/** "Mgr. Anna Kráľová, riaditeľka": who signs for the partner (spec: IssuedBy.signatoryName/Role). */
export function signatory(issuedBy: { signatoryName?: string; signatoryRole?: string }): string {
  return [issuedBy.signatoryName, issuedBy.signatoryRole].filter(Boolean).join(", ");
}

export function confirmationFileName(row: Pick<CertificateRow, "registrationNumber" | "courseTitle" | "levelTitle">): string {
  return certificateFileName(row, "potvrdenie", "pdf");
}

export async function renderConfirmationPdf(row: CertificateRow, verificationUrl: string): Promise<Uint8Array> {
  const qr = await QRCode.toBuffer(verificationUrl, { type: "png", errorCorrectionLevel: "M", margin: 1, width: 360 });
  const { doc, done } = startPdf({
    margin: PAGE.margin,
    title: `Potvrdenie o absolvovaní – ${row.courseTitle}`,
    author: PLATFORM_NAME,
    subject: `Potvrdenie o absolvovaní, certifikát č. ${row.registrationNumber}`,
    createdAt: row.issuedAt,
    modifiedAt: row.revokedAt ?? row.issuedAt,
  });

  const left = PAGE.margin;
  const center = { width: CONTENT, align: "center" as const };

  doc.font("regular").fontSize(10).fillColor(GREY).text(PLATFORM_NAME, left, 56, center);
  doc.font("bold").fontSize(24).fillColor(ACCENT).text("Potvrdenie o absolvovaní", left, 80, center);
  doc
    .font("regular")
    .fontSize(9.5)
    .fillColor(GREY)
    .text(
      `Toto potvrdenie vydáva platforma ${PLATFORM_NAME}. Nie je certifikátom akreditačného partnera; ` + `certifikát vydáva ${row.issuedBy.partnerName}.`,
      left + 30,
      118,
      { width: CONTENT - 60, align: "center" },
    );

  doc.font("regular").fontSize(12).fillColor("black").text("Potvrdzujeme, že", left, 175, center);
  doc.font("bold").fontSize(20).text(row.studentDisplayName, left, 198, center);
  let y = 228;
  if (row.studentBirthDate) {
    doc
      .font("regular")
      .fontSize(11)
      .fillColor(GREY)
      .text(`narodený/á ${formatDate(row.studentBirthDate)}`, left, y, center);
    y += 20;
  }
  y += 8;
  doc
    .font("regular")
    .fontSize(12)
    .fillColor("black")
    .text(row.type === "final" ? "úspešne absolvoval/a kurz" : `úspešne absolvoval/a úroveň „${row.levelTitle ?? ""}“ kurzu`, left, y, center);
  y += 22;
  doc.font("bold").fontSize(16).text(`„${row.courseTitle}“`, left, y, center);
  y = doc.y + 30;

  const facts: [string, string][] = [
    ["Certifikát", row.certificateTitle],
    ["Druh", row.type === "final" ? "záverečný certifikát kurzu" : "priebežný certifikát úrovne"],
    ["Registračné číslo", row.registrationNumber],
    ["Dátum vydania", formatDateLong(row.issuedAt)],
    ["Vydal", row.issuedBy.partnerName],
    ...(row.issuedBy.accreditationNumber ? [["Číslo akreditácie", row.issuedBy.accreditationNumber] as [string, string]] : []),
    ...(row.issuedBy.signatoryName ? [["Za partnera podpisuje", signatory(row.issuedBy)] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    doc
      .font("regular")
      .fontSize(10)
      .fillColor(GREY)
      .text(label, left + 40, y, { width: 130 });
    doc
      .font("bold")
      .fontSize(10)
      .fillColor("black")
      .text(value, left + 175, y, { width: CONTENT - 215 });
    y = Math.max(doc.y, y + 14) + 6;
  }

  if (row.revokedAt) {
    y += 8;
    doc
      .font("bold")
      .fontSize(12)
      .fillColor("#b00020")
      .text(`Certifikát bol odvolaný ${formatDate(row.revokedAt)}${row.revokedReason ? ` (${row.revokedReason})` : ""}.`, left, y, center);
    y = doc.y + 6;
  }

  // verification: the QR code and the same URL as text
  const qrSize = 120;
  const qrY = Math.max(y + 24, 560);
  doc.image(qr, left, qrY, { width: qrSize, height: qrSize });
  const textX = left + qrSize + 20;
  doc
    .font("bold")
    .fontSize(11)
    .fillColor("black")
    .text("Overenie pravosti", textX, qrY + 4, { width: CONTENT - qrSize - 20 });
  doc
    .font("regular")
    .fontSize(9.5)
    .fillColor("black")
    .text("Naskenujte kód alebo otvorte adresu:", textX, qrY + 24, { width: CONTENT - qrSize - 20 })
    .fillColor(ACCENT)
    .text(verificationUrl, textX, qrY + 40, { width: CONTENT - qrSize - 20, link: verificationUrl });
  doc
    .font("regular")
    .fontSize(8.5)
    .fillColor(GREY)
    .text(`Registračné číslo ${row.registrationNumber}, overovací kód ${shortVerificationCode(row.verificationHash)}`, textX, doc.y + 8, {
      width: CONTENT - qrSize - 20,
    });

  doc
    .font("regular")
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `Potvrdenie platformy ${PLATFORM_NAME} o absolvovaní vzdelávania. Právne záväzný je certifikát akreditačného partnera ${row.issuedBy.partnerName}.`,
      left,
      PAGE.height - PAGE.margin - 24,
      { width: CONTENT, align: "center", lineBreak: true },
    );

  doc.end();
  return done;
}
