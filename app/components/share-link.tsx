// The verification link to hand on: a read-only field (select and copy it by hand, also
// without JavaScript), and with JavaScript a "Kopírovať" button and, where the device
// offers it, "Zdieľať" (the system share sheet). Both appear only once hydrated.
import { useEffect, useState } from "react";

export function ShareLink({ url, title }: { url: string; title: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [said, setSaid] = useState("");
  useEffect(() => {
    setHydrated(true);
    setCanShare(typeof navigator.share === "function");
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid("Odkaz je skopírovaný.");
    } catch {
      setSaid("Odkaz sa nepodarilo skopírovať; označte ho a skopírujte ručne.");
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // closed by the person: nothing to say
    }
  };
  return (
    <div className="share-link">
      <label htmlFor="overovaci-odkaz">Odkaz na overenie</label>
      <div className="share-row">
        <input id="overovaci-odkaz" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? (
          <button type="button" className="secondary" onClick={() => void copy()}>
            Kopírovať
          </button>
        ) : null}
        {hydrated && canShare ? (
          <button type="button" className="secondary" onClick={() => void share()}>
            Zdieľať
          </button>
        ) : null}
      </div>
      <p className="muted" role="status">
        {said}
      </p>
    </div>
  );
}
