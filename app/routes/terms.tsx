// /obchodne-podmienky: the terms the checkout's checkboxes link to, with the refund policy
// at #vratenie-penazi (docs/decisions.md > Notices and form errors). Public and static.
import type { Route } from "./+types/terms";
import { pageTitle, SITE } from "../site";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Obchodné podmienky") }];

export default function Terms() {
  return (
    <article className="narrow prose">
      <h1>Obchodné podmienky</h1>
      <p>Tieto podmienky platia pre nákup online kurzov na stránke {SITE.name}.</p>
      <h2>Objednávka a platba</h2>
      <ul>
        <li>Kurz si objednáte na stránke kurzu tlačidlom „Kúpiť kurz“ a vyplnením fakturačných údajov.</li>
        <li>Cena je uvedená s DPH. Zaplatíte ju cez platobnú bránu; faktúru vám pošleme e-mailom a nájdete ju v sekcii Môj účet.</li>
        <li>Po zaplatení máte kurz sprístupnený hneď; ten istý kurz vám druhýkrát nepredáme.</li>
      </ul>
      <h2>Prístup ku kurzu</h2>
      <p>K obsahu kurzu máte prístup po dobu uvedenú pri kurze. Prístupové údaje nezdieľajte s inými osobami.</p>
      <h2 id="vratenie-penazi">Vrátenie peňazí</h2>
      <p>
        Prístup k digitálnemu obsahu začína hneď po zaplatení, preto súhlasom s týmito podmienkami beriete na vedomie, že
        po sprístupnení obsahu zaniká právo odstúpiť od zmluvy bez udania dôvodu. Ak sa kurz nedá používať pre chybu na našej
        strane, peniaze vrátime; o vrátenie požiadajte e-mailom a uveďte číslo objednávky. Pri vrátení peňazí vystavíme dobropis.
      </p>
      <h2>Certifikáty</h2>
      <p>Certifikát vydáva akreditačný partner kurzu po jeho úspešnom dokončení; jeho pravosť si ktokoľvek overí na stránke overenia.</p>
    </article>
  );
}
