// HTML of the local identity provider: plain pages, no scripts, no outside fonts, Slovak text.
import type { DemoPerson } from "./people";

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f7;color:#1d2430;line-height:1.5}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin:0 0 .25rem}p.lead{margin:0 0 1rem;color:#4a5563}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=email],input[type=password]{width:100%;padding:.6rem;font-size:1rem;border:1px solid #9aa4b2;border-radius:.3rem}
button{margin-top:1rem;width:100%;padding:.7rem;font-size:1rem;font-weight:600;border:0;border-radius:.3rem;background:#0b5cad;color:#fff;cursor:pointer}
button.secondary{background:#e4e8ee;color:#1d2430}
.error{padding:.6rem .8rem;border-radius:.3rem;background:#fde8e8;color:#8a1c1c;border:1px solid #f5b5b5}
details{margin-top:1.5rem}table{width:100%;border-collapse:collapse;font-size:.9rem}td{padding:.25rem .5rem .25rem 0;vertical-align:top}td code{word-break:break-all}
ul.choices{list-style:none;margin:0;padding:0}ul.choices p{margin:.35rem 0 0;font-size:.9rem;color:#4a5563}
.badge{display:inline-block;font-size:.75rem;background:#fff4cc;color:#5c4500;padding:.1rem .4rem;border-radius:.2rem}
`;

export function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="sk">
<head>
<meta charset="utf-8">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Demo prihlásenie</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><span class="badge">Lokálny demo poskytovateľ identity</span></p>
${body}
</main>
</body>
</html>`;
}

export function loginPage(options: { action: string; email?: string; error?: string; people: DemoPerson[]; password: string }): string {
  const { action, email, error, people, password } = options;
  const rows = people.map((p) => `<tr><td><code>${escapeHtml(p.email)}</code></td><td>${escapeHtml(p.name)} (${escapeHtml(p.label)})</td></tr>`).join("\n");
  return layout(
    "Prihlásenie",
    `<h1>Prihlásenie</h1>
<p class="lead">Prihláste sa do Akadémie športového manažmentu.</p>
${error ? `<p class="error" role="alert" id="login-error">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email ?? "")}"${error ? ' aria-describedby="login-error"' : ""}${email ? "" : " autofocus"}>
<label for="password">Heslo</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email ? " autofocus" : ""}>
<button type="submit">Prihlásiť sa</button>
</form>
<details open>
<summary>Demo účty (heslo pre všetky: <code>${escapeHtml(password)}</code>)</summary>
<table>${rows}</table>
</details>`,
  );
}

/**
 * `form` is oidc-provider's hidden form (id op.logoutForm, carries the xsrf token). With a
 * client (RP-initiated logout) the person has already left that service; the page says so
 * and what each choice does (docs/decisions/identity/sign-out-that-signs-out.md > Sign-out that signs out).
 */
export function logoutPage(form: string, clientName: string | undefined): string {
  const service = clientName ? escapeHtml(clientName) : null;
  const lead = service
    ? `Zo služby ${service} ste odhlásený. U poskytovateľa identity (prihlásenie, ktoré zdieľajú viaceré služby) ste však stále prihlásený.`
    : "Chcete sa odhlásiť z poskytovateľa identity?";
  return layout(
    "Odhlásenie",
    `<h1>Odhlásenie</h1>
<p class="lead">${lead}</p>
${form}
<ul class="choices">
<li><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus aria-describedby="logout-yes">Áno, odhlásiť aj z poskytovateľa identity</button>
<p id="logout-yes">Odporúčame na zdieľanom počítači (napríklad v klubovni). Skončí prihlásenie u poskytovateľa identity aj vo všetkých službách, ktoré ho používajú; ďalšie prihlásenie si vyžiada heslo.</p></li>
<li><button type="submit" form="op.logoutForm" class="secondary" aria-describedby="logout-no">Nie, zostať prihlásený u poskytovateľa identity</button>
<p id="logout-no">Iné služby v tomto prehliadači zostanú prihlásené.${service ? ` Do služby ${service} sa v tomto prehliadači aj tak prihlásite znova len s heslom.` : ""}</p></li>
</ul>`,
  );
}

export function logoutSuccessPage(): string {
  return layout("Odhlásené", `<h1>Boli ste odhlásený</h1><p class="lead">Odhlásenie z poskytovateľa identity prebehlo úspešne.</p>`);
}

export function errorPage(out: Record<string, unknown>): string {
  const description = typeof out.error_description === "string" ? out.error_description : "";
  return layout(
    "Chyba",
    `<h1>Prihlásenie sa nepodarilo</h1>
<p class="lead">Požiadavku na prihlásenie nebolo možné spracovať. Vráťte sa do aplikácie a skúste to znova.</p>
<p><code>${escapeHtml(out.error)}</code>${description ? ` – ${escapeHtml(description)}` : ""}</p>`,
  );
}
