// Course descriptions and instructor bios are Markdown written by content managers.
// micromark escapes raw HTML and blanks unsafe URL schemes (javascript:, data:, vbscript:)
// by default; we never turn those options on, so the output is safe to inject.
//
// Rendering is pure and the public pages render the same few texts on every request, so
// results are kept in a small memo (least recently used out first, bounded in entries
// and characters): a course page costs no Markdown parsing once its texts were seen.
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

const MEMO_ENTRIES = 500;
const MEMO_CHARS = 4_000_000;
const memo = new Map<string, string>();
let memoChars = 0;

function render(markdown: string): string {
  const html = micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: false,
    allowDangerousProtocol: false,
  });
  // a table scrolls sideways inside its own box on a phone instead of breaking words; the
  // box takes keyboard focus, as a scrolling region must (raw HTML is escaped, so every
  // <table> here is one micromark made)
  return html
    .replace(/<table>/g, '<div class="prose-table" role="region" tabindex="0" aria-label="Tabuľka">\n<table>')
    .replace(/<\/table>/g, "</table>\n</div>");
}

export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown) return "";
  const known = memo.get(markdown);
  if (known !== undefined) {
    // most recently used last
    memo.delete(markdown);
    memo.set(markdown, known);
    return known;
  }
  const html = render(markdown);
  const size = markdown.length + html.length;
  if (size <= MEMO_CHARS / 10) {
    memo.set(markdown, html);
    memoChars += size;
    for (const [oldest, value] of memo) {
      if (memo.size <= MEMO_ENTRIES && memoChars <= MEMO_CHARS) break;
      memo.delete(oldest);
      memoChars -= oldest.length + value.length;
    }
  }
  return html;
}

/** The memo's size, for tests. */
export function markdownMemoStats(): { entries: number; chars: number } {
  return { entries: memo.size, chars: memoChars };
}
