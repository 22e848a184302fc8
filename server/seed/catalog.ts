// The demo catalog in Slovak (DEVELOPERS.md > How a fresh machine runs it).
// Prices include VAT 20 %; tags are the spec's target audiences.
import { createHash } from "node:crypto";
import type { CourseTree, PartInput, QuestionInput, TestInput, TopicInput } from "../authoring";
import { ACCREDITATION, ADMIN, CONTENT_MANAGER, EVA, JURAJ } from "./people";

const text = (markdown: string) => ({ type: "text" as const, markdown });
// Every demo playback id plays the committed 30 s sample (media/video/sample.mp4, made by
// scripts/make-sample-media.mjs) in the local video stand-in, its `-preview` id the 15 s
// preview clip (its id does not contain the full video's, which stays private to enrolled
// students); `durationSec` is the sample's real length, so watching it to 90 % completes
// the block. The poster comes with the signed playback (MediaUrls.playback), not stored.
const SAMPLE_VIDEO_SECONDS = 30;
const video = (playbackId: string, transcript: string) => ({
  type: "video" as const,
  state: "ready" as const,
  videoAssetId: `asset-${playbackId}`,
  videoPlaybackId: playbackId,
  previewPlaybackId: `demo-${createHash("sha256").update(playbackId).digest("hex").slice(0, 8)}-preview`,
  durationSec: SAMPLE_VIDEO_SECONDS,
  transcript,
  chapters: [
    { title: "Úvod", startSec: 0 },
    { title: "Príklady z praxe", startSec: SAMPLE_VIDEO_SECONDS / 2 },
  ],
});
const slides = (name: string, slideCount: number) => ({ type: "presentation" as const, pdfPath: `/media/slides/${name}.pdf`, slideCount });
const image = (name: string, alt: string, caption?: string) => ({ type: "image" as const, imagePath: `/media/images/${name}.svg`, alt, caption });
// presentation PDFs, images and attachments live in media/ (private; served only through
// signed URLs, server/video) and were made by scripts/make-sample-media.mjs; sizeBytes are
// the files' real sizes
const pdf = (name: string, file: string, sizeBytes: number) => ({ name, path: `/media/files/${file}.pdf`, sizeBytes, mimeType: "application/pdf" });

const q = (text: string, answers: [string, boolean][], explanation: string): QuestionInput => ({ text, answers, explanation });
const multi = (text: string, answers: [string, boolean][], explanation: string): QuestionInput => ({ type: "multiple_choice", text, answers, explanation });
const open = (text: string, acceptedAnswers: string[], explanation: string): QuestionInput => ({ type: "text", text, acceptedAnswers, explanation });

const partTest = (title: string, questions: QuestionInput[]): TestInput => ({
  title,
  timeLimitSec: 600,
  cooldownMinutes: 0,
  showAnswersAfter: "submit",
  questions,
});

function topic(slug: string, title: string, iconName: string, parts: PartInput[]): TopicInput {
  return { slug, title, iconName, estimatedMinutes: parts.length * 25, parts };
}

const governanceQuestions = [
  q(
    "Kto v občianskom združení schvaľuje stanovy a ich zmeny?",
    [
      ["Valné zhromaždenie (členská schôdza)", true],
      ["Tréner A-tímu", false],
      ["Hlavný sponzor", false],
    ],
    "Stanovy mení najvyšší orgán združenia, spravidla valné zhromaždenie.",
  ),
  q(
    "Čo patrí do strategického plánu klubu?",
    [
      ["Poslanie, ciele a merateľné ukazovatele", true],
      ["Iba rozpis zápasov", false],
      ["Zoznam hráčov", false],
    ],
    "Strategický plán opisuje, kam klub smeruje a ako to zmeria.",
  ),
  multi(
    "Ktoré dokumenty by mal mať každý klub k dispozícii?",
    [
      ["Stanovy", true],
      ["Zápisnice z orgánov", true],
      ["Osobné heslá členov", false],
    ],
    "Stanovy a zápisnice sú základ transparentného riadenia.",
  ),
  open(
    "Ako sa skrátene volá register, v ktorom sú zapísané športové organizácie na Slovensku?",
    ["RPO", "register právnických osôb", "ISŠ"],
    "Športové organizácie nájdete v Registri právnických osôb (RPO) a v Informačnom systéme športu (ISŠ).",
  ),
  q(
    "Ako často sa odporúča vyhodnocovať ročný plán klubu?",
    [
      ["Aspoň štvrťročne", true],
      ["Raz za päť rokov", false],
      ["Nikdy", false],
    ],
    "Pravidelné vyhodnotenie umožní včas zmeniť kurz.",
  ),
];

const financeQuestions = [
  q(
    "Čo je rozpočet klubu?",
    [
      ["Plán príjmov a výdavkov na obdobie", true],
      ["Zoznam sponzorov", false],
      ["Výsledok zápasu", false],
    ],
    "Rozpočet plánuje príjmy a výdavky na rok alebo sezónu.",
  ),
  multi(
    "Ktoré zdroje patria medzi verejné zdroje financovania športu?",
    [
      ["Príspevok uznanému športu", true],
      ["Dotácia obce", true],
      ["Predaj dresov fanúšikom", false],
    ],
    "Verejné zdroje prichádzajú zo štátu a samospráv.",
  ),
  q(
    "Čo musí klub spraviť s prostriedkami z dotácie?",
    [
      ["Použiť ich na účel a riadne ich vyúčtovať", true],
      ["Rozdeliť ich medzi členov výboru", false],
      ["Nič", false],
    ],
    "Verejné prostriedky sa viažu na účel a podliehajú vyúčtovaniu.",
  ),
  open("Aká je základná sadzba DPH na Slovensku (v percentách, len číslo)?", ["20", "23"], "Sadzba sa mení zákonom; v tomto kurze počítame s 20 %."),
  q(
    "Čo je cash-flow?",
    [
      ["Pohyb peňažných prostriedkov v čase", true],
      ["Počet členov", false],
      ["Typ tréningu", false],
    ],
    "Cash-flow ukazuje, či bude mať klub peniaze vtedy, keď ich potrebuje.",
  ),
];

const riadenieV2Levels: CourseTree["levels"] = [
  {
    slug: "zaklady-riadenia-klubu",
    title: "Základy riadenia klubu",
    subtitle: "Poslanie, orgány klubu a rozdelenie zodpovedností",
    estimatedHours: 6,
    issuesIntermediateCertificate: true,
    test: {
      title: "Test úrovne: Základy riadenia",
      timeLimitSec: 1200,
      cooldownMinutes: 10,
      selectionMode: "shuffle",
      showAnswersAfter: "pass",
      questions: governanceQuestions,
    },
    topics: [
      topic("poslanie-a-vizia", "Poslanie a vízia klubu", "compass", [
        {
          slug: "preco-klub-existuje",
          title: "Prečo váš klub existuje",
          summary: "Ako sformulovať poslanie, ktorému rozumejú členovia, rodičia aj partneri.",
          blocks: [
            text(
              "## Poslanie klubu\n\nPoslanie odpovedá na otázku **prečo** klub existuje. Dobre napísané poslanie:\n\n- je krátke (1–2 vety),\n- hovorí, komu klub slúži,\n- dá sa podľa neho rozhodovať.\n\n> Príklad: *Vychovávame deti z Tatranskej Lomnice k pohybu a férovej hre.*\n\nViac nájdete v [metodike Ministerstva školstva](https://www.minedu.sk/sport/).",
            ),
            video("demo-uvod-do-riadenia", "Dobrý deň, v tomto videu si povieme, prečo potrebuje každý klub jasné poslanie…"),
          ],
          attachments: [pdf("Šablóna poslania a vízie", "sablona-poslania", 18892)],
        },
        {
          slug: "vizia-na-pat-rokov",
          title: "Vízia na päť rokov",
          summary: "Kde má byť klub o päť rokov a ako to zmerať.",
          prerequisites: ["preco-klub-existuje"],
          blocks: [
            text(
              "## Od poslania k vízii\n\n| Oblasť | Dnes | O 5 rokov |\n|---|---|---|\n| Členovia | 120 | 250 |\n| Tréneri s licenciou | 4 | 10 |\n| Vlastné príjmy | 20 % | 45 % |\n\nVíziu zapíšte tak, aby sa dala **merať**.",
            ),
            image("vizia-schema", "Schéma: poslanie, vízia, ciele a ukazovatele", "Od poslania k merateľným cieľom"),
          ],
          test: partTest("Kontrolný test: poslanie a vízia", governanceQuestions.slice(0, 3)),
        },
      ]),
      topic("organy-klubu", "Orgány klubu a rozhodovanie", "users", [
        {
          slug: "stanovy-a-organy",
          title: "Stanovy a orgány klubu",
          summary: "Valné zhromaždenie, výbor, kontrolór: kto o čom rozhoduje.",
          blocks: [
            text(
              "## Kto rozhoduje\n\n1. **Valné zhromaždenie** schvaľuje stanovy, rozpočet a volí výbor.\n2. **Výbor** riadi klub medzi zasadnutiami.\n3. **Kontrolór** dohliada na hospodárenie.\n\nZápisnicu z každého zasadnutia uložte do archívu klubu.",
            ),
            slides("organy-klubu", 12),
          ],
          attachments: [pdf("Vzor zápisnice z výboru", "vzor-zapisnice", 17599)],
        },
        {
          slug: "delba-zodpovednosti",
          title: "Deľba zodpovedností vo výbore",
          summary: "Matica RACI pre bežné agendy klubu.",
          requiredForCompletion: false,
          blocks: [text("## Matica RACI\n\nPre každú agendu určte, kto ju **robí**, kto **zodpovedá**, koho treba **konzultovať** a koho **informovať**.")],
        },
      ]),
    ],
  },
  {
    slug: "financie-a-ludia",
    title: "Financie a ľudia",
    subtitle: "Rozpočet, zdroje príjmov, tréneri a dobrovoľníci",
    estimatedHours: 7,
    issuesIntermediateCertificate: true,
    test: {
      title: "Test úrovne: Financie a ľudia",
      timeLimitSec: 1200,
      cooldownMinutes: 10,
      selectionMode: "random_subset",
      questionCount: 4,
      showAnswersAfter: "last_attempt",
      questions: financeQuestions,
    },
    topics: [
      topic("rozpocet-klubu", "Rozpočet klubu", "coins", [
        {
          slug: "zostavenie-rozpoctu",
          title: "Zostavenie ročného rozpočtu",
          summary: "Príjmy, výdavky a rezerva krok za krokom.",
          blocks: [
            text(
              "## Rozpočet v piatich krokoch\n\n1. Spíšte všetky príjmy z minulej sezóny.\n2. Odhadnite výdavky podľa družstiev.\n3. Pridajte rezervu aspoň 10 %.\n4. Dajte rozpočet schváliť.\n5. Sledujte plnenie každý mesiac.",
            ),
            video("demo-rozpocet-klubu", "V tomto videu zostavíme rozpočet modelového klubu s tromi družstvami…"),
            slides("rozpocet-klubu", 15),
          ],
          attachments: [pdf("Tabuľka rozpočtu klubu", "tabulka-rozpoctu", 18483)],
          test: partTest("Kontrolný test: rozpočet", financeQuestions.slice(0, 3)),
        },
        {
          slug: "cash-flow",
          title: "Cash-flow počas sezóny",
          summary: "Prečo klub s vyrovnaným rozpočtom môže mať prázdny účet.",
          prerequisites: ["zostavenie-rozpoctu"],
          blocks: [text("## Cash-flow\n\nPríspevky prichádzajú v septembri, dotácie často až v lete. Naplánujte si **mesačný** prehľad príjmov a výdavkov.")],
        },
      ]),
      topic("treneri-a-dobrovolnici", "Tréneri a dobrovoľníci", "heart", [
        {
          slug: "praca-s-dobrovolnikmi",
          title: "Práca s dobrovoľníkmi",
          summary: "Ako dobrovoľníkov získať, viesť a udržať.",
          blocks: [
            text("## Dobrovoľníci\n\n- Dajte každému jasnú úlohu.\n- Poďakujte verejne.\n- Raz ročne sa spýtajte, čo by zmenili."),
            image("dobrovolnici", "Dobrovoľníci pri organizácii turnaja"),
          ],
        },
      ]),
    ],
  },
  {
    slug: "strategicky-rozvoj",
    title: "Strategický rozvoj",
    subtitle: "Partnerstvá, komunikácia a rast klubu",
    estimatedHours: 5,
    test: { title: "Test úrovne: Strategický rozvoj", timeLimitSec: 900, showAnswersAfter: "submit", questions: governanceQuestions.slice(1) },
    topics: [
      topic("partnerstva", "Partnerstvá a sponzoring", "handshake", [
        {
          slug: "ponuka-pre-partnera",
          title: "Ponuka pre partnera",
          summary: "Čo klub ponúka firme a obci okrem loga na drese.",
          blocks: [
            text(
              "## Hodnota pre partnera\n\nPartneri nepodporujú klub len pre reklamu. Ukážte im **vplyv na komunitu**: počet detí, podujatia, dobrovoľnícke hodiny.",
            ),
            video("demo-partnerstva", "Ako pripraviť stretnutie s potenciálnym partnerom…"),
          ],
          attachments: [pdf("Vzor partnerskej ponuky", "vzor-ponuky", 16471)],
        },
      ]),
      topic("komunikacia", "Komunikácia klubu", "megaphone", [
        {
          slug: "komunikacny-plan",
          title: "Komunikačný plán na sezónu",
          summary: "Kanály, témy a kalendár príspevkov.",
          blocks: [
            text("## Komunikačný plán\n\nUrčte si **3 hlavné kanály**, pravidelný rytmus príspevkov a človeka, ktorý za komunikáciu zodpovedá."),
            slides("komunikacny-plan", 9),
          ],
        },
      ]),
    ],
  },
];

const common = {
  currency: "EUR",
  vatRateBp: 2000, // 20 %
  vatIncluded: true,
  language: "sk",
  accreditation: ACCREDITATION,
  createdBy: CONTENT_MANAGER,
  courseTestRequired: true,
};

export function demoCatalog(now = new Date()) {
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const riadenieBase = {
    ...common,
    slug: "riadenie-sportoveho-klubu",
    title: "Riadenie športového klubu",
    subtitle: "Praktický kurz pre predsedov, manažérov a zakladateľov klubov",
    shortDescription: "Naučte sa viesť klub systematicky: od poslania a stanov cez rozpočet až po partnerstvá.",
    description:
      "Kurz prevedie vedenie klubu všetkým, čo potrebuje na **stabilné a transparentné riadenie**. Každá úroveň končí testom a prvé dve úrovne prinášajú priebežné osvedčenie.\n\n### Pre koho je kurz\n\n- predsedovia a členovia výborov,\n- manažéri a výkonní riaditelia,\n- zakladatelia nových klubov.\n\n### Čo si odnesiete\n\n1. šablóny stanov, zápisníc a rozpočtu,\n2. plán rozvoja klubu na päť rokov,\n3. akreditované osvedčenie.",
    coverImageUrl: "/media/covers/riadenie-sportoveho-klubu.svg",
    targetAudience: ["executive_director", "manager", "founder"],
    tags: ["executive_director", "manager", "founder"],
    instructors: [EVA.personId, JURAJ.personId],
    instructorProfiles: [EVA, JURAJ],
    seoTitle: "Riadenie športového klubu – akreditovaný online kurz",
    seoDescription: "Online kurz riadenia športového klubu: stanovy, rozpočet, ľudia a partnerstvá. Akreditované osvedčenie.",
  };
  const riadenieV1: CourseTree = {
    ...riadenieBase,
    priceCents: 12_900,
    durationHours: 12,
    state: "archived",
    version: 1,
    publishedAt: daysAgo(400),
    publishedBy: ADMIN,
    archivedAt: daysAgo(60),
    levels: riadenieV2Levels.slice(0, 2).map((l) => ({ ...l, issuesIntermediateCertificate: false })),
  };
  const riadenieV2 = (v1Id: string): CourseTree => ({
    ...riadenieBase,
    priceCents: 14_900,
    durationHours: 18,
    state: "published",
    version: 2,
    previousVersionId: v1Id,
    publishedAt: daysAgo(60),
    publishedBy: ADMIN,
    enrollmentLimit: null,
    levels: riadenieV2Levels,
  });

  const financie: CourseTree = {
    ...common,
    slug: "financie-a-granty-v-sporte",
    title: "Financie a granty v športe",
    subtitle: "Rozpočet, dotácie a granty bez stresu z vyúčtovania",
    shortDescription: "Ako získať verejné aj súkromné zdroje pre klub a správne ich vyúčtovať.",
    description:
      "Kurz vysvetľuje financovanie športu na Slovensku: **príspevok uznanému športu**, dotácie obcí a VÚC, granty nadácií a európske programy.\n\nKurz končí **záverečným testom**, bez ktorého ho nemožno absolvovať.",
    coverImageUrl: "/media/covers/financie-a-granty-v-sporte.svg",
    priceCents: 8_900,
    durationHours: 8,
    targetAudience: ["executive_director", "manager"],
    tags: ["executive_director", "manager"],
    instructors: [JURAJ.personId],
    instructorProfiles: [JURAJ],
    state: "published",
    version: 1,
    publishedAt: daysAgo(30),
    publishedBy: ADMIN,
    enrollmentLimit: 200,
    courseTest: {
      title: "Záverečný test kurzu",
      timeLimitSec: 1800,
      maxAttempts: 3,
      cooldownMinutes: 10,
      showAnswersAfter: "last_attempt",
      questions: financeQuestions,
    },
    levels: [
      {
        slug: "zdroje-financovania",
        title: "Zdroje financovania",
        estimatedHours: 4,
        topics: [
          topic("verejne-zdroje", "Verejné zdroje", "landmark", [
            {
              slug: "prispevok-uznanemu-sportu",
              title: "Príspevok uznanému športu",
              summary: "Kto naň má nárok a ako sa používa.",
              blocks: [
                text(
                  "## Príspevok uznanému športu\n\nPríspevok rozdeľuje národný zväz podľa pravidiel zákona o športe. Klub ho musí použiť na **účel** a vyúčtovať.",
                ),
                video("demo-pus", "Príspevok uznanému športu v praxi…"),
              ],
              attachments: [pdf("Prehľad oprávnených výdavkov", "opravnene-vydavky", 17552)],
            },
            {
              slug: "dotacie-obci",
              title: "Dotácie obcí a VÚC",
              summary: "Ako napísať žiadosť, ktorá uspeje.",
              prerequisites: ["prispevok-uznanemu-sportu"],
              blocks: [text("## Žiadosť o dotáciu\n\nSledujte výzvy, pripravte rozpočet projektu a **merateľné výstupy**."), slides("dotacie", 10)],
            },
          ]),
        ],
      },
      {
        slug: "vyuctovanie-a-kontrola",
        title: "Vyúčtovanie a kontrola",
        estimatedHours: 4,
        topics: [
          topic("vyuctovanie", "Vyúčtovanie", "receipt", [
            {
              slug: "doklady-a-terminy",
              title: "Doklady a termíny",
              summary: "Čo uchovať a dokedy.",
              blocks: [
                text("## Doklady\n\nKaždý výdavok musí mať **doklad, účel a dátum**. Doklady uchovávajte 10 rokov."),
                image("doklady", "Šanón s dokladmi k vyúčtovaniu"),
              ],
            },
          ]),
        ],
      },
    ],
  };

  const sekretar: CourseTree = {
    ...common,
    slug: "sekretar-klubu-v-praxi",
    title: "Sekretár klubu v praxi",
    subtitle: "Agenda, registrácie a komunikácia so zväzom",
    shortDescription: "Praktický kurz pre sekretárov: evidencia členov, registrácie, zápisnice a termíny.",
    description: "Krátky kurz pre všetkých, ktorí v klube **držia papiere pokope**: evidencia členov, registrácie hráčov, zápisnice a komunikácia so zväzom.",
    coverImageUrl: "/media/covers/sekretar-klubu-v-praxi.svg",
    priceCents: 4_900,
    durationHours: 3,
    targetAudience: ["secretary", "manager"],
    tags: ["secretary", "manager"],
    instructors: [EVA.personId],
    instructorProfiles: [EVA],
    state: "published",
    version: 1,
    publishedAt: daysAgo(10),
    publishedBy: ADMIN,
    levels: [
      {
        slug: "agenda-sekretara",
        title: "Agenda sekretára",
        estimatedHours: 3,
        // a one-minute cooldown: a newcomer sees it after a failed attempt without a long wait
        test: { title: "Test: agenda sekretára", cooldownMinutes: 1, questions: governanceQuestions.slice(0, 4) },
        topics: [
          topic("evidencia", "Evidencia členov", "folder", [
            {
              slug: "evidencia-clenov",
              title: "Evidencia členov a ochrana údajov",
              summary: "Aké údaje evidovať a ako ich chrániť.",
              blocks: [
                text("## Evidencia členov\n\nEvidujte len údaje, ktoré potrebujete, a **chráňte ich** podľa GDPR."),
                video("demo-evidencia", "Evidencia členov krok za krokom…"),
              ],
              attachments: [pdf("Vzor súhlasu so spracovaním údajov", "suhlas-gdpr", 18585)],
            },
          ]),
        ],
      },
    ],
  };

  const marketing: CourseTree = {
    ...common,
    slug: "marketing-sportovej-organizacie",
    title: "Marketing športovej organizácie",
    shortDescription: "Značka klubu, sociálne siete a práca s fanúšikmi.",
    description: "Kurz bol nahradený novším obsahom a už sa nepredáva.",
    priceCents: 6_900,
    durationHours: 6,
    targetAudience: ["manager"],
    tags: ["manager"],
    instructors: [EVA.personId],
    instructorProfiles: [EVA],
    state: "archived",
    version: 1,
    publishedAt: daysAgo(700),
    publishedBy: ADMIN,
    archivedAt: daysAgo(200),
    levels: [riadenieV2Levels[2]],
  };

  const pravo: CourseTree = {
    ...common,
    slug: "pravo-a-governance-vo-zvazoch",
    title: "Právo a governance vo zväzoch",
    shortDescription: "Zákon o športe, stanovy zväzu a riešenie sporov.",
    description: "## Pripravujeme\n\nKurz pre vedenie národných a regionálnych zväzov.",
    priceCents: 19_900,
    durationHours: 14,
    targetAudience: ["executive_director"],
    tags: ["executive_director"],
    state: "draft",
    version: 1,
    levels: [riadenieV2Levels[0]],
  };

  return {
    riadenieV1: consistentDurations(riadenieV1),
    riadenieV2: (v1Id: string) => consistentDurations(riadenieV2(v1Id)),
    financie: consistentDurations(financie),
    sekretar: consistentDurations(sekretar),
    marketing: consistentDurations(marketing),
    pravo: consistentDurations(pravo),
  };
}

/**
 * The syllabus adds up (an 18-hour course whose topics add up to 3.75
 * hours reads as an error): each level's hours are shared among its topics' modules in
 * whole 5-minute steps (the last topic takes the rest), and the course's duration is the
 * sum of its levels.
 */
export function consistentDurations(tree: CourseTree): CourseTree {
  const levels = tree.levels.map((level) => {
    const total = Math.round((level.estimatedHours ?? 0) * 60);
    const count = level.topics.length;
    const share = count > 0 ? Math.floor(total / count / 5) * 5 : 0;
    const topics = level.topics.map((t, i) => ({ ...t, estimatedMinutes: i === count - 1 ? total - share * (count - 1) : share }));
    return { ...level, topics };
  });
  const durationHours = levels.reduce((sum, l) => sum + (l.estimatedHours ?? 0), 0);
  return { ...tree, levels, durationHours };
}
