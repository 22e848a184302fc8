// The seller's identity and contact (the invoice supplier and SUPPORT_EMAIL, from the root
// loader): the footer of every page, the course page before the order, the terms.
// docs/decisions/catalog/what-a-buyer-must-know.md > What a buyer must know.
import { useRouteLoaderData } from "react-router";
import type { Seller } from "#server/services";

/** The seller as the root loader gave it; null on an error page the root loader did not reach. */
export function useSeller(): Seller | null {
  return useRouteLoaderData<{ seller?: Seller }>("root")?.seller ?? null;
}

/** Name, address, IČO and e-mail as an address block. */
export function SellerDetails({ seller, className }: { seller: Seller; className?: string }) {
  return (
    <address className={className}>
      <strong>{seller.name}</strong>
      <br />
      {seller.address}
      <br />
      {`IČO: ${seller.ico}`}
      {seller.registration && (
        <>
          <br />
          {seller.registration}
        </>
      )}
      <br />
      {"E-mail: "}
      <a href={`mailto:${seller.email}`}>{seller.email}</a>
    </address>
  );
}

/** The course page's buy box: the seller before the order (distance selling). */
export function SellerBox() {
  const seller = useSeller();
  if (!seller) return null;
  return (
    <section aria-labelledby="predavajuci" className="seller-box">
      <h3 id="predavajuci">Predávajúci</h3>
      <SellerDetails seller={seller} className="seller" />
    </section>
  );
}

/**
 * Whom to ask for more attempts once a test's are used up (docs/decisions/quizzes/failure-with-a-way-forward.md > Failure with a
 * way forward): the seller's contact, with the subject filled in. Without the root loader's
 * data (an error page) it names the academy's administrator only.
 */
export function AskForMoreAttempts({ subject }: { subject: string }) {
  const seller = useSeller();
  const contact = seller ? (
    <>
      {" na "}
      <a href={`mailto:${seller.email}?subject=${encodeURIComponent(subject)}`}>{seller.email}</a>
    </>
  ) : null;
  return <p>Ďalšie pokusy môže povoliť len správca akadémie (pokusy vynuluje). Napíšte mu{contact}; uveďte názov kurzu a testu.</p>;
}
