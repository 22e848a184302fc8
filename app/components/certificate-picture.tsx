// The certificate as a picture on its page: the layout, colours and wording of the
// confirmation PDF (server/certificates/pdf.ts), drawn as SVG so it is sharp on a phone
// and costs no request. The QR code comes from the loader as SVG markup (qrcode's own).
// Its smallest text is 11 units of the 595-unit page (the PDF's 8-10 pt is too small for a
// phone); the page lets it be enlarged.
type Props = {
  platformName: string;
  partnerName: string;
  holder: string;
  birthDate: string | null;
  final: boolean;
  levelTitle: string | null;
  courseTitle: string;
  facts: [string, string][];
  revokedText: string | null;
  qrSvg: string;
  verificationUrl: string;
};

const GREY = "#555555";
const ACCENT = "#1d4e89";

/** Splits text into lines of about `width` characters (the PDF wraps by measure; close enough). */
function lines(text: string, width: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

export function CertificatePicture(p: Props) {
  const x = 297.6;
  let y = 228;
  const course = lines(`„${p.courseTitle}“`, 36);
  const what = p.final ? "úspešne absolvoval/a kurz" : `úspešne absolvoval/a úroveň „${p.levelTitle ?? ""}“ kurzu`;
  const afterBirth = p.birthDate ? y + 20 : y;
  const courseY = afterBirth + 8 + 22 + 16;
  const factsY = courseY + course.length * 22 + 24;
  y = factsY;
  const qrY = Math.max(factsY + p.facts.length * 24 + (p.revokedText ? 30 : 0) + 24, 560);
  return (
    <svg className="certificate-picture" viewBox="0 0 595 842" role="img" aria-labelledby="certificate-picture-title" xmlns="http://www.w3.org/2000/svg">
      <title id="certificate-picture-title">{`Potvrdenie o absolvovaní: ${p.holder}, ${p.courseTitle}`}</title>
      <rect x="0" y="0" width="595" height="842" fill="#fff" />
      <rect x="20" y="20" width="555" height="802" fill="none" stroke={ACCENT} strokeWidth="2" />
      <g fontFamily="DejaVu Sans, system-ui, sans-serif" textAnchor="middle">
        <text x={x} y="66" fontSize="12" fill={GREY}>
          {p.platformName}
        </text>
        <text x={x} y="104" fontSize="24" fontWeight="bold" fill={ACCENT}>
          Potvrdenie o absolvovaní
        </text>
        {lines(`Toto potvrdenie vydáva platforma ${p.platformName}. Nie je certifikátom akreditačného partnera; certifikát vydáva ${p.partnerName}.`, 70).map(
          (l, i) => (
            <text key={i} x={x} y={128 + i * 14} fontSize="11" fill={GREY}>
              {l}
            </text>
          ),
        )}
        <text x={x} y="187" fontSize="13">
          Potvrdzujeme, že
        </text>
        <text x={x} y="218" fontSize="22" fontWeight="bold">
          {p.holder}
        </text>
        {p.birthDate ? <text x={x} y="242" fontSize="12" fill={GREY}>{`narodený/á ${p.birthDate}`}</text> : null}
        <text x={x} y={afterBirth + 20} fontSize="13">
          {what}
        </text>
        {course.map((l, i) => (
          <text key={i} x={x} y={courseY + i * 22} fontSize="18" fontWeight="bold">
            {l}
          </text>
        ))}
        {p.revokedText ? (
          <text x={x} y={factsY + p.facts.length * 24 + 16} fontSize="12" fontWeight="bold" fill="#b00020">
            {p.revokedText}
          </text>
        ) : null}
      </g>
      <g fontFamily="DejaVu Sans, system-ui, sans-serif" fontSize="12">
        {p.facts.map(([label, value], i) => (
          <g key={label}>
            <text x="56" y={y + i * 24} fill={GREY}>
              {label}
            </text>
            <text x="216" y={y + i * 24} fontWeight="bold">
              {value.length > 42 ? `${value.slice(0, 41)}…` : value}
            </text>
          </g>
        ))}
      </g>
      <svg
        x="56"
        y={qrY}
        width="120"
        height="120"
        dangerouslySetInnerHTML={{ __html: p.qrSvg.replace(/^<svg[^>]*>|<\/svg>\s*$/g, "") }}
        viewBox={qrViewBox(p.qrSvg)}
      />
      <g fontFamily="DejaVu Sans, system-ui, sans-serif">
        <text x="196" y={qrY + 14} fontSize="13" fontWeight="bold">
          Overenie pravosti
        </text>
        <text x="196" y={qrY + 36} fontSize="11">
          Naskenujte kód alebo otvorte adresu:
        </text>
        {lines(p.verificationUrl.replace(/^https?:\/\//, ""), 48).map((l, i) => (
          <text key={i} x="196" y={qrY + 56 + i * 15} fontSize="11" fill={ACCENT}>
            {l}
          </text>
        ))}
        {lines(`Právne záväzný je certifikát akreditačného partnera ${p.partnerName}.`, 70).map((l, i, all) => (
          <text key={i} x={x} y={796 - (all.length - 1 - i) * 14} fontSize="11" fill={GREY} textAnchor="middle">
            {l}
          </text>
        ))}
      </g>
    </svg>
  );
}

function qrViewBox(svg: string): string {
  return /viewBox="([^"]+)"/.exec(svg)?.[1] ?? "0 0 33 33";
}
