// Slovak validation messages for forms, and the parse helper actions use. The same zod
// schema checks the JSON API body and the HTML form (docs/decisions/platform/stack.md > Stack); this map only
// words the issues a person filling in a form can meet. Issues it does not cover fall
// through to zod's own Slovak locale (schema-level messages always win).
//
// Used on the server (action) and in the browser (Conform's onValidate): no secrets here.
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { slovakPlural } from "#shared/plural";

type Issue = Parameters<z.core.$ZodErrorMap>[0];

/** 1 znak, 2–4 znaky, 5+ znakov (and the same for položka / možnosť): the one plural helper. */
function countWith(n: number, one: string, few: string, many: string): string {
  return `${n} ${slovakPlural(n, { one, few, many })}`;
}

const formats: Record<string, string> = {
  email: "Zadajte platnú e-mailovú adresu, napríklad meno@klub.sk.",
  url: "Zadajte platnú webovú adresu, napríklad https://www.klub.sk.",
  date: "Zadajte platný dátum.",
  datetime: "Zadajte platný dátum a čas.",
};

export const slovakErrorMap: z.core.$ZodErrorMap = (issue: Issue) => {
  switch (issue.code) {
    case "invalid_type":
      // Conform turns an empty field into undefined: that is a missing value, not a type error
      if (issue.input === undefined || issue.input === null || issue.input === "") return "Toto pole je povinné.";
      if (issue.expected === "number" || issue.expected === "int") return "Zadajte číslo.";
      if (issue.expected === "date") return "Zadajte platný dátum.";
      return "Zadajte platnú hodnotu.";
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") {
        return min <= 1 ? "Toto pole je povinné." : `Zadajte aspoň ${countWith(min, "znak", "znaky", "znakov")}.`;
      }
      if (issue.origin === "array" || issue.origin === "set") {
        return `Vyberte aspoň ${countWith(min, "možnosť", "možnosti", "možností")}.`;
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive ? `Zadajte číslo ${min} alebo väčšie.` : `Zadajte číslo väčšie ako ${min}.`;
      }
      return undefined;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `Zadajte najviac ${countWith(max, "znak", "znaky", "znakov")}.`;
      if (issue.origin === "array" || issue.origin === "set") {
        return `Vyberte najviac ${countWith(max, "možnosť", "možnosti", "možností")}.`;
      }
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") {
        return issue.inclusive ? `Zadajte číslo ${max} alebo menšie.` : `Zadajte číslo menšie ako ${max}.`;
      }
      return undefined;
    }
    case "invalid_format":
      return formats[issue.format] ?? "Hodnota nemá správny tvar.";
    case "invalid_value":
      return "Vyberte jednu z ponúknutých možností.";
    case "not_multiple_of":
      return `Zadajte násobok čísla ${String(issue.divisor)}.`;
    default:
      return undefined;
  }
};

/**
 * Conform's parse with the Slovak messages. In an action:
 *   const submission = parseForm(await readForm(request), schema);
 *   if (submission.status !== "success") return data(submission.reply(), { status: 400 });
 */
export function parseForm<Schema extends z.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, error: slovakErrorMap });
}
