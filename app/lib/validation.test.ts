// Slovak form messages and the field components' accessibility wiring, rendered the way
// the server renders a page after a failed submission (lastResult from the action).
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CheckboxField, TextField } from "../components/forms";
import { parseForm } from "./validation";

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("rename"),
    title: z.string().trim().min(3).max(10),
    email: z.email(),
    seats: z.number().int().min(1),
    agree: z.boolean().refine((v) => v, "Potvrďte, prosím, súhlas."),
  }),
  z.object({ intent: z.literal("archive") }),
]);

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.set(k, v);
  return fd;
}

describe("parseForm", () => {
  it("words the usual failures in Slovak", () => {
    const s = parseForm(form({ intent: "rename", title: "ab", email: "nie-je-email", seats: "0" }), schema);
    if (s.status !== "error") throw new Error("expected an error");
    expect(s.error).toEqual({
      title: ["Zadajte aspoň 3 znaky."],
      email: ["Zadajte platnú e-mailovú adresu, napríklad meno@klub.sk."],
      seats: ["Zadajte číslo 1 alebo väčšie."],
      agree: ["Toto pole je povinné."],
    });
  });

  it("says a required field is required, and counts characters in Slovak", () => {
    const s = parseForm(form({ intent: "rename", title: "x".repeat(11), seats: "abc", agree: "on" }), schema);
    if (s.status !== "error") throw new Error("expected an error");
    expect(s.error).toMatchObject({ title: ["Zadajte najviac 10 znakov."], email: ["Toto pole je povinné."], seats: ["Zadajte číslo."] });
  });

  it("dispatches on the intent literal", () => {
    const s = parseForm(form({ intent: "archive" }), schema);
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ intent: "archive" });
    expect(parseForm(form({ intent: "delete" }), schema).status).toBe("error");
  });
});

describe("TextField and CheckboxField", () => {
  it("tie label, description and errors to the control", () => {
    const lastResult = parseForm(form({ intent: "rename", title: "ab" }), schema).reply();
    function Page() {
      const [, fields] = useForm({ id: "f", lastResult });
      return h(
        "div",
        null,
        h(TextField, { meta: fields.title, label: "Názov kurzu", description: "3 až 10 znakov." }),
        h(TextField, { meta: fields.email, label: "E-mail", type: "email" }),
        h(CheckboxField, { meta: fields.agree, label: "Súhlasím" }),
      );
    }
    const html = renderToStaticMarkup(h(Page));
    const input = (id: string) => new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
    expect(html).toContain('<label for="f-title">Názov kurzu</label>');
    expect(input("f-title")).toContain('aria-invalid="true"');
    expect(input("f-title")).toContain('aria-describedby="f-title-error f-title-description"');
    expect(html).toContain('<p id="f-title-description" class="field-description">3 až 10 znakov.</p>');
    expect(html).toContain('<ul id="f-title-error" class="field-errors"><li>Zadajte aspoň 3 znaky.</li></ul>');
    expect(input("f-email")).toContain('type="email"');
    expect(input("f-agree")).toContain('type="checkbox"');
    expect(input("f-agree")).toContain('aria-describedby="f-agree-error"');
    expect(html).toContain('<label for="f-agree">Súhlasím</label>');
  });
});
