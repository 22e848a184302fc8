// /obchodne-podmienky: the terms the checkout's checkboxes link to, with the refund policy
// at #vratenie-penazi (docs/decisions/student-ui/student-pages-on-a-phone.md > Notices and form errors) and the seller with its
// contact at #predavajuci (the root loader's seller: INVOICE_SUPPLIER_*, SUPPORT_EMAIL).
import type { Route } from "./+types/terms";
import { pageTitle, SITE } from "../site";
import { SellerDetails, useSeller } from "../components/seller";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Obchodné podmienky") }];

export default function Terms() {
  const seller = useSeller();
  return (
    <article className="narrow prose">
      <h1>Obchodné podmienky</h1>
      <p>Tieto podmienky platia pre nákup online kurzov na stránke {SITE.name}.</p>
      <h2 id="predavajuci">Predávajúci a kontakt</h2>
      {seller ? (
        <>
          <p>Predávajúcim a dodávateľom kurzov je:</p>
          <SellerDetails seller={seller} className="seller" />
          <p>
            Otázky, reklamácie a žiadosti o vrátenie peňazí posielajte na <a href={`mailto:${seller.email}`}>{seller.email}</a>.
          </p>
        </>
      ) : null}
      <h2>Objednávka a platba</h2>
      <ul>
        <li>Kurz si objednáte na stránke kurzu tlačidlom „Kúpiť kurz“ a vyplnením fakturačných údajov.</li>
        <li>Cena je uvedená s DPH. Zaplatíte ju cez platobnú bránu; faktúru vám pošleme e-mailom a nájdete ju v sekcii Môj účet.</li>
        <li>Po zaplatení máte kurz sprístupnený hneď; ten istý kurz vám druhýkrát nepredáme.</li>
      </ul>
      <h2>Prístup ku kurzu</h2>
      <p>K zakúpenému kurzu máte prístup bez časového obmedzenia (ako je uvedené pri kurze). Prístupové údaje nezdieľajte s inými osobami.</p>
      <h2 id="vratenie-penazi">Vrátenie peňazí</h2>
      <p>
        Prístup k digitálnemu obsahu začína hneď po zaplatení, preto súhlasom s týmito podmienkami beriete na vedomie, že po sprístupnení obsahu zaniká právo
        odstúpiť od zmluvy bez udania dôvodu. Ak sa kurz nedá používať pre chybu na našej strane, peniaze vrátime; o vrátenie požiadajte e-mailom na{" "}
        {seller ? <a href={`mailto:${seller.email}`}>{seller.email}</a> : "adresu predávajúceho uvedenú vyššie"} a uveďte číslo objednávky. Pri vrátení peňazí
        vystavíme dobropis.
      </p>
      <h2>Certifikáty</h2>
      <p>Certifikát vydáva akreditačný partner kurzu po jeho úspešnom dokončení; jeho pravosť si ktokoľvek overí na stránke overenia.</p>
    </article>
  );
}
