// Reading a bank's ISO 20022 CAMT.053 statement (BkToCstmrStmt; camt.053.001.02 … .08): the
// booked credit entries of the academy's account, each with its amount, booking date, the
// bank's reference and the variable symbol (docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer).
// Slovak banks carry the variable symbol in the structured creditor reference, in the
// end-to-end id ("/VS1000000042/SS/KS") or in the unstructured remittance text ("VS 1000000042").
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DomainError } from "../kernel/errors";

export type StatementCredit = {
  /** the bank's reference of the credit, unique per account (AcctSvcrRef, else NtryRef, else the statement and position) */
  bankReference: string;
  amountCents: number;
  currency: string;
  /** YYYY-MM-DD */
  bookingDate: string;
  variableSymbol: string | null;
  counterparty: string | null;
};

export type Statement = { statementId: string; iban: string | null; credits: StatementCredit[] };

/** Largest statement accepted (a month of a club academy's account is far below it). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  parseTagValue: false,
  removeNSPrefix: true,
  processEntities: false,
  isArray: (name) => ["Stmt", "Ntry", "TxDtls", "Ustrd", "Bal"].includes(name),
});

type Node = Record<string, unknown>;

const node = (v: unknown): Node => (v && typeof v === "object" ? (v as Node) : {});
const text = (v: unknown): string | null => {
  if (typeof v === "string") return v.trim() || null;
  if (v && typeof v === "object" && typeof (v as Node)["#text"] === "string") return ((v as Node)["#text"] as string).trim() || null;
  return null;
};
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

function invalid(message: string, details: Record<string, unknown> = {}): DomainError {
  return new DomainError("validation", message, [{ path: "statement", message, code: "invalid_statement", ...details }]);
}

/** "1234.50" → 123450; anything else (negative, more than two decimals, not a number) → null. */
export function decimalToCents(value: string | null): number | null {
  if (!value || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The variable symbol of a credit: the structured reference, the end-to-end id's /VS…, or "VS …" in the text. */
export function variableSymbolIn(sources: { structured: (string | null)[]; endToEnd: (string | null)[]; unstructured: (string | null)[] }): string | null {
  for (const ref of sources.structured) {
    const m = ref ? /^(?:VS)?\s*(\d{1,10})$/i.exec(ref.trim()) : null;
    if (m) return m[1].replace(/^0+(?=\d)/, "");
  }
  for (const e2e of sources.endToEnd) {
    const m = e2e ? /\/VS(\d{1,10})(?:\/|$)/i.exec(e2e) : null;
    if (m) return m[1].replace(/^0+(?=\d)/, "");
  }
  for (const line of sources.unstructured) {
    const m = line ? /\bVS[\s:./-]*(\d{1,10})\b/i.exec(line) : null;
    if (m) return m[1].replace(/^0+(?=\d)/, "");
  }
  return null;
}

function dateOf(v: unknown): string | null {
  const d = text(node(v).Dt) ?? text(node(v).DtTm);
  const m = d ? /^(\d{4}-\d{2}-\d{2})/.exec(d) : null;
  return m ? m[1] : null;
}

/** Parses a CAMT.053 document; not XML or not a bank-to-customer statement → 422 validation. */
export function parseCamt053(xml: string): Statement[] {
  if (xml.length === 0) throw invalid("Súbor výpisu je prázdny.");
  if (Buffer.byteLength(xml) > MAX_STATEMENT_BYTES) throw invalid("Výpis je väčší ako 5 MB.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw invalid("Súbor nie je platné XML.", { line: valid.err.line, reason: valid.err.msg });
  let doc: Node;
  try {
    doc = node(parser.parse(xml));
  } catch (e) {
    throw invalid("Súbor nie je platné XML.", { reason: (e as Error).message });
  }
  const root = node(node(doc.Document).BkToCstmrStmt);
  const statements = list(root.Stmt);
  if (statements.length === 0) throw invalid("Súbor nie je bankový výpis ISO 20022 CAMT.053 (chýba BkToCstmrStmt/Stmt).");
  return statements.map((raw, s) => {
    const stmt = node(raw);
    const statementId = text(stmt.Id) ?? text(stmt.ElctrncSeqNb) ?? `stmt-${s}`;
    const iban = text(node(node(node(stmt.Acct).Id)).IBAN);
    const credits: StatementCredit[] = [];
    list(stmt.Ntry).forEach((rawEntry, e) => {
      const entry = node(rawEntry);
      if (text(entry.CdtDbtInd) !== "CRDT") return;
      const status = text(entry.Sts) ?? text(node(entry.Sts).Cd);
      if (status && status !== "BOOK") return;
      if (text(entry.RvslInd) === "true") return;
      const bookingDate = dateOf(entry.BookgDt) ?? dateOf(entry.ValDt);
      const entryRef = text(entry.AcctSvcrRef) ?? text(entry.NtryRef) ?? `${statementId}/${e + 1}`;
      const details = list(node(entry.NtryDtls).TxDtls).map(node);
      const entryAmount = decimalToCents(text(entry.Amt));
      const currency = text(node(entry.Amt)["@Ccy"]) ?? "EUR";
      const parts = details.length > 1 ? details : [details[0] ?? {}];
      parts.forEach((tx, i) => {
        const refs = node(tx.Refs);
        const rmt = node(tx.RmtInf);
        const amount = parts.length > 1 ? decimalToCents(text(tx.Amt) ?? text(node(node(tx.AmtDtls).TxAmt).Amt)) : entryAmount;
        if (amount === null || !bookingDate) throw invalid("Pohyb vo výpise nemá platnú sumu alebo dátum zaúčtovania.", { statementId, entry: e + 1 });
        const structured = list(rmt.Strd).map((st) => text(node(node(st).CdtrRefInf).Ref));
        const party = node(node(tx.RltdPties).Dbtr);
        credits.push({
          bankReference: parts.length > 1 ? (text(refs.AcctSvcrRef) ?? `${entryRef}/${i + 1}`) : (text(refs.AcctSvcrRef) ?? entryRef),
          amountCents: amount,
          currency: (parts.length > 1 ? text(node(tx.Amt)["@Ccy"]) : null) ?? currency,
          bookingDate,
          variableSymbol: variableSymbolIn({ structured, endToEnd: [text(refs.EndToEndId)], unstructured: list(rmt.Ustrd).map(text) }),
          counterparty: text(party.Nm) ?? text(node(party.Pty).Nm),
        });
      });
    });
    return { statementId, iban: iban ? iban.replace(/\s+/g, "").toUpperCase() : null, credits };
  });
}
