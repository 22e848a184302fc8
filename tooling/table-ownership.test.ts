// An area writes only its own tables (docs/architecture.md > What the checks enforce). Reads may cross areas;
// a write to another area's table goes through that area's door, in the caller's
// transaction. This scans server/<area>/ sources for insert/update/delete on schema tables.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./sources";
import * as schema from "../server/db/schema";

/** table export name → the areas (server/<area>/) that may write it */
const OWNERS: Record<string, string[]> = {
  courses: ["authoring"],
  levels: ["authoring"],
  topics: ["authoring"],
  modules: ["authoring"],
  parts: ["authoring"],
  tests: ["authoring"],
  questions: ["authoring"],
  certificates: ["certificates"],
  certificateRequests: ["certificates"],
  orders: ["orders"],
  payments: ["payments"],
  refunds: ["payments"],
  bankTransfers: ["payments"],
  invoices: ["invoices"],
  invoiceCounters: ["invoices"],
  creditNotes: ["invoices"],
  creditNoteCounters: ["invoices"],
  // written in the numbering transaction through server/einvoices archiveEInvoice
  eInvoices: ["einvoices"],
  // live sessions of a course, their joins, reminders sent and the students' calendar feeds
  webinars: ["webinars"],
  webinarJoins: ["webinars"],
  webinarReminders: ["webinars"],
  webinarCalendarFeeds: ["webinars"],
  webinarAttendanceCorrections: ["webinars"],
  webinarRecordingViews: ["webinars"],
  webinarRecordingImports: ["webinars"],
  users: ["identity"],
  organizations: ["identity"],
  sessions: ["auth"],
  consumedTokens: ["auth"],
  stepUpForms: ["auth"],
  // learning records progress and completion through server/enrollments' door
  // (recordProgress); expiry is the enrollments area's access rule
  enrollments: ["enrollments"],
  partProgress: ["learning"],
  moduleCompletions: ["learning"],
  levelCompletions: ["learning"],
  testAttempts: ["quizzes", "tests"],
  // every receiver records through server/kernel/webhooks.ts recordWebhookOnce
  webhookEvents: ["kernel"],
  auditLog: ["audit"],
  idempotencyKeys: ["http"],
  rateLimits: ["http"],
  mailDeliveries: ["mail"],
  mailOutbox: ["mail"],
  mailOutboxAttachments: ["mail"],
  testQuestionStats: ["insights"],
  seatAssignments: ["clubs"],
  clubBilling: ["clubs"],
  // uploads (server/files): contents and chunks are inserted once, never updated
  files: ["files"],
  fileContents: ["files"],
  fileChunks: ["files"],
  fileVariants: ["files"],
};

const root = path.resolve(import.meta.dirname, "..");
const tables = Object.keys(schema).filter((name) => {
  const value = (schema as Record<string, unknown>)[name];
  return typeof value === "object" && value !== null && Symbol.for("drizzle:IsDrizzleTable") in value;
});

const sources = (dir: string) => sourceFiles(dir, { tests: false });

/** Every write in server/: [area, table, file:line]. */
function writes(): [string, string, string][] {
  const found: [string, string, string][] = [];
  const serverDir = path.join(root, "server");
  for (const file of sources(serverDir)) {
    const area = path.relative(serverDir, file).split(path.sep)[0];
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/\.(insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g)) {
      if (!tables.includes(match[2])) continue;
      const line = text.slice(0, match.index).split("\n").length;
      found.push([area, match[2], `${path.relative(root, file)}:${line}`]);
    }
  }
  return found;
}

describe("table ownership", () => {
  it("names an owner for every table", () => {
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((t) => !OWNERS[t])).toEqual([]);
  });

  it("finds the writes it checks (the scan is not blind)", () => {
    const found = writes();
    expect(found.some(([area, table]) => area === "auth" && table === "sessions")).toBe(true);
    expect(found.some(([area, table]) => area === "identity" && table === "users")).toBe(true);
  });

  it("every area writes only its own tables", () => {
    const foreign = writes()
      .filter(([area, table]) => !OWNERS[table].includes(area))
      .map(([area, table, where]) => `${where}: ${area} writes ${table}`);
    expect(foreign).toEqual([]);
  });
});
