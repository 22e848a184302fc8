// The one way the app starts a PDF (invoices, credit notes, certificate confirmations):
// A4 in pdfkit with DejaVu Sans (every Slovak glyph and €) registered as "regular" and
// "bold", Slovak metadata, and the bytes collected once the caller ends the document.
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);

/** The DejaVu Sans files from the `dejavu-fonts-ttf` package (resolved at run time, so the built server finds them in node_modules). */
export const FONT_FILES = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

export type PdfOptions = {
  margin: number;
  title: string;
  author: string;
  subject: string;
  /** written into the metadata, so the same data renders the same bytes */
  createdAt: Date;
  modifiedAt?: Date;
};

/** A new A4 document; `done` resolves with its bytes after `doc.end()`. */
export function startPdf(options: PdfOptions): { doc: PDFKit.PDFDocument; done: Promise<Uint8Array> } {
  const doc = new PDFDocument({
    size: "A4",
    margin: options.margin,
    font: FONT_FILES.regular,
    lang: "sk",
    displayTitle: true,
    info: {
      Title: options.title,
      Author: options.author,
      Subject: options.subject,
      Creator: options.author,
      CreationDate: options.createdAt,
      ModDate: options.modifiedAt ?? options.createdAt,
    },
  });
  doc.registerFont("regular", FONT_FILES.regular);
  doc.registerFont("bold", FONT_FILES.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  return { doc, done };
}
