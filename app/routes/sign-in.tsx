// /prihlasenie: where a failed or interrupted sign-in lands, with a Slovak explanation
// and a fresh start. Signing in itself happens at the identity provider.
import { data } from "react-router";
import type { Route } from "./+types/sign-in";
import { getAuth } from "../lib/auth.server";
import { pageTitle } from "../site";

const failureMessages: Record<string, string> = {
  state_missing: "Prihlasovanie trvalo príliš dlho alebo prehliadač neuložil cookies. Skúste to znova.",
  state_mismatch: "Odpoveď prihlasovania nepatrí k tomuto prehliadaču. Skúste to znova.",
  nonce_missing: "Prihlasovanie trvalo príliš dlho alebo prehliadač neuložil cookies. Skúste to znova.",
  access_denied: "Prihlásenie bolo zrušené.",
  provider_error: "Poskytovateľ identity prihlásenie odmietol. Skúste to znova.",
  token_exchange: "Prihlásenie sa nepodarilo dokončiť. Skúste to o chvíľu znova.",
  id_token: "Overenie identity zlyhalo, preto sme vás neprihlásili.",
};

/** "o 14 minút" / "o 40 sekúnd": when the sign-in limit lets this network try again. */
function waitText(seconds: number): string {
  if (seconds < 60) return `o ${seconds} ${seconds === 1 ? "sekundu" : seconds < 5 ? "sekundy" : "sekúnd"}`;
  const m = Math.ceil(seconds / 60);
  return `o ${m} ${m === 1 ? "minútu" : m < 5 ? "minúty" : "minút"}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const failure = search.get("chyba");
  // too many sign-ins from this network (the callback's per-IP limit): a 429 page that says when
  if (failure === "limit") {
    const seconds = Math.min(Math.max(Number.parseInt(search.get("za") ?? "", 10) || 60, 1), 24 * 3600);
    const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString("sk-SK", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Bratislava" });
    return data(
      {
        signedIn: getAuth(context).user !== null,
        message: `Z tejto siete prišlo priveľa pokusov o prihlásenie. Skúste to znova ${waitText(seconds)} (približne o ${at}).`,
        limited: true,
      },
      { status: 429, headers: { "Retry-After": String(seconds), "Cache-Control": "no-store" } },
    );
  }
  return {
    limited: false,
    signedIn: getAuth(context).user !== null,
    message: failure ? (failureMessages[failure] ?? "Prihlásenie sa nepodarilo.") : null,
  };
}

// the 429's Retry-After and no-store reach the document answer
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Prihlásenie") }, { name: "robots", content: "noindex" }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>Prihlásenie</h1>
      {loaderData.message ? (
        <p className="alert" role="alert">
          {loaderData.message}
        </p>
      ) : null}
      {loaderData.signedIn ? (
        <p>
          Už ste prihlásený. <a href="/ucet">Prejsť na môj účet</a>
        </p>
      ) : (
        <p>
          <a className={loaderData.limited ? "button secondary" : "button"} href="/api/auth/login?returnTo=%2Fucet">
            {loaderData.limited ? "Skúsiť znova" : "Prihlásiť sa"}
          </a>
        </p>
      )}
    </section>
  );
}
