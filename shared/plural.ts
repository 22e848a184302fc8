// Slovak plurals: the one place a plural form is chosen (docs/decisions/admin-ui/one-plural-helper.md > One plural
// helper), used by server code and, as the one module under server/ the browser bundle may
// load (tooling/server-only-guard.ts), by components and the forms' validation messages.
// It imports nothing and touches no I/O; keep it so.

/** Forms for 1, for 2-4, for the rest (and 0); a fraction takes `decimal`, else the 2-4 form. */
export type PluralForms = { one: string; few: string; many: string; decimal?: string };

// the CLDR rules of Intl.PluralRules for "sk" (one: 1; few: 2-4; many: fractions; other: the rest)
const SK_PLURAL_RULES = new Intl.PluralRules("sk");

/** The Slovak plural form for `n`: 1 → one, 2-4 → few, 0 and 5+ → many, a fraction → decimal. */
export function slovakPlural(n: number, forms: PluralForms): string {
  switch (SK_PLURAL_RULES.select(n)) {
    case "one":
      return forms.one;
    case "few":
      return forms.few;
    case "many":
      return forms.decimal ?? forms.few;
    default:
      return forms.many;
  }
}

/** The same with three plain forms: `plural(n, "zápis", "zápisy", "zápisov")`. */
export function plural(n: number, one: string, few: string, many: string): string {
  return slovakPlural(n, { one, few, many });
}
