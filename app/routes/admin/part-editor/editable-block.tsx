// The part editor's block editing inside the part form: one block's fields, its list buttons
// and the Markdown preview.
import { plural } from "#shared/plural";
import { useFetcher } from "react-router";
import { useEffect, useState, type ReactNode } from "react";
import { TextField } from "../../../components/forms";
import { BLOCK_NAMES } from "./block-names";

import type { AnyField, ViewBlock } from "./types";

/** A list button of the part form: saves everything typed, then does its one thing. */
export function OpButton({
  op,
  children,
  label,
  variant = "small",
  confirm,
}: {
  op: string;
  children: ReactNode;
  label?: string;
  variant?: string;
  confirm?: string;
}) {
  return (
    <button
      type="submit"
      name="blockOp"
      value={op}
      className={variant}
      aria-label={label}
      onClick={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}

/** A Markdown textarea with its preview beside it (the server's sanitizing renderer). */
export function MarkdownField({ meta, label, savedHtml, previewOp }: { meta: AnyField; label: string; savedHtml?: string; previewOp: string }) {
  const html = useMarkdownPreview(meta, savedHtml);
  return (
    <div className="markdown-edit">
      <TextField meta={meta} label={label} description="**tučné**, *kurzíva*, ## nadpis, zoznamy s pomlčkou, odkazy [text](https://…)." multiline rows={8} />
      <section className="markdown-preview" aria-label={`Náhľad: ${label}`}>
        <p className="preview-label">Náhľad</p>
        {html !== undefined ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <p className="muted">Náhľad ukáže tlačidlo „Náhľad“.</p>}
        <OpButton op={previewOp} variant="small secondary">
          Náhľad
        </OpButton>
      </section>
    </div>
  );
}

export function EditableBlock({
  block,
  index,
  count,
  meta,
  preview,
}: {
  block: ViewBlock;
  index: number;
  count: number;
  meta: Record<string, AnyField>;
  preview?: string;
}) {
  const name = `${index + 1}. ${BLOCK_NAMES[block.type]}`;
  return (
    <li id={`blok-${block.id}`} className="block">
      <h3>Blok {name}</h3>
      <input type="hidden" name={meta.id.name} value={block.id} />
      <input type="hidden" name={meta.type.name} value={block.type} />
      {block.type === "video" ? (
        <p className="video-state">
          Stav: <strong>{block.stateLabel}</strong>
          {block.duration ? <> · dĺžka {block.duration}</> : null}
          {" · "}
          <a href={block.uploadUrl}>{block.state === "waiting" ? "Nahrať video" : "Nahrať video znova"}</a>
        </p>
      ) : null}
      <div className="node-actions">
        {index > 0 ? (
          <OpButton op={`move:${block.id}:up`} label={`Posunúť vyššie: blok ${name}`}>
            ↑
          </OpButton>
        ) : null}
        {index < count - 1 ? (
          <OpButton op={`move:${block.id}:down`} label={`Posunúť nižšie: blok ${name}`}>
            ↓
          </OpButton>
        ) : null}
        <OpButton op={`delete:${block.id}`} label={`Zmazať blok ${name}`} confirm="Zmazať tento blok?">
          Zmazať
        </OpButton>
      </div>
      {block.type === "text" ? (
        <MarkdownField meta={meta.markdown} label={`Text bloku ${index + 1} (Markdown)`} savedHtml={preview ?? block.html} previewOp={`preview:${block.id}`} />
      ) : null}
      {block.type === "video" ? (
        <>
          <TextField
            meta={meta.chapters}
            label="Kapitoly (nepovinné)"
            description="Každá na riadok: čas a názov, napríklad „1:30 Rozpočet klubu“."
            multiline
            rows={3}
          />
          <TextField
            meta={meta.transcript}
            label="Prepis (nepovinné)"
            description={
              block.derivedTranscript
                ? "Prázdny prepis: študenti vidia prepis odvodený z titulkov."
                : "Bez prepisu sa študentom ukáže prepis odvodený z titulkov, ak ich video má."
            }
            multiline
            rows={4}
          />
          <div className="captions">
            <p>Titulky: {block.captions.length ? null : "zatiaľ žiadne (pridajte súbor .vtt v časti „Pridať súbor“)."}</p>
            {block.captions.length ? (
              <ul>
                {block.captions.map((c) => (
                  <li key={c.lang}>
                    {`${c.label} (${c.lang})`}{" "}
                    <OpButton
                      op={`uncaption:${block.id}:${c.lang}`}
                      label={`Odobrať titulky ${c.label} z bloku ${name}`}
                      confirm={`Odobrať titulky ${c.label}?`}
                    >
                      Odobrať
                    </OpButton>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </>
      ) : null}
      {block.type === "presentation" && block.uploaded ? (
        <>
          <p>
            Nahrané PDF · {block.slideCount} {plural(Number(block.slideCount ?? 0), "snímka", "snímky", "snímok")} (zistené zo súboru). Iné PDF: zmažte blok a
            nahrajte nové.
          </p>
          <input type="hidden" name={meta.pdfPath.name} value={block.pdfPath} />
          <input type="hidden" name={meta.slideCount.name} value={block.slideCount} />
        </>
      ) : block.type === "presentation" ? (
        <>
          <TextField meta={meta.pdfPath} label="Cesta k PDF" description="Napríklad /media/prezentacie/rozpocet.pdf." />
          <TextField meta={meta.slideCount} label="Počet snímok" />
        </>
      ) : null}
      {block.type === "image" ? (
        <>
          {block.uploaded ? (
            <>
              <p>Nahraný obrázok.</p>
              <input type="hidden" name={meta.imagePath.name} value={block.imagePath} />
            </>
          ) : (
            <TextField meta={meta.imagePath} label="Cesta k obrázku" description="Napríklad /media/obrazky/stadion.jpg." />
          )}
          <TextField meta={meta.alt} label="Alternatívny text" description="Čo je na obrázku, pre ľudí, ktorí ho nevidia." />
          <TextField meta={meta.caption} label="Popisok (nepovinné)" />
        </>
      ) : null}
    </li>
  );
}

/** With JavaScript the preview follows the text as it is typed (debounced, rendered by the server). */
function useMarkdownPreview(meta: AnyField, savedHtml: string | undefined): string | undefined {
  const fetcher = useFetcher<{ preview?: { html: string } }>();
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    const el = document.getElementById(meta.id);
    if (!(el instanceof HTMLTextAreaElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        setTyped(true);
        fetcher.submit({ intent: "previewText", _form: "previewText", markdown: el.value }, { method: "post" });
      }, 300);
    };
    el.addEventListener("input", onInput);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("input", onInput);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta.id]);
  return typed && fetcher.data?.preview ? fetcher.data.preview.html : savedHtml;
}
