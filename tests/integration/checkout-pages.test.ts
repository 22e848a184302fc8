// The purchase as a browser without JavaScript does it, over HTTP: checkout form (invalid,
// then valid), the sandbox gateway, the return page, the account page and the course
// page's button. spec: Endpoints > Orders (student), return page.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "#server/db";
import { deliver, paymentEvent, signInStudent, startCommerceApp, type CommerceApp, type Student } from "../support/commerce";

let app: CommerceApp;
let jana: Student;
const SLUG = "financie-a-granty-v-sporte";

beforeAll(async () => {
  app = await startCommerceApp();
  jana = await signInStudent(app.url);
});
afterAll(async () => {
  await app?.stop();
});

function hiddenValue(html: string, name: string) {
  return new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(html)?.slice(1).find(Boolean);
}

function postForm(student: Student, path: string, fields: Record<string, string>) {
  return student.jar.fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const validPersonal = {
  billingType: "personal",
  firstName: "Jana",
  lastName: "Nováková",
  email: "jana.novakova@demo.sk",
  street: "Hlavná 1",
  city: "Bratislava",
  postalCode: "811 01",
  country: "Slovensko",
  agreedTos: "on",
  agreedRefundPolicy: "on",
};

describe("checkout without JavaScript", () => {
  it("an anonymous visitor is sent to sign in and back", async () => {
    const res = await fetch(`${app.url}/kurzy/${SLUG}/kupit`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/api/auth/login?returnTo=${encodeURIComponent(`/kurzy/${SLUG}/kupit`)}`);
  });

  it("invalid form → 400 with Slovak errors inline and the values kept; valid → the gateway → paid return page", async () => {
    const page = await jana.get(`/kurzy/${SLUG}/kupit`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Kupujete ako");
    const key = hiddenValue(html, "idempotencyKey")!;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    // company chosen, IČO missing, terms not agreed
    const invalid = await postForm(jana, `/kurzy/${SLUG}/kupit`, {
      idempotencyKey: key,
      billingType: "company",
      companyName: "ŠK Tatran Demo",
      contactEmail: "klub@tatran-demo.sk",
      street: "Športová 5",
      city: "Prešov",
      postalCode: "080 01",
      country: "Slovensko",
    });
    expect(invalid.status).toBe(400);
    const errorHtml = await invalid.text();
    expect(errorHtml).toContain("Toto pole je povinné.");
    expect(errorHtml).toContain("Na dokončenie objednávky musíte súhlasiť s obchodnými podmienkami.");
    expect(errorHtml).toContain('value="ŠK Tatran Demo"');
    expect(errorHtml).toMatch(/value="company"[^>]*checked|checked[^>]*value="company"/);
    expect(await app.db.select().from(schema.orders).where(eq(schema.orders.studentId, "p-1001"))).toHaveLength(0);

    const valid = await postForm(jana, `/kurzy/${SLUG}/kupit`, { idempotencyKey: key, ...validPersonal });
    expect(valid.status).toBe(302);
    const payUrl = valid.headers.get("location")!;
    expect(payUrl.startsWith(`${app.url}/sandbox-gateway/pay/`)).toBe(true);
    // a double submit lands on the same order
    const again = await postForm(jana, `/kurzy/${SLUG}/kupit`, { idempotencyKey: key, ...validPersonal });
    expect(again.headers.get("location")).toBe(payUrl);
    const orders = await app.db.select().from(schema.orders).where(eq(schema.orders.studentId, "p-1001"));
    expect(orders).toHaveLength(1);
    const orderId = orders[0].id;

    // pending: the return page refreshes itself
    const pending = await jana.get(`/objednavky/${orderId}/return`);
    const pendingHtml = await pending.text();
    expect(pendingHtml).toContain("Platbu spracúvame.");
    // without JavaScript a meta refresh, inside <noscript> so that a browser running scripts
    // (which revalidates instead) never sees it; none in the head
    expect(pendingHtml).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/><\/noscript>/);
    expect(/<head>[\s\S]*<\/head>/.exec(pendingHtml)![0]).not.toContain("http-equiv");

    const gatewayPage = await (await fetch(payUrl)).text();
    const action = new URL(/action="([^"]+)"/.exec(gatewayPage)![1], app.url).href;
    const paid = await fetch(action, { method: "POST", body: new URLSearchParams({ outcome: "success" }), redirect: "manual" });
    expect(paid.headers.get("location")).toBe(`${app.url}/objednavky/${orderId}/return`);

    const done = await (await jana.get(`/objednavky/${orderId}/return?state=failed`)).text();
    expect(done).toContain("Platba prebehla úspešne. Kurz máte sprístupnený.");
    expect(done).toContain(`href="/kurzy/${SLUG}/studium"`);
    expect(done).not.toContain('http-equiv="refresh"');

    const account = await (await jana.get("/ucet")).text();
    expect(account).toContain("Objednávky");
    expect(account).toContain("Zaplatená");

    const course = await (await jana.get(`/kurzy/${SLUG}`)).text();
    expect(course).toContain("Pokračovať v štúdiu");
    const checkoutAgain = await (await jana.get(`/kurzy/${SLUG}/kupit`)).text();
    expect(checkoutAgain).toContain("Na tento kurz ste už zapísaný.");
  });

  it("failed payment → failure notice with a retry button that opens a new payment session; query parameters change nothing", async () => {
    const peter = await signInStudent(app.url, "peter.horvath@demo.sk");
    const page = await (await peter.get(`/kurzy/${SLUG}/kupit`)).text();
    const res = await postForm(peter, `/kurzy/${SLUG}/kupit`, {
      idempotencyKey: hiddenValue(page, "idempotencyKey")!,
      ...validPersonal,
      firstName: "Peter",
      lastName: "Horváth",
      email: "peter.horvath@demo.sk",
    });
    const [order] = await app.db.select().from(schema.orders).where(eq(schema.orders.studentId, "p-1002"));
    expect(res.status).toBe(302);
    await deliver(app.url, paymentEvent(order.id, order.amountCents, { eventType: "payment.failed" }));
    const failed = await peter.get(`/objednavky/${order.id}/return?state=paid&status=success`);
    const html = await failed.text();
    expect(html).toContain("Platba sa nepodarila.");
    expect(html).toContain("Zaplatiť znova");
    expect((await app.db.select().from(schema.orders).where(eq(schema.orders.id, order.id)))[0].state).toBe("failed");

    const retry = await postForm(peter, `/objednavky/${order.id}/return`, {});
    expect(retry.status).toBe(302);
    expect(retry.headers.get("location")!.startsWith(`${app.url}/sandbox-gateway/pay/`)).toBe(true);

    // someone else's order is the 404 page
    expect((await jana.get(`/objednavky/${order.id}/return`)).status).toBe(404);
  });

  it("the course page says why a course cannot be bought", async () => {
    const [course] = await app.db.select().from(schema.courses).where(eq(schema.courses.slug, "sekretar-klubu-v-praxi"));
    // the catalog's cache hears of a change through LISTEN/NOTIFY: a moment after the commit
    const pageOnceItSays = async (text: string) => {
      for (let i = 0; ; i++) {
        const html = await (await fetch(`${app.url}/kurzy/sekretar-klubu-v-praxi`)).text();
        if (html.includes(text) || i >= 50) return html;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await app.db
      .update(schema.courses)
      .set({ enrollmentDeadline: new Date(Date.now() - 1000) })
      .where(eq(schema.courses.id, course.id));
    const html = await pageOnceItSays("Termín na zápis do kurzu uplynul.");
    expect(html).toContain("Termín na zápis do kurzu uplynul.");
    expect(html).not.toContain(">Kúpiť kurz<");
    await app.db.update(schema.courses).set({ enrollmentDeadline: null }).where(eq(schema.courses.id, course.id));
    expect(await pageOnceItSays(">Kúpiť kurz<")).toContain(">Kúpiť kurz<");
  });

  it("the course page shows a sample lesson from the preview data, without enrolled-only data", async () => {
    const html = await (await fetch(`${app.url}/kurzy/${SLUG}`)).text();
    expect(html).toContain("Ukážka z kurzu: Príspevok uznanému športu");
    expect(html).toContain("Príspevok rozdeľuje národný zväz");
    expect(html).toContain("Celú lekciu uvidíte po zakúpení kurzu.");
    expect(html).not.toContain("demo-pus"); // the video's playback id stays private
  });
});
