// Makes the demo catalog's course media once; the output is committed under media/
// (the private course-file directory, served only through signed URLs) and this script
// stays as the record of how it was made. Run from the project root:
//
//   node scripts/make-sample-media.mjs            # everything
//   node scripts/make-sample-media.mjs pdf        # only the PDFs
//
// - media/video/sample.mp4: 30 s, 640x360, H.264 (main) + AAC mono, a title and a
//   running counter with a progress bar, a key frame every 2 s (seeking), moov first
//   (+faststart) so playback starts before the whole file is read. Every demo playback
//   id (demo-*) of the seed plays it in the local video stand-in.
// - media/video/sample-preview.mp4: the 15 s preview clip (demo-*-preview ids).
// - media/video/sample-poster.jpg: the poster frame.
// - media/slides/<deck>.pdf: 16:9 decks whose page counts equal the seed's `slideCount`.
// - media/files/<name>.pdf: the seed's attachments (A4 templates).
// Needs ffmpeg (apt-get install ffmpeg) for the video part; pdfkit and the DejaVu font
// come from node_modules. PDF metadata dates are fixed, so a rerun writes the same bytes.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");
const ROOT = path.resolve(import.meta.dirname, "..");
const MEDIA = path.join(ROOT, "media");
const FIXED_DATE = new Date("2026-01-15T09:00:00Z");

const only = process.argv[2];

function ffmpeg(args) {
  const run = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });
  if (run.status !== 0) throw new Error(`ffmpeg failed (${run.status})`);
}

/** drawtext needs ':' and '\'' escaped inside the filter graph */
const esc = (s) => s.replace(/\\/g, "\\\\").replace(/:/g, "\\:").replace(/'/g, "\\'");

function makeVideo(file, { seconds, color, title, subtitle }) {
  const font = FONT.replace(/:/g, "\\:");
  const bold = FONT_BOLD.replace(/:/g, "\\:");
  const counter = `%{eif\\:floor(t/60)\\:d}\\:%{eif\\:mod(floor(t)\\,60)\\:d\\:2} / 0\\:${String(seconds).padStart(2, "0")}`;
  const graph =
    `[0:v]drawtext=fontfile='${bold}':text='${esc(title)}':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=60,` +
    `drawtext=fontfile='${font}':text='${esc(subtitle)}':fontcolor=0xdfe8e1:fontsize=20:x=(w-text_w)/2:y=105,` +
    // the counter: seconds played / length (e.g. 0:07 / 0:30)
    `drawtext=fontfile='${bold}':text='${counter}':fontcolor=white:fontsize=72:x=(w-text_w)/2:y=(h-text_h)/2+20[txt];` +
    `[1:v]format=yuv420p[bar];` +
    `[txt][bar]overlay=x='-600+600*t/${seconds}+20':y=300:shortest=1[v]`;
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `color=c=${color}:s=640x360:r=25:d=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `color=c=white:s=600x10:r=25:d=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:beep_factor=2:sample_rate=44100:duration=${seconds}`,
    "-filter_complex",
    graph,
    "-map",
    "[v]",
    "-map",
    "2:a",
    "-af",
    "volume=0.08",
    "-c:v",
    "libx264",
    "-profile:v",
    "main",
    "-preset",
    "veryslow",
    "-crf",
    "30",
    "-pix_fmt",
    "yuv420p",
    "-g",
    "50",
    "-keyint_min",
    "50",
    "-sc_threshold",
    "0",
    "-c:a",
    "aac",
    "-b:a",
    "48k",
    "-ac",
    "1",
    "-t",
    String(seconds),
    "-movflags",
    "+faststart",
    "-map_metadata",
    "-1",
    "-fflags",
    "+bitexact",
    "-flags:v",
    "+bitexact",
    "-flags:a",
    "+bitexact",
    file,
  ]);
}

function videos() {
  const dir = path.join(MEDIA, "video");
  fs.mkdirSync(dir, { recursive: true });
  const sample = path.join(dir, "sample.mp4");
  makeVideo(sample, { seconds: 30, color: "0x1a6b32", title: "Akadémia športového manažmentu", subtitle: "Ukážkové video lekcie (lokálny prehrávač)" });
  makeVideo(path.join(dir, "sample-preview.mp4"), {
    seconds: 15,
    color: "0x1d3f6e",
    title: "Ukážka z kurzu",
    subtitle: "Krátka ukážka pre návštevníkov stránky kurzu",
  });
  ffmpeg(["-ss", "3", "-i", sample, "-frames:v", "1", "-q:v", "5", "-map_metadata", "-1", "-fflags", "+bitexact", path.join(dir, "sample-poster.jpg")]);
}

// ---------- PDFs ----------

function pdfDocument(options, info) {
  const doc = new PDFDocument({
    ...options,
    font: FONT,
    info: { ...info, Author: "Akadémia športového manažmentu", CreationDate: FIXED_DATE, ModDate: FIXED_DATE },
  });
  doc.registerFont("regular", FONT);
  doc.registerFont("bold", FONT_BOLD);
  return doc;
}

function save(doc, file) {
  return new Promise((resolve, reject) => {
    const out = fs.createWriteStream(file);
    out.on("finish", resolve);
    out.on("error", reject);
    doc.pipe(out);
    doc.end();
  });
}

/** Slides: the first is the title, then one per topic with its points. */
const DECKS = {
  "organy-klubu": {
    title: "Orgány klubu a rozhodovanie",
    slides: [
      ["Prečo na orgánoch záleží", ["Jasné právomoci šetria čas a spory", "Rozhodnutia sú dohľadateľné", "Partneri a donori dôverujú klubu s poriadkom"]],
      [
        "Stanovy ako ústava klubu",
        ["Určujú orgány, ich zloženie a právomoci", "Menia sa len postupom, ktorý samy určia", "Aktuálne znenie patrí na web klubu"],
      ],
      ["Valné zhromaždenie", ["Najvyšší orgán združenia", "Schvaľuje stanovy, rozpočet a účtovnú závierku", "Volí a odvoláva výbor a kontrolóra"]],
      ["Výbor klubu", ["Riadi klub medzi zasadnutiami valného zhromaždenia", "Stretáva sa pravidelne, spravidla mesačne", "Každý člen má pridelenú agendu"]],
      ["Predseda a štatutár", ["Koná v mene klubu navonok", "Podpisuje zmluvy v rozsahu poverenia", "Zodpovedá výboru a valnému zhromaždeniu"]],
      ["Kontrolór", ["Dohliada na hospodárenie a dodržiavanie stanov", "Podľa zákona o športe ho má každá športová organizácia", "Nesmie byť členom výboru"]],
      ["Uznášaniaschopnosť", ["Prítomná nadpolovičná väčšina členov orgánu", "Pri zmene stanov často vyššie kvórum", "Počty hlasov vždy zapíšte do zápisnice"]],
      ["Hlasovanie per rollam", ["Hlasovanie na diaľku e-mailom alebo formulárom", "Musia ho pripúšťať stanovy", "Výsledok oznámte všetkým členom orgánu"]],
      ["Zápisnica", ["Dátum, miesto, prítomní, program", "Uznesenia a výsledky hlasovania", "Podpis zapisovateľa a overovateľa"]],
      ["Konflikt záujmov", ["Člen orgánu oznámi osobný záujem vopred", "Pri hlasovaní o veci sa zdrží", "Oznámenie je súčasťou zápisnice"]],
      ["Zhrnutie", ["Stanovy určujú, kto o čom rozhoduje", "Každé rozhodnutie má svoju zápisnicu", "Kontrolór stráži hospodárenie"]],
    ],
  },
  "rozpocet-klubu": {
    title: "Rozpočet klubu krok za krokom",
    slides: [
      ["Na čo je rozpočet", ["Plán príjmov a výdavkov na sezónu", "Podklad pre rozhodovanie výboru", "Nástroj na rozhovor s partnermi"]],
      ["Obdobie rozpočtu", ["Kalendárny rok alebo súťažná sezóna", "Zhodne s účtovným obdobím uľahčí vyúčtovanie", "Schvaľuje ho valné zhromaždenie"]],
      ["Príjmy: členské", ["Členské príspevky podľa kategórií", "Zľavy pre súrodencov a rodiny", "Splatnosť a pripomienky"]],
      ["Príjmy: verejné zdroje", ["Príspevok uznanému športu", "Dotácie obce a samosprávneho kraja", "Granty nadácií"]],
      ["Príjmy: partneri", ["Reklamné zmluvy so sponzormi", "Darovacie zmluvy", "Dve percentá z dane"]],
      ["Výdavky: tréneri", ["Odmeny trénerov a asistentov", "Odvody a dohody o pracovnej činnosti", "Vzdelávanie a licencie"]],
      ["Výdavky: priestory", ["Prenájom ihrísk a telocviční", "Energie a údržba", "Sezónne výkyvy cien"]],
      ["Výdavky: súťaže", ["Štartovné a registračné poplatky", "Doprava a ubytovanie", "Rozhodcovia a delegáti"]],
      ["Výdavky: vybavenie", ["Lopty, siete, náradie", "Dresy a tréningové oblečenie", "Zdravotnícky materiál"]],
      ["Rezerva", ["Aspoň 5 % z výdavkov", "Kryje nečakané náklady", "Použitie schvaľuje výbor"]],
      ["Cash-flow", ["Kedy peniaze prídu a kedy odídu", "Dotácie prichádzajú často neskoro", "Plánujte mesiac po mesiaci"]],
      ["Modelový klub", ["Tri družstvá mládeže, 80 členov", "Príjmy 48 000 €, výdavky 46 500 €", "Rezerva 1 500 €"]],
      ["Sledovanie plnenia", ["Štvrťročné porovnanie plánu a skutočnosti", "Odchýlky nad 10 % vysvetliť", "Výsledky zverejniť členom"]],
      ["Zhrnutie", ["Rozpočet je plán, nie odhad", "Verejné zdroje majú účel a termíny", "Rezerva a cash-flow chránia klub"]],
    ],
  },
  "komunikacny-plan": {
    title: "Komunikačný plán klubu",
    slides: [
      ["Komu komunikujeme", ["Členovia a rodičia", "Fanúšikovia a obec", "Partneri a médiá"]],
      ["Tri hlavné kanály", ["Web klubu ako zdroj pravdy", "Sociálne siete pre aktuality", "E-mail pre členov a rodičov"]],
      ["Rytmus príspevkov", ["Pred zápasom: pozvánka", "Po zápase: výsledok a fotografie", "Raz mesačne: správa z klubu"]],
      ["Kto za to zodpovedá", ["Jeden koordinátor komunikácie", "Tréneri dodávajú podklady", "Výbor schvaľuje citlivé témy"]],
      ["Fotografie a súhlasy", ["Súhlas zákonného zástupcu pri deťoch", "Evidencia súhlasov", "Stiahnutie fotografie na žiadosť"]],
      ["Partneri v komunikácii", ["Logo a zmienka podľa zmluvy", "Spoločné príspevky", "Výročná správa pre partnerov"]],
      ["Krízová komunikácia", ["Jedno vyjadrenie, jeden hovorca", "Fakty, nie dohady", "Rýchla a pravdivá odpoveď"]],
      ["Zhrnutie", ["Tri kanály, pravidelný rytmus", "Jeden zodpovedný človek", "Súhlasy a partneri pod kontrolou"]],
    ],
  },
  dotacie: {
    title: "Žiadosť o dotáciu",
    slides: [
      ["Kde hľadať výzvy", ["Webové sídlo obce a samosprávneho kraja", "Fond na podporu športu", "Nadácie firiem"]],
      ["Podmienky výzvy", ["Oprávnení žiadatelia", "Oprávnené výdavky", "Termíny a spolufinancovanie"]],
      ["Projektový zámer", ["Čo chceme dosiahnuť", "Pre koho a kde", "Prečo práve teraz"]],
      ["Merateľné výstupy", ["Počet zapojených detí", "Počet tréningových hodín", "Nové vybavenie a jeho využitie"]],
      ["Rozpočet projektu", ["Položky zodpovedajú oprávneným výdavkom", "Ceny podložené ponukami", "Spolufinancovanie klubu"]],
      ["Prílohy žiadosti", ["Výpis z registra, stanovy", "Potvrdenia o bezdlžnosti", "Čestné vyhlásenia"]],
      ["Po schválení", ["Zmluva o poskytnutí dotácie", "Samostatná evidencia výdavkov", "Publicita poskytovateľa"]],
      ["Vyúčtovanie", ["Doklady, účel a dátum každého výdavku", "Záverečná správa s výstupmi", "Vrátenie nevyčerpaných prostriedkov"]],
      ["Zhrnutie", ["Čítajte výzvu dvakrát", "Merateľné výstupy a poctivý rozpočet", "Vyúčtovanie pripravujte priebežne"]],
    ],
  },
};

/** The slide counts the seed names (server/seed/catalog.ts); checked below. */
const SLIDE_COUNTS = { "organy-klubu": 12, "rozpocet-klubu": 15, "komunikacny-plan": 9, dotacie: 10 };

async function deck(name, spec) {
  const W = 960;
  const H = 540;
  const doc = pdfDocument({ size: [W, H], margin: 0, autoFirstPage: false }, { Title: spec.title, Subject: "Prezentácia k lekcii" });
  const total = spec.slides.length + 1;
  if (total !== SLIDE_COUNTS[name]) throw new Error(`${name}: ${total} slides, the seed says ${SLIDE_COUNTS[name]}`);
  const footer = (n) => {
    doc
      .font("regular")
      .fontSize(12)
      .fillColor("#5b6b60")
      .text(`Akadémia športového manažmentu · ${spec.title}`, 48, H - 36, { width: W - 200, lineBreak: false });
    doc.text(`${n} / ${total}`, W - 148, H - 36, { width: 100, align: "right", lineBreak: false });
  };
  doc.addPage();
  doc.rect(0, 0, W, H).fill("#1a6b32");
  doc
    .font("bold")
    .fontSize(44)
    .fillColor("#ffffff")
    .text(spec.title, 64, 180, { width: W - 128 });
  doc
    .font("regular")
    .fontSize(20)
    .fillColor("#dfe8e1")
    .text("Prezentácia k lekcii · demo kurz", 64, 300, { width: W - 128 });
  doc.fontSize(12).text(`1 / ${total}`, W - 148, H - 36, { width: 100, align: "right", lineBreak: false });
  spec.slides.forEach(([title, points], i) => {
    doc.addPage();
    doc.rect(0, 0, W, 96).fill("#1a6b32");
    doc
      .font("bold")
      .fontSize(30)
      .fillColor("#ffffff")
      .text(title, 48, 30, { width: W - 96, lineBreak: false });
    let y = 140;
    for (const point of points) {
      doc.circle(64, y + 13, 6).fill("#1a6b32");
      doc
        .font("regular")
        .fontSize(24)
        .fillColor("#1d2430")
        .text(point, 84, y, { width: W - 140 });
      y += 64;
    }
    footer(i + 2);
  });
  await save(doc, path.join(MEDIA, "slides", `${name}.pdf`));
}

/** The seed's attachments: a heading, a short text and a form to fill in. */
const FILES = {
  "sablona-poslania": {
    title: "Šablóna poslania a vízie klubu",
    intro: "Vyplňte spolu s výborom. Poslanie má 1–2 vety a hovorí, prečo klub existuje a komu slúži.",
    fields: ["Názov klubu", "Komu klub slúži", "Poslanie (1–2 vety)", "Vízia o päť rokov", "Tri merateľné ciele", "Kto a kedy vyhodnotí plnenie"],
  },
  "vzor-zapisnice": {
    title: "Vzor zápisnice zo zasadnutia výboru",
    intro: "Zápisnicu vyhotovte do 7 dní od zasadnutia a uložte ju do archívu klubu.",
    fields: [
      "Dátum a miesto zasadnutia",
      "Prítomní členovia výboru",
      "Program",
      "Uznesenia (text, hlasovanie za / proti / zdržal sa)",
      "Úlohy, zodpovední a termíny",
      "Zapisovateľ, overovateľ, podpisy",
    ],
  },
  "tabulka-rozpoctu": {
    title: "Tabuľka rozpočtu klubu",
    intro: "Príjmy a výdavky na sezónu. Sumy uvádzajte v eurách vrátane DPH.",
    fields: [
      "Členské príspevky",
      "Príspevok uznanému športu",
      "Dotácie obce a kraja",
      "Sponzori a dary",
      "Tréneri a odvody",
      "Prenájom priestorov",
      "Súťaže a doprava",
      "Vybavenie",
      "Rezerva (aspoň 5 %)",
    ],
  },
  "vzor-ponuky": {
    title: "Vzor partnerskej ponuky",
    intro: "Ponuka pre potenciálneho partnera klubu: čo klub ponúka a čo žiada.",
    fields: ["Predstavenie klubu (čísla, úspechy)", "Publikum a dosah", "Ponúkané protiplnenie", "Požadovaná podpora", "Trvanie spolupráce", "Kontaktná osoba"],
  },
  "opravnene-vydavky": {
    title: "Prehľad oprávnených výdavkov",
    intro: "Príspevok uznanému športu možno použiť len na účely, ktoré určuje zákon o športe a pravidlá zväzu.",
    fields: [
      "Športová príprava talentovanej mládeže",
      "Tréneri a odborníci",
      "Športová výbava a náradie",
      "Prenájom športovej infraštruktúry",
      "Súťaže a sústredenia",
      "Zdravotné zabezpečenie",
    ],
  },
  "suhlas-gdpr": {
    title: "Súhlas so spracovaním osobných údajov",
    intro: "Súhlas člena (alebo zákonného zástupcu) so spracovaním osobných údajov a fotografií na účely klubu.",
    fields: ["Meno a priezvisko člena", "Dátum narodenia", "Zákonný zástupca", "Účel spracovania", "Súhlas s fotografiami (áno / nie)", "Dátum a podpis"],
  },
};

async function file(name, spec) {
  const doc = pdfDocument({ size: "A4", margin: 56 }, { Title: spec.title, Subject: "Príloha k lekcii" });
  doc.font("bold").fontSize(20).fillColor("#1a6b32").text(spec.title);
  doc.moveDown(0.5);
  doc.font("regular").fontSize(11).fillColor("#1d2430").text(spec.intro, { width: 480 });
  doc.moveDown(1.2);
  for (const field of spec.fields) {
    doc.font("bold").fontSize(11).text(field);
    const y = doc.y + 26;
    doc.moveTo(56, y).lineTo(539, y).lineWidth(0.7).strokeColor("#8a958d").stroke();
    doc.y = y + 14;
  }
  doc.moveDown(2);
  doc.font("regular").fontSize(9).fillColor("#5b6b60").text("Akadémia športového manažmentu · príloha demo kurzu");
  await save(doc, path.join(MEDIA, "files", `${name}.pdf`));
}

async function pdfs() {
  fs.mkdirSync(path.join(MEDIA, "slides"), { recursive: true });
  fs.mkdirSync(path.join(MEDIA, "files"), { recursive: true });
  for (const [name, spec] of Object.entries(DECKS)) await deck(name, spec);
  for (const [name, spec] of Object.entries(FILES)) await file(name, spec);
}

if (only !== "pdf") videos();
await pdfs();
for (const dir of ["video", "slides", "files"]) {
  for (const name of fs.readdirSync(path.join(MEDIA, dir)).sort()) {
    console.log(`${dir}/${name}\t${fs.statSync(path.join(MEDIA, dir, name)).size}`);
  }
}
