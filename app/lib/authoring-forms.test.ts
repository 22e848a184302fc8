// The authoring forms' conversions between the editor's units and the API's.
import { describe, expect, it } from "vitest";
import { centsFromText, chaptersText, courseSettingsForm, lines, parseChapters, questionBody, slugify, textFromCents } from "./authoring-forms";
import { dateFieldOf, endOfDayInBratislava, moved } from "./admin-authoring.server";
import { parseForm } from "./validation";

describe("authoring form conversions", () => {
  it("prices: comma or dot, whole cents without floating point, and back", () => {
    expect(centsFromText("49,90")).toBe(4990);
    expect(centsFromText("49.9")).toBe(4990);
    expect(centsFromText("0,07")).toBe(7);
    expect(centsFromText("1234")).toBe(123400);
    expect(centsFromText("19,99")).toBe(1999); // 19.99 * 100 would be 1998.9999…
    expect(textFromCents(4990)).toBe("49,90");
    expect(textFromCents(7)).toBe("0,07");
  });

  it("slugs from Slovak titles", () => {
    expect(slugify("Úvod do športového manažmentu")).toBe("uvod-do-sportoveho-manazmentu");
    expect(slugify("  Ťažké ľahké: Účel & cieľ!  ")).toBe("tazke-lahke-ucel-ciel");
    expect(slugify("!!!")).toBe("");
  });

  it("lines and comma lists drop blanks", () => {
    expect(lines("p-2001\n\n p-2002 \r\n")).toEqual(["p-2001", "p-2002"]);
    expect(lines("financie, , granty", /,/)).toEqual(["financie", "granty"]);
    expect(lines(undefined)).toEqual([]);
  });

  it("video chapters as 'm:ss Title' lines, both ways; a bad line is reported by number", () => {
    expect(parseChapters("0:00 Úvod\n1:05 Príklad\n1:02:03 Záver")).toEqual({
      chapters: [
        { title: "Úvod", startSec: 0 },
        { title: "Príklad", startSec: 65 },
        { title: "Záver", startSec: 3723 },
      ],
    });
    expect(parseChapters("0:00 Úvod\n1:75 Zlé").badLine).toBe(2);
    expect(parseChapters("Úvod").badLine).toBe(1);
    expect(
      chaptersText([
        { title: "Úvod", startSec: 0 },
        { title: "Záver", startSec: 3723 },
      ]),
    ).toBe("0:00 Úvod\n1:02:03 Záver");
  });

  it("a question's body: blank answer slots dropped, kept ids sent back, text answers per line", () => {
    const answers = [{ id: "0123456789abcdef01234567", text: "Áno", isCorrect: true }, { text: "Nie", isCorrect: false }, { isCorrect: false }];
    expect(questionBody({ type: "single_choice", text: "Otázka?", answers, acceptedAnswers: "x" })).toEqual({
      type: "single_choice",
      text: "Otázka?",
      weight: 1,
      answers: [
        { id: "0123456789abcdef01234567", text: "Áno", isCorrect: true },
        { text: "Nie", isCorrect: false },
      ],
      acceptedAnswers: [],
      explanation: null,
    });
    expect(questionBody({ type: "text", text: "Otázka?", answers, acceptedAnswers: "jeden\n dva \n" })).toMatchObject({
      answers: [],
      acceptedAnswers: ["jeden", "dva"],
    });
  });

  it("the settings form reads a Slovak decimal comma and unticked checkboxes", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "saveCourse",
      title: "Kurz",
      shortDescription: "Krátko",
      price: "10,5",
      vatPercent: "20",
      language: "SK",
      durationHours: "1,5",
    }))
      form.append(k, v);
    const parsed = parseForm(form, courseSettingsForm);
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toMatchObject({
      price: 1050,
      vatPercent: 20,
      durationHours: 1.5,
      language: "sk",
      vatIncluded: false,
      targetAudience: [],
      currency: "EUR",
    });
  });

  it("an enrollment deadline date is the end of that day in Bratislava (winter and summer time)", () => {
    expect(endOfDayInBratislava("2030-01-15")).toBe("2030-01-15T22:59:59.000Z");
    expect(endOfDayInBratislava("2030-07-15")).toBe("2030-07-15T21:59:59.000Z");
    expect(dateFieldOf("2030-07-15T21:59:59.000Z")).toBe("2030-07-15");
    expect(dateFieldOf(null)).toBe("");
  });

  it("↑/↓ swaps neighbours and does nothing at either end", () => {
    expect(moved(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moved(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moved(["a", "b", "c"], "a", "up")).toBeNull();
    expect(moved(["a", "b", "c"], "c", "down")).toBeNull();
    expect(moved(["a", "b", "c"], "x", "up")).toBeNull();
  });
});
