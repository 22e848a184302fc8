// Issue 32, item 11 in the browser at 360 px, JavaScript on and off: the admin uploads a PDF
// and a spreadsheet into a draft part through the part editor's upload forms (a wrong file
// is refused on the form, in Slovak), publishes the course, and a student granted it sees
// the PDF as a row of slide images on the part page and downloads the attachment under its
// Slovak name ("Rozpočet klubu 2027.xlsx", RFC 6266 filename*). The course's skeleton (one
// level, topic, module and part) is made through the admin API so that the test spends its
// time on the uploads. axe checks every page visited (fixtures).
import { deflateRawSync } from "node:zlib";
import zlib from "node:zlib";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, signIn } from "./support/journeys";

const ADMIN = "zuzana.bielikova@demo.sk";
// a demo student no other browser test uses (p-5004 in the local provider)
const STUDENT = { id: "p-5004", email: "katarina.urbanova@demo.sk" };
const PHONE = { width: 360, height: 800 };

async function pdf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", layout: "landscape" });
  const parts: Buffer[] = [];
  doc.on("data", (d: Buffer) => parts.push(d));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(parts))));
  for (let i = 1; i <= pages; i++) {
    if (i > 1) doc.addPage();
    doc.fontSize(40).text(`Rozpočet klubu, snímka ${i}`, 100, 100);
  }
  doc.end();
  return done;
}

/** A minimal Office Open XML spreadsheet (a ZIP with its content types and a workbook), enough for the type to be sniffed as .xlsx. */
function xlsx(): Buffer {
  const entries: [string, string][] = [
    [
      "[Content_Types].xml",
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ],
    [
      "_rels/.rels",
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ],
    [
      "xl/workbook.xml",
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
    ],
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text, "utf8");
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A draft course with one level, topic, module and part, through the admin API (as the signed-in admin). */
async function draftCourse(request: APIRequestContext, origin: string, suffix: string) {
  const post = async (url: string, data: unknown) => {
    const res = await request.post(url, { data, headers: { Origin: origin } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as Record<string, unknown> & { _id: string };
  };
  const slug = `rozpocet-v-praxi-${suffix}`;
  const course = await post("/api/admin/courses", {
    slug,
    title: `Rozpočet v praxi ${suffix}`,
    shortDescription: "Ako zostaviť rozpočet klubu.",
    priceCents: 1900,
    accreditation: { partnerOrgId: "o-9001", partnerName: "Slovenská akadémia športového manažmentu", certificateType: "Osvedčenie o absolvovaní" },
  });
  const level = await post(`/api/admin/courses/${course._id}/levels`, { slug: "zaklady", title: "Základy" });
  const topic = await post(`/api/admin/levels/${level._id}/topics`, { slug: "rozpocet", title: "Rozpočet" });
  const module = await post(`/api/admin/topics/${topic._id}/module`, { estimatedMinutes: 20 });
  const part = await post(`/api/admin/modules/${module._id}/parts`, {
    slug: "plan",
    title: "Plán rozpočtu",
    contentBlocks: [{ type: "text", markdown: "Rozpočet klubu na rok 2027." }],
  });
  return { id: course._id, slug, partId: part._id };
}

/**
 * Chooses what the file becomes and the file on the part's one form ("Pridať súbor"). With
 * JavaScript the file is uploaded at once (then "Nahrané: <name>", or the refusal); without it
 * the file goes with "Uložiť". `save` presses "Uložiť" afterwards.
 */
async function chooseFile(page: Page, kindLabel: string, file: { name: string; mimeType: string; buffer: Buffer }, javaScript: boolean, save: boolean) {
  await page.getByLabel(kindLabel, { exact: true }).check();
  await page.getByLabel("Súbor", { exact: true }).setInputFiles(file);
  if (javaScript && save) await expect(page.getByText(`Nahrané: ${file.name}`)).toBeVisible({ timeout: 30_000 });
  if (save || !javaScript) await page.getByRole("button", { name: "Uložiť", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`uploads where they are used, JavaScript ${javaScriptEnabled ? "on" : "off"}, 360 px`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("a PDF and a spreadsheet uploaded into a draft part: slides on the student's part page, the attachment under its Slovak name", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const suffix = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
      await signIn(page, ADMIN, "/admin/kurzy");
      await expect(page).toHaveURL(/\/admin\/kurzy$/);
      const course = await draftCourse(page.request, baseURL!, suffix);
      await page.goto(`/admin/kurzy/${course.id}/casti/${course.partId}`);
      await expect(page.getByRole("heading", { level: 1, name: "Časť: Plán rozpočtu" })).toBeVisible();

      // a picture sent as the presentation: refused on the form, in Slovak, nothing added
      const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "blue" } })
        .png()
        .toBuffer();
      await chooseFile(page, "Prezentácia (PDF)", { name: "snimky.pdf", mimeType: "application/pdf", buffer: picture }, javaScriptEnabled, false);
      await expect(page.getByRole("alert").filter({ hasText: "Tento typ súboru sa sem nedá nahrať (image/png). Povolené: PDF." })).toBeVisible({
        timeout: 30_000,
      });

      // the PDF: a presentation block whose slide count comes from the file
      await chooseFile(
        page,
        "Prezentácia (PDF)",
        { name: "Rozpočet klubu 2027.pdf", mimeType: "application/pdf", buffer: await pdf(3) },
        javaScriptEnabled,
        true,
      );
      await expect(page.getByRole("heading", { level: 3, name: "Blok 2. Prezentácia" })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(/3 sním\S* \(zistené zo súboru\)/).first()).toBeAttached();

      // the spreadsheet: an attachment named as uploaded
      await chooseFile(
        page,
        "Príloha na stiahnutie",
        { name: "Rozpočet klubu 2027.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: xlsx() },
        javaScriptEnabled,
        true,
      );
      await expect(page.getByRole("region", { name: "Prílohy" }).getByText("Rozpočet klubu 2027.xlsx")).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page);

      // publish (the admin's), then grant the course to a student
      await page.goto(`/admin/kurzy/${course.id}`);
      await page.getByRole("button", { name: "Zverejniť kurz" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Kurz je zverejnený a je v katalógu." })).toBeVisible();
      const grant = await page.request.post("/api/admin/enrollments", {
        headers: { Origin: baseURL! },
        data: { studentId: STUDENT.id, courseId: course.id, reason: "admin_grant", grantReason: "Test nahrávania súborov" },
      });
      expect(grant.status(), await grant.text()).toBe(201);

      // the student's part page on a phone: the slides as a row of images, the PDF one tap away, the attachment
      const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: PHONE });
      const student = await context.newPage();
      await signIn(student, STUDENT.email, `/kurzy/${course.slug}/studium/${course.partId}`);
      await expect(student).toHaveURL(new RegExp(`/kurzy/${course.slug}/studium/${course.partId}$`));
      const slides = student.locator("ol.slides img");
      await expect(slides).toHaveCount(3);
      await expect(slides.nth(0)).toHaveAttribute("alt", "Snímka 1 z 3");
      await expect(slides.nth(2)).toHaveAttribute("alt", "Snímka 3 z 3");
      // the slide images are made by a job after the upload: the first one loads once it ran
      await expect(async () => {
        await student.reload();
        const loaded = await student
          .locator("ol.slides img")
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
        expect(loaded).toBe(true);
      }).toPass({ timeout: 60_000, intervals: [1000, 2000, 3000] });
      await expectNoSidewaysScroll(student);

      const [download] = await Promise.all([student.waitForEvent("download"), student.getByRole("link", { name: "Rozpočet klubu 2027.xlsx" }).click()]);
      expect(download.suggestedFilename()).toBe("Rozpočet klubu 2027.xlsx");
      const response = await student.request.get(
        await student
          .getByRole("link", { name: "Rozpočet klubu 2027.xlsx" })
          .getAttribute("href")
          .then((h) => h!),
      );
      expect(response.headers()["content-disposition"]).toBe(
        `attachment; filename="Rozpocet klubu 2027.xlsx"; filename*=UTF-8''Rozpo%C4%8Det%20klubu%202027.xlsx`,
      );
      expect(response.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      await context.close();
    });
  });
}
