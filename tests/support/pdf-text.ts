// The text of a PDF as poppler's `pdftotext` reads it (docs/decisions/platform/stack.md > Stack: check PDFs with
// pdftotext). No-break spaces come out as U+00A0; `normalizeSpaces` makes them plain.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? "/usr/bin/pdftotext";

/** The PDF's text (UTF-8; `layout` keeps columns on one line). */
export async function pdfText(pdf: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-text-"));
  try {
    const file = path.join(dir, "document.pdf");
    fs.writeFileSync(file, pdf);
    const args = [...(options.layout ? ["-layout"] : []), "-enc", "UTF-8", file, "-"];
    const { stdout } = await run(PDFTOTEXT, args, { encoding: "utf8" });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every run of white space (NBSP included) as one plain space. */
export function normalizeSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, " ");
}
