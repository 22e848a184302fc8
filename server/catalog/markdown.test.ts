import { describe, expect, it } from "vitest";
import { markdownMemoStats, renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders Markdown with GFM tables and lists", () => {
    const html = renderMarkdown("## Čo sa naučíte\n\n- **rozpočet** klubu\n- granty\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(html).toContain("<h2>Čo sa naučíte</h2>");
    expect(html).toContain("<li><strong>rozpočet</strong> klubu</li>");
    expect(html).toContain("<table>");
  });

  it("puts each table in a focusable box that scrolls sideways (phones: no broken words)", () => {
    const html = renderMarkdown("| Deň | Streda |\n|---|---|\n| 1 | 2 |\n\n`<table>` v texte\n");
    expect(html).toMatch(
      /^<div class="prose-table" role="region" tabindex="0" aria-label="Tabuľka">\n<table>[\s\S]*<\/table>\n<\/div>\n<p><code>&lt;table&gt;<\/code> v texte<\/p>\n$/,
    );
    expect(html.match(/<div class="prose-table"/g)).toHaveLength(1);
  });

  it("escapes raw HTML, so a <script> never runs", () => {
    const html = renderMarkdown('Ahoj <script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n<iframe src="https://evil.example"></iframe>');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<iframe/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("neutralizes javascript: and other unsafe link targets", () => {
    const html = renderMarkdown(
      "[klik](javascript:alert(1)) [velke](JavaScript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![obr](javascript:alert(1)) <javascript:alert(1)>",
    );
    expect(html).not.toMatch(/(href|src)="[^"]*(javascript|data|vbscript):/i);
    expect(html).toContain('<a href="">klik</a>');
  });

  it("keeps safe links", () => {
    expect(renderMarkdown("[web](https://example.sk/a?b=1&c=2) [mail](mailto:info@example.sk) [rel](/kurzy)")).toBe(
      '<p><a href="https://example.sk/a?b=1&amp;c=2">web</a> <a href="mailto:info@example.sk">mail</a> <a href="/kurzy">rel</a></p>',
    );
  });

  it("returns an empty string for missing text", () => {
    expect(renderMarkdown("")).toBe("");
    expect(renderMarkdown(null)).toBe("");
  });

  it("gives a remembered text the same HTML, and the memo stays bounded", () => {
    const first = renderMarkdown("**tučné** a _šikmé_");
    expect(renderMarkdown("**tučné** a _šikmé_")).toBe(first);
    expect(first).toBe("<p><strong>tučné</strong> a <em>šikmé</em></p>");
    for (let i = 0; i < 700; i++) renderMarkdown(`odsek číslo ${i}`);
    expect(markdownMemoStats().entries).toBeLessThanOrEqual(500);
    expect(renderMarkdown("odsek číslo 699")).toBe("<p>odsek číslo 699</p>");
  });
});
