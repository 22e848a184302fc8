// The e-invoice download beside the PDF (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md > E-invoices): the invoice and
// credit note URLs answer the archived UBL when the client asks for XML, with
// `Accept: application/xml` (or text/xml) preferred over PDF (and over text/html, which a
// browser's navigation prefers while naming application/xml too), or with `?format=xml`
// (what a plain link can say). A personal order has no e-invoice: 404.
import { DomainError } from "#server/kernel/errors";
import { eInvoiceFileName, eInvoiceXml } from "#server/einvoices";
import { type Database } from "#server/db";
import { isId } from "#shared/ids";
import { contentDisposition, PRIVATE_FILE_HEADERS } from "./download.server";

/** The q value the Accept header gives `type` (exact match, then `major/*`, then `*\/*`); 0 when absent. */
function qualityOf(accept: string, type: string): { q: number; explicit: boolean } {
  const [major] = type.split("/");
  let best = { q: 0, explicit: false, rank: -1 };
  for (const part of accept.split(",")) {
    const [range, ...params] = part
      .trim()
      .toLowerCase()
      .split(";")
      .map((p) => p.trim());
    const rank = range === type ? 2 : range === `${major}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (rank < 0 || rank < best.rank) continue;
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { q: Number.isFinite(q) ? q : 0, explicit: rank === 2, rank };
  }
  return { q: best.q, explicit: best.explicit };
}

/** Whether the request asks for the e-invoice (XML) rather than the PDF. */
export function prefersXml(request: Request): boolean {
  if (new URL(request.url).searchParams.get("format") === "xml") return true;
  const accept = request.headers.get("accept") ?? "";
  const xml = [qualityOf(accept, "application/xml"), qualityOf(accept, "text/xml")].reduce((a, b) => (b.explicit && b.q > (a.explicit ? a.q : 0) ? b : a));
  if (!xml.explicit || xml.q <= 0) return false;
  // a browser's navigation names application/xml too (after text/html): a link still gets the PDF
  const html = qualityOf(accept, "text/html");
  if (html.explicit && html.q >= xml.q) return false;
  return xml.q >= qualityOf(accept, "application/pdf").q;
}

/** The archived UBL of an order's invoice (or of one of its credit notes), as a download; 404 when there is none. */
export async function eInvoiceXmlResponse(db: Database, orderId: string, creditNoteId?: string): Promise<Response> {
  const found = isId(orderId) && (!creditNoteId || isId(creditNoteId)) ? await eInvoiceXml(db, orderId, creditNoteId) : null;
  if (!found) throw new DomainError("not_found", "Tento doklad nemá e-faktúru (vystavujeme ju pri firemných objednávkach).");
  return new Response(Buffer.from(found.xml), {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", eInvoiceFileName(found.number)),
      // the archived bytes' SHA-256 (RFC 9530), so a client can check what it stored
      "Repr-Digest": `sha-256=:${Buffer.from(found.sha256, "hex").toString("base64")}:`,
      Vary: "Accept",
    },
  });
}
