// A picture of a form (a course's cover and share image, a lecturer's photo;
// docs/decisions/files/public-images.md): the picture as it is now with "Odstrániť", and a
// file to replace it. Without JavaScript the file goes with the form (its multipart input
// `fileName`); with it, it is uploaded at once and the form sends its id (`newIdName`).
import { FileUpload } from "./file-upload";

export const PICTURE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

export function PictureField(props: {
  id: string;
  label: string;
  help?: string;
  kind: "cover" | "avatar" | "image";
  /** the picture as it is now (a URL the admin may open), or null */
  current: string | null;
  fileName: string;
  newIdName: string;
  removeName: string;
  errors?: string[];
  saveLabel: string;
}) {
  return (
    <div className="picture-field">
      {props.current ? (
        <figure>
          <img src={props.current} alt={`${props.label}: teraz`} className="picture-now" loading="lazy" />
          <figcaption>
            <label className="choice">
              <input type="checkbox" name={props.removeName} value="on" /> Odstrániť tento obrázok
            </label>
          </figcaption>
        </figure>
      ) : (
        <p className="muted">{props.label}: zatiaľ žiadny.</p>
      )}
      <FileUpload
        id={props.id}
        label={props.current ? `${props.label} – nahradiť` : props.label}
        help={props.help}
        kind={props.kind}
        accept={PICTURE_ACCEPT}
        idName={props.newIdName}
        fileName={props.fileName}
        errors={props.errors}
        saveLabel={props.saveLabel}
      />
    </div>
  );
}
