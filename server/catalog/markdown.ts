// Course descriptions and instructor bios are Markdown written by content managers.
// micromark escapes raw HTML and blanks unsafe URL schemes (javascript:, data:, vbscript:)
// by default; we never turn those options on, so the output is safe to inject.
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown) return "";
  return micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
  });
}
