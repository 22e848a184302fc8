// Shapes the insights area's figures for the pages: labels, money and changes against the
// previous period, formatted on the server (server/money), so components only lay them out.
import { data } from "react-router";
import { formatMoney } from "#server/money";
import { parsePeriod, periodOutcome, type Dashboard, type Period } from "#server/insights";
import { count, percent } from "./insights-format";

import type { FigureRow } from "../components/insights";

function change(current: number, previous: number): Pick<FigureRow, "change" | "trend"> {
  if (current === previous) return { change: "bez zmeny", trend: "same" };
  if (previous === 0) return { change: "nové", trend: "up" };
  const share = (current - previous) / previous;
  return { change: `${share > 0 ? "+" : "−"}${percent(Math.abs(share), 0)}`, trend: share > 0 ? "up" : "down" };
}

function row(key: string, label: string, current: number, previous: number, money = false): FigureRow {
  const show = money ? formatMoney : count;
  return { key, label, current: show(current), previous: show(previous), ...change(current, previous) };
}

export function salesRows(d: Dashboard): FigureRow[] | null {
  const c = d.current.sales;
  const p = d.previous.sales;
  if (!c || !p) return null;
  return [
    row("invoices", "Vystavené faktúry", c.invoices, p.invoices),
    row("gross", "Tržby s DPH", c.grossCents, p.grossCents, true),
    row("net", "Tržby bez DPH (základ dane)", c.netCents, p.netCents, true),
    row("vat", "DPH", c.vatCents, p.vatCents, true),
    row("creditNotes", "Dobropisy", c.creditNotes, p.creditNotes),
    row("creditGross", "Dobropisy s DPH", c.creditGrossCents, p.creditGrossCents, true),
    row("creditNet", "Dobropisy bez DPH", c.creditNetCents, p.creditNetCents, true),
    row("creditVat", "DPH z dobropisov", c.creditVatCents, p.creditVatCents, true),
    row("balance", "Tržby po dobropisoch s DPH", c.balanceCents, p.balanceCents, true),
    row("refunds", "Dokončené refundácie", c.refundsCompleted, p.refundsCompleted),
    row("refundedAmount", "Vrátené platby", c.refundedCents, p.refundedCents, true),
  ];
}

export const funnelLabels = {
  created: "Vytvorené objednávky",
  paid: "Zaplatené",
  refunded: "Refundované",
  failed: "Neúspešné platby",
  expired: "Vypršané",
  pending: "Čakajú na platbu",
  disputed: "Sporné",
} as const;

export function funnelRows(d: Dashboard): FigureRow[] | null {
  const c = d.current.funnel;
  const p = d.previous.funnel;
  if (!c || !p) return null;
  return (Object.keys(funnelLabels) as (keyof typeof funnelLabels)[]).map((k) => row(k, funnelLabels[k], c[k], p[k]));
}

export function learningRows(d: Dashboard): FigureRow[] {
  const c = d.current.learning;
  const p = d.previous.learning;
  return [
    row("enrollments", "Nové zápisy", c.enrollments, p.enrollments),
    row("reason-paid", "– po zaplatení", c.enrollmentsByReason.paid, p.enrollmentsByReason.paid),
    row("reason-admin_grant", "– pridelené administrátorom", c.enrollmentsByReason.admin_grant, p.enrollmentsByReason.admin_grant),
    row("reason-sponsor", "– cez sponzora", c.enrollmentsByReason.sponsor, p.enrollmentsByReason.sponsor),
    row("completions", "Dokončené kurzy", c.completions, p.completions),
    row("certificatesFinal", "Vydané záverečné certifikáty", c.certificatesFinal, p.certificatesFinal),
    row("certificatesIntermediate", "Vydané čiastkové certifikáty", c.certificatesIntermediate, p.certificatesIntermediate),
  ];
}

export type PeriodErrors = Record<string, string[]>;

/**
 * The period of the request; an invalid custom period falls back to this month and
 * says why (the page answers 422 with the form's errors: `withPeriodStatus`).
 */
export function periodOf(request: Request, now: Date): { period: Period; errors: PeriodErrors } {
  const params = new URL(request.url).searchParams;
  const asked = periodOutcome(params, now);
  if (asked.ok) return { period: asked.value, errors: {} };
  const errors: PeriodErrors = {};
  for (const d of asked.error.details as { path: string; message: string }[]) (errors[d.path] ??= []).push(d.message);
  return { period: parsePeriod(new URLSearchParams(), now), errors };
}

/** A loader's answer: 422 when the period's form has errors. */
export function withPeriodStatus<T>(value: T, errors: PeriodErrors) {
  return data(value, { status: Object.keys(errors).length ? 422 : 200 });
}
