// With JavaScript, the test form saves its answers a moment after each change
// (PUT .../answers), so a closed tab or a lost connection loses nothing, and the timer bar
// says "Uložené 18:27". Without it the "Uložiť odpovede" button does the same.
import { useEffect, useState, type RefObject } from "react";
import { answersFromForm } from "../lib/test-form";

export function useAutosave(form: RefObject<HTMLFormElement | null>, url: string, enabled: boolean) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    const element = form.current;
    if (!element || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = async () => {
      try {
        const res = await fetch(url, {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ answers: answersFromForm(new FormData(element)) }),
        });
        // "Uložené 18:27": when the last save happened, by the clock on the student's device
        const at = new Date().toLocaleTimeString("sk-SK", { hour: "2-digit", minute: "2-digit" });
        setStatus(res.ok ? `Uložené ${at}` : res.status === 409 ? "Čas na test vypršal." : "Odpovede sa nepodarilo uložiť.");
      } catch {
        setStatus("Odpovede sa nepodarilo uložiť (ste offline?).");
      }
    };
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void save(), 800);
    };
    element.addEventListener("change", onChange);
    element.addEventListener("input", onChange);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("change", onChange);
      element.removeEventListener("input", onChange);
    };
  }, [form, url, enabled]);
  return status;
}
