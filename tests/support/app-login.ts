// Signs a demo person in through the app's own /api/auth/* routes and the local
// provider's form, as a browser without JavaScript would (cookie jar, manual redirects).
import { CookieJar, loginAtLocalIdp } from "./idp-login";

/** Starts at /api/auth/login and stops at the provider's redirect back to the app. */
export async function startSignIn(jar: CookieJar, appUrl: string, email: string, returnTo = "/") {
  const start = await jar.fetch(`${appUrl}/api/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  if (start.status !== 302) throw new Error(`login did not redirect (status ${start.status}): ${await start.text()}`);
  const authorizationUrl = new URL(start.headers.get("location")!, appUrl).href;
  const redirectUri = `${appUrl}/api/auth/callback`;
  const callbackUrl = await loginAtLocalIdp(jar, { url: authorizationUrl, redirectUri, state: "", nonce: "", verifier: "" }, { email });
  return { callbackUrl, authorizationUrl };
}

/** The whole sign-in; `callback` is the app's answer to the provider's redirect. */
export async function signIn(appUrl: string, email: string, returnTo = "/") {
  const jar = new CookieJar();
  const { callbackUrl } = await startSignIn(jar, appUrl, email, returnTo);
  const callback = await jar.fetch(callbackUrl);
  if (callback.status !== 302 || !callback.headers.get("location") || callback.headers.get("location")!.startsWith("/prihlasenie")) {
    throw new Error(`sign-in failed: ${callback.status} ${callback.headers.get("location")}`);
  }
  return { jar, callback };
}
