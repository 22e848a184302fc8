// Which answer the invoice URL gives: the PDF unless the client prefers XML or asks with ?format=xml.
import { describe, expect, it } from "vitest";
import { prefersXml } from "./einvoice.server";

const req = (accept: string | null, query = "") =>
  new Request(`http://localhost/api/orders/x/invoice${query}`, { headers: accept === null ? {} : { Accept: accept } });

describe("prefersXml", () => {
  it.each([
    [null, false],
    ["*/*", false],
    ["application/*", false],
    ["application/pdf", false],
    ["application/xml", true],
    ["text/xml", true],
    ["application/xml;q=0.9, application/pdf;q=0.5", true],
    ["application/pdf, application/xml;q=0.5", false],
    ["application/xml;q=0", false],
    // browsers' navigation (Firefox, Chromium): the link gets the PDF
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", false],
    ["text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7", false],
    ["application/xml, text/html;q=0.5", true],
  ] as const)("Accept %s → %s", (accept, xml) => {
    expect(prefersXml(req(accept))).toBe(xml);
  });
  it("?format=xml asks for XML whatever Accept says", () => {
    expect(prefersXml(req("application/pdf", "?format=xml"))).toBe(true);
  });
});
