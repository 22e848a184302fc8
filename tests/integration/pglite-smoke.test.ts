// The embedded default: PGlite even when CI provides a PostgreSQL server.
import { afterAll, describe, expect, it } from "vitest";
import { startApp } from "../support/app";
import { createTestDatabase } from "../support/db";
import { signIn } from "../support/app-login";

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
      "financie-a-granty-v-sporte",
      "riadenie-sportoveho-klubu",
      "sekretar-klubu-v-praxi",
    ]);

    app = await startApp({ database: db });
    try {
      const second = await (await fetch(`${app.url}/api/courses`)).json();
      expect(second.data.map((c: { _id: string }) => c._id)).toEqual(first.data.map((c: { _id: string }) => c._id));

      // sign-in, session and sign-out on PGlite too
      const { jar } = await signIn(app.url, "jana.novakova@demo.sk");
      const me = await jar.fetch(`${app.url}/api/me`);
      expect(me.status).toBe(200);
      const { user, csrfToken } = await me.json();
      expect(user).toMatchObject({ id: "p-1001", roles: ["student"] });
      const out = await jar.fetch(`${app.url}/api/auth/logout`, {
        method: "POST",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ csrf: csrfToken }),
      });
      expect(out.status).toBe(303);
      expect((await jar.fetch(`${app.url}/api/me`)).status).toBe(401);
    } finally {
      await app.stop();
    }
    // two app starts on PGlite (the first migrates and seeds: ~15 s alone, more under the
    // suite's parallel load) and a sign-in: longer than the default 30 s
  }, 120_000);
});
