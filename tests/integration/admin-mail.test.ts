// /admin/posta over HTTP (the built app, in-process so the test can write the app's own
// database on PGlite too): the local outbox list (newest first), one message, its
// attachment, HTML version and .eml; admins only (invoices, names and addresses: a content
// manager gets 403 and no menu entry; issue 27, item 9).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "#server/mail";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { signIn } from "../support/app-login";

let app: InProcessApp;
const PDF = new TextEncoder().encode("%PDF-1.4\n% test attachment\n");
let firstId = "";
let secondId = "";

beforeAll(async () => {
  app = await startInProcessApp();
  const mailer = await createMailer({ db: app.db, config: { SMTP_URL: undefined, MAIL_FROM: "Akadémia <noreply@localhost>", production: false } });
  await mailer.send({
    messageId: "<test.first@localhost>",
    to: "jana.novakova@demo.sk",
    subject: "Prvá správa – potvrdenie",
    text: "Dobrý deň, Jana Nováková,\n\nfaktúra je v prílohe.\n",
    html: "<!doctype html><p>Dobrý deň, <b>Jana</b></p><script>alert(1)</script>",
    attachments: [{ filename: "faktúra-INV-2026-0001.pdf", contentType: "application/pdf", content: PDF }],
  });
  await new Promise((r) => setTimeout(r, 20));
  await mailer.send({ messageId: "<test.second@localhost>", to: "peter.horvath@demo.sk", subject: "Druhá správa", text: "Text", html: "<p>Text</p>" });
  const ids = await app.db.query.mailOutbox.findMany({ columns: { id: true, messageId: true } });
  firstId = ids.find((m) => m.messageId === "<test.first@localhost>")!.id;
  secondId = ids.find((m) => m.messageId === "<test.second@localhost>")!.id;
});
afterAll(async () => {
  await app?.stop();
});

describe("/admin/posta", () => {
  it("sends an anonymous visitor to sign in", async () => {
    const res = await fetch(`${app.url}/admin/posta`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/api/auth/login?returnTo=%2Fadmin%2Fposta");
  });

  for (const [role, email] of [
    ["student", "jana.novakova@demo.sk"],
    ["content manager", "martin.simko@demo.sk"],
  ] as const) {
    it(`refuses a ${role}: the list, a message and its files are 403`, async () => {
      const { jar } = await signIn(app.url, email, "/");
      for (const path of ["/admin/posta", `/admin/posta/${firstId}`, `/admin/posta/${firstId}/eml`, `/admin/posta/${firstId}/html`]) {
        const res = await jar.fetch(`${app.url}${path}`);
        expect(res.status, path).toBe(403);
        expect(await res.text()).not.toContain("Prvá správa");
      }
      const message = await app.db.query.mailOutboxAttachments.findFirst();
      const attachment = await jar.fetch(`${app.url}/admin/posta/${firstId}/prilohy/${message!.id}`);
      expect(attachment.status).toBe(403);
      expect(attachment.headers.get("content-type")).not.toContain("pdf");
    });
  }

  it("does not offer the outbox in a content manager's admin menu", async () => {
    const { jar } = await signIn(app.url, "martin.simko@demo.sk", "/");
    const res = await jar.fetch(`${app.url}/admin`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<nav[^>]*aria-label="Administrácia"/);
    expect(html).not.toContain('href="/admin/posta"');
  });

  for (const [role, email] of [["admin", "zuzana.bielikova@demo.sk"]] as const) {
    it(`shows the ${role} the outbox, a message and its attachment`, async () => {
      const { jar } = await signIn(app.url, email, "/");
      const list = await jar.fetch(`${app.url}/admin/posta`);
      expect(list.status).toBe(200);
      expect(list.headers.get("cache-control")).toContain("no-store");
      const html = await list.text();
      expect(html).toContain("<h1>Odchádzajúca pošta</h1>");
      expect(html).toMatch(/<a[^>]*href="\/admin\/posta"[^>]*>Odchádzajúca pošta<\/a>/); // in the admin navigation
      // newest first
      expect(html.indexOf("Druhá správa")).toBeGreaterThan(0);
      expect(html.indexOf("Druhá správa")).toBeLessThan(html.indexOf("Prvá správa – potvrdenie"));
      expect(html).toContain(`href="/admin/posta/${firstId}"`);

      const detail = await jar.fetch(`${app.url}/admin/posta/${firstId}`);
      expect(detail.status).toBe(200);
      const page = await detail.text();
      expect(page).toContain("<h1>Prvá správa – potvrdenie</h1>");
      expect(page).toContain("jana.novakova@demo.sk");
      expect(page).toContain("faktúra je v prílohe.");
      expect(page).toContain("&lt;test.first@localhost&gt;");
      const href = /href="(\/admin\/posta\/[0-9a-f]{24}\/prilohy\/[0-9a-f]{24})"/.exec(page)?.[1];
      expect(href).toBeTruthy();
      expect(page).toContain("Stiahnuť faktúra-INV-2026-0001.pdf");

      const file = await jar.fetch(`${app.url}${href}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="faktura-INV-2026-0001.pdf"; filename*=UTF-8''${encodeURIComponent("faktúra-INV-2026-0001.pdf")}`,
      );
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

      // the HTML version is sandboxed (its script never runs), the .eml is the whole message
      const htmlVersion = await jar.fetch(`${app.url}/admin/posta/${firstId}/html`);
      expect(htmlVersion.status).toBe(200);
      expect(htmlVersion.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
      const eml = await jar.fetch(`${app.url}/admin/posta/${firstId}/eml`);
      expect(eml.headers.get("content-type")).toBe("message/rfc822");
      expect(await eml.text()).toMatch(/Message-ID: <test\.first@localhost>/i);

      // unknown or malformed ids: the admin 404
      expect((await jar.fetch(`${app.url}/admin/posta/000000000000000000000000`)).status).toBe(404);
      expect((await jar.fetch(`${app.url}/admin/posta/nieco`)).status).toBe(404);
      expect((await jar.fetch(`${app.url}/admin/posta/${secondId}/html/x`)).status).toBe(404);
      expect((await jar.fetch(`${app.url}/admin/posta/${secondId}/prilohy/000000000000000000000000`)).status).toBe(404);
      expect((await jar.fetch(`${app.url}/admin/posta/${firstId}/ine`)).status).toBe(404);
    });
  }
});
