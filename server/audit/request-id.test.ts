import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { runWithRequest } from "../log/context";
import { writeAudit } from "./index";

let t: OpenTestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

describe("audit rows carry the request id", () => {
  it("adds details.requestId when written while a request is served", async () => {
    const row = await runWithRequest({ requestId: "req-audit-1234" }, () =>
      writeAudit(t.db, { actorId: "p-1", action: "test.do", targetType: "test", details: { a: 1 } }),
    );
    expect(row.details).toEqual({ a: 1, requestId: "req-audit-1234" });
    const bare = await runWithRequest({ requestId: "req-audit-5678" }, () => writeAudit(t.db, { actorId: "p-1", action: "test.do", targetType: "test" }));
    expect(bare.details).toEqual({ requestId: "req-audit-5678" });
  });

  it("leaves details as given outside a request (jobs, scripts)", async () => {
    const row = await writeAudit(t.db, { actorId: "system:job", action: "test.do", targetType: "test", details: { a: 2 } });
    expect(row.details).toEqual({ a: 2 });
  });
});
