// `npm run bench:einvoices`: generating and validating one e-invoice (docs/decisions/invoices/e-invoices-for-company-invoices-and-credit.md >
// E-invoices: the cost per document). Builds BENCH_DOCS (default 2000) UBL documents of
// the product's kinds (company invoice with and without IČ DPH, credit note, a long
// Slovak name) with the app's own writer and validates each with the app's own validator,
// in this process (Node strips the types; bench/ts-imports.mjs). Prints the time per
// document (median, p95, worst) of generation and of validation, and writes
// bench/einvoices-results.json with the date, commit, machine and load averages. Validation
// runs in the einvoices.deliver job, never in the request that pays the order; generation
// runs in the paying transaction.
import "./ts-imports.mjs";
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const { toUbl } = await import("../server/einvoices/ubl.ts");
const { validateUbl } = await import("../server/einvoices/validate.ts");
const { amountsFromGross } = await import("../server/einvoices/model.ts");

const N = Number(process.env.BENCH_DOCS ?? 2000);
const seller = {
  name: "Akadémia športového manažmentu, s. r. o.",
  address: { street: "Športová 12", city: "Bratislava", postalCode: "831 04", countryCode: "SK" },
  ico: "12345678",
  dic: "2021234567",
  icDph: "SK2021234567",
  legalForm: "Zapísaná v Obchodnom registri Mestského súdu Bratislava III, oddiel Sro, vložka č. 000000/B",
};
const buyers = [
  {
    name: "Športový klub Ďumbier, o. z.",
    address: { street: "Štadiónová 3", city: "Banská Bystrica", postalCode: "974 01", countryCode: "SK" },
    ico: "42424242",
    dic: "2024242424",
    icDph: "SK2024242424",
    email: "klub@dumbier.sk",
  },
  {
    name: "Telovýchovná jednota Slávia Ľubietová",
    address: { street: "Hlavná 1", city: "Ľubietová", postalCode: "976 55", countryCode: "SK" },
    ico: "31313131",
    dic: "2020987654",
  },
  {
    name: "Občianske združenie Športový klub mládeže a dospelých Žiar nad Hronom – oddiel ľadového hokeja „Ťava & Šťuka“",
    address: { street: "Ulica Ľudovíta Štúra 1234/56", city: "Žiar nad Hronom", postalCode: "965 01", countryCode: "SK" },
    ico: "12121212",
    dic: "2021212121",
    icDph: "SK2021212121",
  },
];

function documentOf(i) {
  const gross = 9_900 + ((i * 37) % 40_000);
  const a = amountsFromGross(gross, 2000);
  const credit = i % 4 === 3;
  return {
    kind: credit ? "credit_note" : "invoice",
    number: `${credit ? "DOB" : "INV"}-2027-${String(i + 1).padStart(4, "0")}`,
    issueDate: "2027-01-04",
    ...(credit
      ? { note: "Dôvod opravy: Kurz sa nekonal", precedingInvoice: { number: "INV-2027-0001", issueDate: "2027-01-02" } }
      : { dueDate: "2027-01-04", supplyDate: "2027-01-04" }),
    currency: "EUR",
    buyerReference: `6650a1b2c3d4e5f6${String(i).padStart(8, "0")}`,
    seller,
    buyer: buyers[i % buyers.length],
    payment: {
      meansCode: "48",
      meansName: "Platobná karta",
      paymentId: `2027${String(i + 1).padStart(4, "0")}`,
      iban: "SK3112000000198742637541",
      bic: "SUBASKBX",
      terms: "Uhradené – neuhrádzajte.",
    },
    lines: [{ id: "1", name: "Online kurz „Riadenie športového klubu“", quantity: 1 + (i % 3), netCents: a.netCents, vatCategory: "S", vatRateBp: 2000 }],
    totals: {
      netCents: a.netCents,
      vatCents: a.vatCents,
      withVatCents: a.withVatCents,
      prepaidCents: a.paidCents,
      roundingCents: a.roundingCents,
      dueCents: 0,
    },
  };
}

const stats = (ms) => {
  const s = [...ms].sort((x, y) => x - y);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  const r = (x) => Math.round(x * 1000) / 1000;
  return { medianMs: r(at(0.5)), p95Ms: r(at(0.95)), worstMs: r(s[s.length - 1]), meanMs: r(s.reduce((a, b) => a + b, 0) / s.length) };
};

// warm up the JIT and the parser
for (let i = 0; i < 200; i++) validateUbl(toUbl(documentOf(i)));

const generate = [];
const validate = [];
let bytes = 0;
for (let i = 0; i < N; i++) {
  const doc = documentOf(i);
  let t = performance.now();
  const xml = toUbl(doc);
  generate.push(performance.now() - t);
  bytes += Buffer.byteLength(xml);
  t = performance.now();
  const result = validateUbl(xml);
  validate.push(performance.now() - t);
  if (!result.valid) throw new Error(`document ${doc.number} broke ${result.findings.map((f) => f.ruleId).join(", ")}`);
}

let commit = null;
try {
  commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
} catch {}
const result = {
  date: new Date().toISOString(),
  commit,
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? null,
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  documents: N,
  averageBytes: Math.round(bytes / N),
  generate: stats(generate),
  validate: stats(validate),
  both: stats(generate.map((g, i) => g + validate[i])),
};
console.log(JSON.stringify(result, null, 2));
if (!process.env.BENCH_ONLY) fs.writeFileSync(path.join(root, "bench/einvoices-results.json"), `${JSON.stringify(result, null, 2)}\n`);
