// The embedded default: PGlite even when CI provides a PostgreSQL server.
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "../support/app";
import { createTestDatabase } from "../support/database";

describe("embedded PGlite", () => {
  const database = createTestDatabase({ embedded: true });
  afterAll(async () => {
    await (await database).drop();
  });

  it("seeds the catalog on an empty data directory and keeps it across a restart", async () => {
    const db = await database;
    expect(db.env.DATA_DIR).toBeTruthy();
    expect(db.env.DATABASE_URL).toBeUndefined();
    let app = await startApp({ database: db });
    const first = await (await fetch(`${app.url}/api/courses`)).json();
    await app.stop();
    expect(first.data.map((c: { slug: string }) => c.slug).sort()).toEqual([
      "financie-a-granty-v-sporte", "riadenie-sportoveho-klubu", "sekretar-klubu-v-praxi",
    ]);

    app = await startApp({ database: db });
    const second = await (await fetch(`${app.url}/api/courses`)).json();
    await app.stop();
    expect(second.data.map((c: { _id: string }) => c._id)).toEqual(first.data.map((c: { _id: string }) => c._id));
  });
});
