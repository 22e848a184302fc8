// The one picker of people and organizations by name (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name).
// Without JavaScript it is a search field and a "Hľadať" button that send a GET (to the
// page's own form, or through `searchForm` to a small GET form outside a POST form, so
// that search and save stay separate); the page's loader runs the search
// (server/admin searchForPicker) and the matches come back as checkboxes or radio buttons
// named like the field. With JavaScript the same field searches as you type through
// /admin/hladat and the button searches in place (nothing typed elsewhere is lost).
import { useEffect, useId, useRef, useState } from "react";

export type PickerItem = { id: string; label: string; detail: string };
export type PickerResults = { query: string; matches: PickerItem[]; message: string | null };

const KIND_PARAM = { person: "osoba", club: "klub", partner: "partner" } as const;

export function Picker({
  kind,
  name,
  label,
  multiple = false,
  selected,
  results,
  searchParam,
  searchForm,
  noneLabel,
  description,
  errors,
}: {
  kind: keyof typeof KIND_PARAM;
  /** the field that carries the chosen id(s) */
  name: string;
  label: string;
  multiple?: boolean;
  selected: PickerItem[];
  /** what the loader found for `searchParam` (the search without JavaScript) */
  results: PickerResults | null;
  /** the query parameter of the search field */
  searchParam: string;
  /** id of the GET form the search belongs to when the picker sits inside a POST form */
  searchForm?: string;
  /** a single picker's "nobody" choice (value "") */
  noneLabel?: string;
  description?: string;
  errors?: string[];
}) {
  const id = useId();
  const [known, setKnown] = useState<PickerItem[]>(selected);
  const [checked, setChecked] = useState<Set<string>>(() => new Set(selected.map((s) => s.id)));
  const [found, setFound] = useState<PickerResults | null>(results);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function search(query: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    try {
      const res = await fetch(`/admin/hladat?druh=${KIND_PARAM[kind]}&q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(String(res.status));
      setFound((await res.json()) as PickerResults);
    } catch (error) {
      if ((error as Error).name !== "AbortError") setFound({ query, matches: [], message: "Vyhľadávanie teraz nefunguje. Skúste to o chvíľu." });
    } finally {
      if (request.current === controller) setBusy(false);
    }
  }

  function choose(item: PickerItem, on: boolean) {
    setKnown((k) => (k.some((x) => x.id === item.id) ? k : [...k, item]));
    setChecked((c) => {
      const next = new Set(multiple ? c : []);
      if (on) next.add(item.id);
      else next.delete(item.id);
      return next;
    });
  }

  // a match stays where it is when checked (the same element), so choosing never moves it;
  // the chosen that the current search does not list are shown above it
  const offered = found?.matches ?? [];
  const chosen = known.filter((k) => checked.has(k.id) && !offered.some((m) => m.id === k.id));
  const type = multiple ? "checkbox" : "radio";
  const describedBy = [description ? `${id}-desc` : "", errors?.length ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  // uncontrolled: the browser keeps what is checked (the form library around it may re-render);
  // the state only decides where an item is listed
  const option = (item: PickerItem, on: boolean) => (
    <li key={item.id}>
      <label>
        <input type={type} name={name} value={item.id} defaultChecked={on} onChange={(e) => choose(item, e.currentTarget.checked)} />{" "}
        <span className="picker-name">{item.label}</span> <span className="muted">{item.detail}</span>
      </label>
    </li>
  );

  return (
    <fieldset className="picker" aria-describedby={describedBy}>
      <legend>{label}</legend>
      {description ? (
        <p id={`${id}-desc`} className="field-description">
          {description}
        </p>
      ) : null}
      <ul className="picker-chosen" aria-label="Vybrané">
        {noneLabel && !multiple ? (
          <li>
            <label>
              <input type="radio" name={name} value="" defaultChecked={selected.length === 0} onChange={() => setChecked(new Set())} /> {noneLabel}
            </label>
          </li>
        ) : null}
        {chosen.map((item) => option(item, true))}
        {!checked.size && !noneLabel ? <li className="muted">Zatiaľ nikto nie je vybraný.</li> : null}
      </ul>
      <div className="picker-search">
        <label htmlFor={`${id}-q`}>{kind === "person" ? "Hľadať podľa mena" : "Hľadať podľa názvu"}</label>
        <input
          ref={inputRef}
          id={`${id}-q`}
          type="search"
          name={searchParam}
          form={searchForm}
          defaultValue={results?.query ?? ""}
          autoComplete="off"
          aria-controls={`${id}-found`}
          onChange={(e) => {
            const q = e.currentTarget.value;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => void search(q), 250);
          }}
          onKeyDown={(e) => {
            // Enter searches here instead of sending the whole form
            if (e.key === "Enter") {
              e.preventDefault();
              void search(e.currentTarget.value);
            }
          }}
        />
        <button
          type="submit"
          form={searchForm}
          className="secondary"
          onClick={(e) => {
            e.preventDefault();
            void search(inputRef.current?.value ?? "");
          }}
        >
          Hľadať
        </button>
      </div>
      <div id={`${id}-found`} className="picker-found" aria-live="polite" aria-busy={busy || undefined}>
        {found?.message ? <p className="muted">{found.message}</p> : null}
        {offered.length ? (
          <>
            <p className="picker-hint">Nájdené – vyberte{multiple ? " (aj viacerých)" : ""} a potom uložte:</p>
            <ul className="picker-matches">{offered.map((item) => option(item, checked.has(item.id)))}</ul>
          </>
        ) : null}
      </div>
      {errors?.length ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The GET form a picker inside a POST form searches with (place it after the POST form). */
export function PickerSearchForm({ id }: { id: string }) {
  return <form id={id} method="get" hidden />;
}
