// The admin order page's pieces: the timeline item, status messages and the dispute decision form.
import { Form } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "../+types/order";
import { plural } from "#shared/plural";
import { disputeFormSchema } from "../../../lib/admin-dispute-form";
import { FormErrors, SubmitButton, TextField, useSchemaForm } from "../../../components/forms";

export type TimelineItem = { at: string; what: string; detail?: string };

export const DONE_MESSAGES: Record<string, string> = {
  refundacia: "Refundácia bola odoslaná platobnej bráne. Dokončí sa, keď brána potvrdí vrátenie peňazí.",
  "pristup-obnoveny": "Prístup ku kurzu je obnovený a objednávka je znova zaplatená. Študentovi odchádza e-mail.",
  "pristup-ukonceny": "Prístup ku kurzu je ukončený (zápis zrušený, certifikáty odvolané). Študentovi odchádza e-mail.",
  "refundacia-znova": "Vrátenie peňazí sa skúša znova: platobnú bránu o refundáciu žiadame ešte raz.",
  "prevod-zaplatil": "Prevod je zaznamenaný a objednávka zaplatená: faktúra a potvrdenie odchádzajú kupujúcemu.",
  "prevod-oznaceny": "Prevod je zaznamenaný, ale nezapočítaný (iná suma alebo objednávku nemožno zaplatiť). Administrátorom odchádza upozornenie.",
  "prevod-duplicitny": "Prevod s touto referenciou banky už bol zaznamenaný; nič sa nezmenilo.",
};

/** The order's audit rows of dispute decisions, as timeline entries. */
export const DISPUTE_DECISIONS: Record<string, string> = {
  "order.dispute.restore": "Reklamácia rozhodnutá: prístup obnovený",
  "order.dispute.cancel": "Reklamácia rozhodnutá: prístup ukončený",
};
export function staleRefusal(reply: unknown): string | null {
  const errors = (reply as { error?: Record<string, string[] | null> } | undefined)?.error?.[""];
  return errors?.[0] ?? null;
}

export function DisputeForm({ dispute, reply }: { dispute: NonNullable<Route.ComponentProps["loaderData"]["dispute"]>; reply: unknown }) {
  const [form, fields] = useSchemaForm(disputeFormSchema, { id: "dispute", lastResult: reply as never, defaultValue: dispute.defaults });
  return (
    <section aria-labelledby="reklamacia" className="card dispute-decision">
      <h2 id="reklamacia">Reklamácia platby</h2>
      {dispute.keptNotice ? (
        <p className="notice" role="status">
          {dispute.keptNotice}
        </p>
      ) : null}
      <p>
        Banka študenta platbu reklamovala{dispute.suspendedCount === 0 ? " (objednávka nemá zápis na pozastavenie)." : " a "}
        {dispute.suspendedCount === 0
          ? ""
          : dispute.suspendedCount === 1
            ? "jeho zápis je pozastavený"
            : `${dispute.suspendedCount} ${plural(dispute.suspendedCount, "zápis je pozastavený", "zápisy sú pozastavené", "zápisov je pozastavených")}`}
        . Keď banka rozhodne, zvoľte výsledok: <strong>Obnoviť prístup</strong>, ak reklamácia dopadla v náš prospech (zápis bude znova aktívny a objednávka
        zaplatená), alebo <strong>Ukončiť prístup</strong>, ak peniaze banka vrátila (zápis sa zruší aj po dokončení kurzu, vydané certifikáty sa odvolajú a
        objednávka zostane reklamovaná bez možnosti ďalšej refundácie).
      </p>
      <Form method="post" {...getFormProps(form)} className="refund-form">
        <FormErrors meta={form} />
        <input {...getInputProps(fields.idempotencyKey, { type: "hidden" })} key={fields.idempotencyKey.key} />
        <TextField
          meta={fields.reason}
          label="Dôvod rozhodnutia"
          description="Uloží sa do auditného záznamu a študent ho dostane v e-maile."
          multiline
          rows={3}
        />
        <div className="section-actions">
          <SubmitButton intent="restore" pendingLabel="Obnovuje sa…">
            Obnoviť prístup
          </SubmitButton>
          <SubmitButton intent="cancel" variant="danger" pendingLabel="Ukončuje sa…">
            Ukončiť prístup
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** What needs a person on this order; a failed refund carries its retry button. */
export function Attention({ items, refusal }: { items: Route.ComponentProps["loaderData"]["attention"]; refusal: string | null }) {
  if (items.length === 0 && !refusal) return null;
  return (
    <section aria-labelledby="pozornost" className="card alert attention">
      <h2 id="pozornost">Vyžaduje pozornosť</h2>
      {refusal ? <p role="alert">{refusal}</p> : null}
      <ul>
        {items.map((item, i) => (
          <li key={`${item.kind}-${i}`}>
            <p>{item.text}</p>
            {item.refundId ? (
              <Form method="post">
                <input type="hidden" name="refundId" value={item.refundId} />
                <SubmitButton intent="retry-refund" pendingLabel="Skúša sa…">
                  Skúsiť vrátenie znova
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
