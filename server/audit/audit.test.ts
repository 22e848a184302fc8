import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type OpenTestDatabase } from "../../tests/support/db";
import { listAudit, writeAudit } from "./index";

describe("audit log", () => {
  let t: OpenTestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes an entry and lists entries of one target, newest first", async () => {
    const first = await writeAudit(t.db, {
      actorId: "p-4001",
      actorRoles: ["student", "admin"],
      action: "enrollment.grant",
      targetType: "enrollment",
      targetId: "65f000000000000000000001",
      reason: "Darček pre lektora",
      details: { courseSlug: "sekretar-klubu-v-praxi" },
      ip: "127.0.0.1",
    });
    expect(first).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      actorId: "p-4001",
      actorRoles: ["student", "admin"],
      action: "enrollment.grant",
      targetType: "enrollment",
      targetId: "65f000000000000000000001",
      reason: "Darček pre lektora",
      details: { courseSlug: "sekretar-klubu-v-praxi" },
      ip: "127.0.0.1",
      createdAt: expect.any(Date),
    });
    await writeAudit(t.db, { actorId: "p-4001", action: "enrollment.cancel", targetType: "enrollment", targetId: "65f000000000000000000001" });
    await writeAudit(t.db, { actorId: "p-4001", action: "enrollment.cancel", targetType: "enrollment", targetId: "65f000000000000000000002" });

    const entries = await listAudit(t.db, { targetType: "enrollment", targetId: "65f000000000000000000001" });
    expect(entries.map((e) => e.action)).toEqual(["enrollment.cancel", "enrollment.grant"]);
    expect(entries[0]).toMatchObject({ actorRoles: null, reason: null, details: null, ip: null });
    expect(await listAudit(t.db, { targetType: "enrollment" })).toHaveLength(3);
    expect(await listAudit(t.db, { targetType: "order", targetId: "65f000000000000000000001" })).toEqual([]);
  });

  it("rolls back with the transaction it was written in", async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await writeAudit(tx, { actorId: "p-4001", action: "course.publish", targetType: "course", targetId: "c-rollback" });
        throw new Error("publish failed");
      }),
    ).rejects.toThrow("publish failed");
    expect(await listAudit(t.db, { targetType: "course", targetId: "c-rollback" })).toEqual([]);
  });
});
