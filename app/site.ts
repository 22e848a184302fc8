// The site's name and the short texts around it, in one place: the header, page titles,
// the footer and meta descriptions read it. Server code (the default MAIL_FROM, the local
// identity provider's client name) keeps its own copy: server/ never imports app/.
// Plain constants, no environment: the browser bundle imports it too.
export const SITE = {
  name: "Akadémia športového manažmentu",
  tagline: "Akreditované vzdelávanie pre vedenie športových klubov a zväzov.",
  description: "Akreditované online kurzy pre vedenie športových klubov: riadenie, financie, granty, administratíva.",
  language: "sk",
} as const;

/** "<page> | <site>" for the document title; the site name alone without a page. */
export function pageTitle(page?: string | null): string {
  return page ? `${page} | ${SITE.name}` : SITE.name;
}
