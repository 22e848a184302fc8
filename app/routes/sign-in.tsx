// /prihlasenie: where a failed or interrupted sign-in lands, with a Slovak explanation
// and a fresh start. Signing in itself happens at the identity provider.
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const failure = new URL(request.url).searchParams.get("chyba");
  return {
    signedIn: getAuth(context).user !== null,
    message: failure ? (failureMessages[failure] ?? "Prihlásenie sa nepodarilo.") : null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Prihlásenie") }, { name: "robots", content: "noindex" }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  return (
    <section className="narrow">
      <h1>Prihlásenie</h1>
      {loaderData.message ? (
        <p className="alert" role="alert">{loaderData.message}</p>
      ) : null}
      {loaderData.signedIn ? (
        <p>Už ste prihlásený. <a href="/ucet">Prejsť na môj účet</a></p>
      ) : (
        <p><a className="button" href="/api/auth/login?returnTo=%2Fucet">Prihlásiť sa</a></p>
      )}
    </section>
  );
}
