// /ochrana-osobnych-udajov: who processes the student's personal data, what, why and how
// to reach the controller (the seller from the root loader). Public and static; linked
// from every page's footer (docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know).
import type { Route } from "./+types/privacy";
import { Link } from "react-router";
import { pageTitle } from "../site";
import { SellerDetails, useSeller } from "../components/seller";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Ochrana osobných údajov") }];

export default function Privacy() {
  const seller = useSeller();
  return (
    <article className="narrow prose">
      <h1>Ochrana osobných údajov</h1>
      <h2>Prevádzkovateľ</h2>
      {seller ? <SellerDetails seller={seller} className="seller" /> : <p>Údaje prevádzkovateľa nájdete v obchodných podmienkach.</p>}
      <h2>Aké údaje spracúvame a prečo</h2>
      <ul>
        <li>Meno, e-mail a príslušnosť ku klubu z vášho prihlasovacieho účtu: aby sme vám sprístupnili kúpené kurzy.</li>
        <li>Fakturačné údaje a platby: na vystavenie faktúr a dobropisov (zákonná povinnosť).</li>
        <li>Postup v kurze a výsledky testov: aby ste mohli pokračovať v štúdiu a získať certifikát.</li>
        <li>Údaje na certifikáte (meno, prípadne dátum narodenia): odovzdávame ich akreditačnému partnerovi, ktorý certifikát vydáva.</li>
      </ul>
      <h2>Vaše práva</h2>
      <p>
        Máte právo na prístup k údajom, ich opravu, vymazanie a obmedzenie spracúvania a právo podať sťažnosť Úradu na ochranu osobných údajov SR. Žiadosti
        posielajte na {seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : "kontakt predávajúceho"}.
      </p>
      <p>
        Podmienky nákupu nájdete v <Link to="/obchodne-podmienky">obchodných podmienkach</Link>.
      </p>
    </article>
  );
}
