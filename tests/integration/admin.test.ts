// /admin over HTTP: the layout's middleware lets in content managers and admins only.
// Anonymous → sign-in and back; a student → the Slovak 403 page; content manager and
// admin → the dashboard with counts from the seeded demo catalog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../support/app";
import { signIn } from "../support/app-login";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe("/admin", () => {
  it("sends an anonymous visitor to sign in, coming back to /admin", async () => {
    const res = await fetch(`${app.url}/admin`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/api/auth/login?returnTo=%2Fadmin");
    const deeper = await fetch(`${app.url}/admin/nieco?x=1`, { redirect: "manual" });
    expect(deeper.status).toBe(302);
    expect(deeper.headers.get("location")).toBe(`/api/auth/login?returnTo=${encodeURIComponent("/admin/nieco?x=1")}`);
  });

  it("shows a student the Slovak 403 page inside the admin frame", async () => {
    const { jar } = await signIn(app.url, "jana.novakova@demo.sk", "/");
    const res = await jar.fetch(`${app.url}/admin`);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain("Prístup zamietnutý");
    expect(html).toContain("Táto stránka je len pre rolu správca obsahu alebo administrátor.");
    expect(title(html)).toBe("Prístup zamietnutý | Akadémia športového manažmentu");
    expect(html).not.toContain("Prehľad administrácie");
    expect(html).not.toMatch(/at [\w.]+ \(/); // no stack
    // an unknown admin URL is behind the same check
    expect((await jar.fetch(`${app.url}/admin/nieco`)).status).toBe(403);
  });

  for (const [role, email, name] of [
    ["content manager", "martin.simko@demo.sk", "Martin Šimko"],
    ["admin", "zuzana.bielikova@demo.sk", "Zuzana Bieliková"],
  ] as const) {
    it(`shows the ${role} the dashboard`, async () => {
      const { jar } = await signIn(app.url, email, "/");
      const res = await jar.fetch(`${app.url}/admin`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const html = await res.text();
      expect(title(html)).toBe("Prehľad administrácie | Akadémia športového manažmentu");
      expect(html).toContain("<h1>Prehľad administrácie</h1>");
      expect(html).toContain(name);
      expect(html).toMatch(/<nav class="admin-nav" aria-label="Administrácia">/);
      // counts from the demo seed: published courses exist, and a table row per state
      const published = /<th scope="row">Publikované<\/th><td>(\d+)<\/td>/.exec(html);
      expect(Number(published?.[1])).toBeGreaterThan(0);
      for (const label of ["Koncepty", "Archivované", "Aktívne", "Dokončené"]) expect(html).toContain(`<th scope="row">${label}</th>`);
      // unknown admin URLs: the admin 404, in the admin frame
      const missing = await jar.fetch(`${app.url}/admin/neexistuje`);
      expect(missing.status).toBe(404);
      const missingHtml = await missing.text();
      expect(missingHtml).toContain("Stránka sa nenašla");
      expect(missingHtml).toContain("Späť na prehľad administrácie");
    });
  }
});
