// The e-invoices' Prometheus metrics (server/log/metrics registry): documents the validator
// refused, by rule id, and delivery outcomes.
import { Counter, Histogram } from "prom-client";
import { metricsRegistry } from "../log/metrics";

export const eInvoiceRuleFailures = new Counter({
  name: "einvoice_rule_failures_total",
  help: "E-invoices refused by the validator before sending, by the fatal rule id they broke",
  labelNames: ["rule"] as const,
  registers: [metricsRegistry],
});

export const eInvoiceDeliveries = new Counter({
  name: "einvoice_deliveries_total",
  help: "E-invoice delivery attempts by outcome (invalid, sent, delivered, rejected, retry)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const eInvoiceValidationSeconds = new Histogram({
  name: "einvoice_validation_seconds",
  help: "Time to validate one e-invoice in the delivery job",
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
  registers: [metricsRegistry],
});
