// Slovak e-mail texts: subject, plain text and a simple HTML version of the same words.
// Values arrive formatted (server/money); everything put into HTML is escaped here.

export type MailContent = { subject: string; text: string; html: string };

const SIGNATURE = "Akadémia športového manažmentu";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A paragraph of text with links: plain text writes "label: url", HTML an <a>. */
type Block = { text: string } | { link: string; label: string; before?: string };

function render(subject: string, greeting: string, blocks: Block[]): MailContent {
  const textParts = [
    greeting,
    ...blocks.map((b) => ("text" in b ? b.text : `${b.before ? `${b.before} ` : ""}${b.label}: ${b.link}`)),
    `S pozdravom\n${SIGNATURE}`,
  ];
  const htmlParts = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) =>
      "text" in b
        ? `<p>${escapeHtml(b.text)}</p>`
        : `<p>${b.before ? `${escapeHtml(b.before)} ` : ""}<a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>`,
    ),
    `<p>S pozdravom<br>${escapeHtml(SIGNATURE)}</p>`,
  ];
  const html = `<!doctype html>
<html lang="sk">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1a1a; max-width: 36rem;">
${htmlParts.join("\n")}
</body>
</html>
`;
  return { subject, text: `${textParts.join("\n\n")}\n`, html };
}

export function purchaseConfirmation(v: {
  name: string;
  courseTitle: string;
  amount: string;
  paidOn: string;
  invoiceNumber: string;
  courseUrl: string;
  accountUrl: string;
}): MailContent {
  return render(`Potvrdenie nákupu kurzu „${v.courseTitle}“`, `Dobrý deň, ${v.name},`, [
    { text: `ďakujeme za nákup kurzu „${v.courseTitle}“. Platbu ${v.amount} sme prijali ${v.paidOn} a kurz máte sprístupnený.` },
    { link: v.courseUrl, label: "Začať sa učiť", before: "Kurz nájdete tu." },
    { link: v.accountUrl, label: "Môj účet", before: "Vaše kurzy, objednávky a faktúry sú v časti" },
    { text: `V prílohe posielame faktúru ${v.invoiceNumber} (daňový doklad) vo formáte PDF.` },
  ]);
}

/** What a club seat's holder is told: the club sees this course's progress (docs/decisions/clubs/club-seats.md > Club seats). */
export const CLUB_SEES_PROGRESS = (organization: string) =>
  `Organizácia ${organization} uvidí váš postup v tomto kurze: stav, percento dokončenia, poslednú aktivitu, úspešné testy a certifikáty. Vaše ostatné kurzy nevidí.`;

export function sponsorshipNotice(v: {
  name: string;
  organization: string;
  courseTitle: string;
  courseUrl: string;
  accountUrl: string;
  clubSeat?: boolean;
}): MailContent {
  return render(`Organizácia ${v.organization} vám sprístupnila kurz „${v.courseTitle}“`, `Dobrý deň, ${v.name},`, [
    { text: `organizácia ${v.organization} vás zapísala do kurzu „${v.courseTitle}“ a hradí ho za vás. Kurz máte sprístupnený, nič neplatíte.` },
    ...(v.clubSeat ? [{ text: CLUB_SEES_PROGRESS(v.organization) }] : []),
    { link: v.courseUrl, label: "Začať sa učiť", before: "Kurz nájdete tu." },
    { link: v.accountUrl, label: "Môj účet", before: "Všetky vaše kurzy sú v časti" },
  ]);
}

export function enrollmentGranted(v: { name: string; courseTitle: string; accessUntil: string | null; courseUrl: string; accountUrl: string }): MailContent {
  return render(`Máte sprístupnený kurz „${v.courseTitle}“`, `Dobrý deň, ${v.name},`, [
    {
      text: `administrátor akadémie vás zapísal do kurzu „${v.courseTitle}“. Kurz máte sprístupnený${v.accessUntil ? ` do ${v.accessUntil}` : ""}, nič neplatíte.`,
    },
    { link: v.courseUrl, label: "Začať sa učiť", before: "Kurz nájdete tu (po prihlásení)." },
    { link: v.accountUrl, label: "Môj účet", before: "Všetky vaše kurzy sú v časti" },
  ]);
}

export function videoReady(v: { name: string; partTitle: string; courseTitle: string; duration: string; pageUrl: string }): MailContent {
  return render(`Video je spracované: „${v.partTitle}“`, `Dobrý deň, ${v.name},`, [
    { text: `video, ktoré ste nahrali do časti „${v.partTitle}“ kurzu „${v.courseTitle}“, je spracované a pripravené na prehrávanie (dĺžka ${v.duration}).` },
    { link: v.pageUrl, label: "Zobraziť video blok", before: "Stav bloku nájdete v administrácii." },
  ]);
}

export function videoFailed(v: {
  name: string;
  partTitle: string;
  courseTitle: string;
  reason: "errored" | "cancelled";
  message: string | null;
  pageUrl: string;
}): MailContent {
  const subject = v.reason === "errored" ? `Video sa nepodarilo spracovať: „${v.partTitle}“` : `Nahrávanie videa bolo zrušené: „${v.partTitle}“`;
  const what =
    v.reason === "errored"
      ? `video, ktoré ste nahrali do časti „${v.partTitle}“ kurzu „${v.courseTitle}“, sa nepodarilo spracovať${v.message ? ` (${v.message})` : ""}. Skontrolujte súbor a nahrajte ho znova.`
      : `nahrávanie videa do časti „${v.partTitle}“ kurzu „${v.courseTitle}“ bolo zrušené. Blok prehráva to, čo prehrával predtým.`;
  return render(subject, `Dobrý deň, ${v.name},`, [
    { text: what },
    { link: v.pageUrl, label: "Nahrať video znova", before: "Video môžete nahrať v administrácii." },
  ]);
}

export function completionNotice(v: {
  studentName: string;
  studentEmail: string | null;
  courseTitle: string;
  levelTitle: string | null;
  /** false for a level that issues no intermediate certificate (the notice still goes out) */
  issuesCertificate: boolean;
  completedOn: string;
  enrollmentId: string;
  adminUrl: string;
}): MailContent {
  const what = v.levelTitle ? `úroveň „${v.levelTitle}“ kurzu „${v.courseTitle}“` : `celý kurz „${v.courseTitle}“`;
  const certificate = v.levelTitle ? "priebežný certifikát za túto úroveň" : "záverečný certifikát";
  const next = v.issuesCertificate
    ? `Vydanie certifikátu sa spustilo: ${certificate}. Pri ručnom vydávaní (fáza 1) doplňte registračné číslo od akreditačného partnera. Zápis: ${v.enrollmentId}.`
    : `Táto úroveň nevydáva priebežný certifikát, nie je potrebné nič robiť. Zápis: ${v.enrollmentId}.`;
  return render(v.levelTitle ? `Študent dokončil úroveň „${v.levelTitle}“ (${v.courseTitle})` : `Študent dokončil kurz „${v.courseTitle}“`, "Dobrý deň,", [
    { text: `${v.studentName}${v.studentEmail ? ` (${v.studentEmail})` : ""} dokončil(a) ${v.completedOn} ${what}.` },
    { text: next },
    { link: v.adminUrl, label: "Administrácia" },
  ]);
}

export function certificateIssued(v: {
  name: string;
  type: "final" | "intermediate";
  courseTitle: string;
  levelTitle: string | null;
  certificateTitle: string;
  partnerName: string;
  registrationNumber: string;
  issuedOn: string;
  detailUrl: string;
  verificationUrl: string;
  partnerPdfUrl: string | null;
}): MailContent {
  const what = v.type === "final" || !v.levelTitle ? `kurzu „${v.courseTitle}“` : `úrovne „${v.levelTitle}“ kurzu „${v.courseTitle}“`;
  const blocks: Block[] = [
    {
      text: `gratulujeme k úspešnému absolvovaniu ${what}. ${v.partnerName} vám ${v.issuedOn} vydal certifikát „${v.certificateTitle}“ s registračným číslom ${v.registrationNumber}.`,
    },
    { link: v.detailUrl, label: "Detail certifikátu", before: "Certifikát a potvrdenie o absolvovaní na stiahnutie nájdete tu." },
    { link: v.verificationUrl, label: "Verejné overenie certifikátu", before: "Pravosť certifikátu si ktokoľvek overí na adrese" },
  ];
  if (v.partnerPdfUrl) blocks.push({ link: v.partnerPdfUrl, label: "Certifikát od partnera (PDF)" });
  return render(
    v.type === "final" ? `Certifikát za kurz „${v.courseTitle}“` : `Certifikát za úroveň „${v.levelTitle ?? ""}“ (${v.courseTitle})`,
    `Dobrý deň, ${v.name},`,
    blocks,
  );
}

export function duplicatePayment(v: {
  name: string;
  courseTitle: string;
  amount: string;
  estimatedOn: string | null;
  orderUrl: string;
  courseUrl: string;
}): MailContent {
  return render(`Platbu ${v.amount} za kurz „${v.courseTitle}“ vám vraciame`, `Dobrý deň, ${v.name},`, [
    {
      text: `prijali sme platbu ${v.amount} za kurz „${v.courseTitle}“, ktorý už máte. Aby ste neplatili dvakrát, celú sumu vám vraciame; o refundáciu sme platobnú bránu požiadali hneď.`,
    },
    {
      text: `Peniaze prídu tým istým spôsobom, akým ste platili${v.estimatedOn ? `, najneskôr okolo ${v.estimatedOn}` : ""}. Keď refundácia prebehne, pošleme vám aj opravný doklad. Nemusíte nič robiť.`,
    },
    { link: v.orderUrl, label: "Stav objednávky", before: "Priebeh vrátenia peňazí nájdete tu." },
    { link: v.courseUrl, label: "Pokračovať v štúdiu", before: "Váš kurz zostáva sprístupnený." },
  ]);
}

export function refundCompleted(v: {
  name: string;
  courseTitle: string;
  amount: string;
  settledOn: string;
  creditNoteNumber: string | null;
  accessEnded: boolean;
  accountUrl: string;
}): MailContent {
  return render(`Vrátili sme vám ${v.amount} za kurz „${v.courseTitle}“`, `Dobrý deň, ${v.name},`, [
    {
      text: `${v.settledOn} sme vám vrátili ${v.amount} za kurz „${v.courseTitle}“. Peniaze prídu tým istým spôsobom, akým ste platili; na účte ich uvidíte podľa vašej banky do niekoľkých pracovných dní.`,
    },
    ...(v.accessEnded ? [{ text: "Spolu s refundáciou sa ukončil aj váš prístup ku kurzu." }] : []),
    ...(v.creditNoteNumber ? [{ text: `V prílohe posielame opravný daňový doklad (dobropis) ${v.creditNoteNumber} vo formáte PDF.` }] : []),
    { link: v.accountUrl, label: "Môj účet", before: "Vaše objednávky a doklady sú v časti" },
  ]);
}

/** An admin decided a dispute for us: the student's access is back. */
export function disputeAccessRestored(v: { name: string; courseTitle: string; reason: string; courseUrl: string; accountUrl: string }): MailContent {
  return render(`Prístup ku kurzu „${v.courseTitle}“ je opäť otvorený`, `Dobrý deň, ${v.name},`, [
    {
      text: `reklamácia platby za kurz „${v.courseTitle}“ je vybavená a prístup ku kurzu, ktorý bol počas nej pozastavený, máte opäť otvorený. Váš doterajší postup zostal zachovaný.`,
    },
    { text: `Poznámka administrátora: ${v.reason}` },
    { link: v.courseUrl, label: "Pokračovať v štúdiu", before: "Kurz nájdete tu (po prihlásení)." },
    { link: v.accountUrl, label: "Môj účet", before: "Vaše kurzy a objednávky sú v časti" },
  ]);
}

/** An admin decided a dispute against us: the student's access has ended. */
export function disputeAccessEnded(v: { name: string; courseTitle: string; reason: string; accountUrl: string }): MailContent {
  return render(`Prístup ku kurzu „${v.courseTitle}“ bol ukončený`, `Dobrý deň, ${v.name},`, [
    {
      text: `platba za kurz „${v.courseTitle}“ bola reklamovaná u vašej banky a suma vám bola vrátená jej prostredníctvom. Preto sme váš prístup ku kurzu, ktorý bol počas reklamácie pozastavený, ukončili.`,
    },
    { text: `Poznámka administrátora: ${v.reason}` },
    { text: "Ak ide o omyl alebo chcete v kurze pokračovať, odpovedzte na tento e-mail; kurz si môžete aj znova kúpiť." },
    { link: v.accountUrl, label: "Môj účet", before: "Vaše kurzy a objednávky sú v časti" },
  ]);
}

/** Money went back for the course: the certificate issued for it is revoked. */
export function certificateRevoked(v: {
  name: string;
  courseTitle: string;
  registrationNumber: string;
  reason: string;
  verificationUrl: string;
  accountUrl: string;
}): MailContent {
  return render(`Certifikát ${v.registrationNumber} ku kurzu „${v.courseTitle}“ bol odvolaný`, `Dobrý deň, ${v.name},`, [
    { text: `certifikát ${v.registrationNumber} ku kurzu „${v.courseTitle}“ sme odvolali. Dôvod: ${v.reason}` },
    { text: "Certifikát a jeho digitálny odznak odteraz pri overení ukazujú, že nie sú platné. Ak ide o omyl, odpovedzte na tento e-mail." },
    { link: v.verificationUrl, label: "Overenie certifikátu", before: "Stav certifikátu:" },
    { link: v.accountUrl, label: "Môj účet", before: "Vaše kurzy a objednávky sú v časti" },
  ]);
}

/** The gateway took a payment of another amount than the order's: it goes back whole. */
export function paymentAmountMismatch(v: {
  name: string;
  courseTitle: string;
  received: string;
  expected: string;
  estimatedOn: string | null;
  orderUrl: string;
}): MailContent {
  return render(`Platbu ${v.received} za kurz „${v.courseTitle}“ vám vraciame`, `Dobrý deň, ${v.name},`, [
    {
      text: `platobná brána nám poslala platbu ${v.received} za kurz „${v.courseTitle}“, ktorý stojí ${v.expected}. Platbu v inej sume nemôžeme prijať, preto vám ju celú vraciame a kurz zatiaľ nie je sprístupnený.`,
    },
    {
      text: `Peniaze prídu tým istým spôsobom, akým ste platili${v.estimatedOn ? `, najneskôr okolo ${v.estimatedOn}` : ""}. Objednávku môžete zaplatiť znova v správnej sume.`,
    },
    { link: v.orderUrl, label: "Stav objednávky", before: "Objednávku nájdete tu." },
  ]);
}

/** Something about an order needs a person (admin alert). */
export function adminOrderAlert(v: { headline: string; details: string[]; orderUrl: string }): MailContent {
  return render(`Vyžaduje zásah: ${v.headline}`, "Dobrý deň,", [
    ...v.details.map((text) => ({ text })),
    { link: v.orderUrl, label: "Otvoriť objednávku", before: "Objednávka v administrácii:" },
  ]);
}

export function seatInvitation(v: { organization: string; courseTitle: string; email: string; signInUrl: string }): MailContent {
  return render(`Organizácia ${v.organization} vám venovala miesto v kurze „${v.courseTitle}“`, "Dobrý deň,", [
    { text: `organizácia ${v.organization} vám venovala miesto v kurze „${v.courseTitle}“ a hradí ho za vás.` },
    { link: v.signInUrl, label: "Prihlásiť sa", before: `Kurz sa vám sprístupní pri prvom prihlásení s adresou ${v.email}.` },
    { text: CLUB_SEES_PROGRESS(v.organization) },
  ]);
}

/** An order paid by bank transfer: the payment request (not a tax invoice) with its PDF. */
export function paymentRequest(v: {
  name: string;
  courseTitle: string;
  amount: string;
  iban: string;
  variableSymbol: string;
  dueOn: string;
  orderUrl: string;
}): MailContent {
  return render(`Výzva na úhradu kurzu „${v.courseTitle}“ (VS ${v.variableSymbol})`, `Dobrý deň, ${v.name},`, [
    {
      text: `ďakujeme za objednávku kurzu „${v.courseTitle}“. Uhraďte, prosím, ${v.amount} prevodom na účet ${v.iban} s variabilným symbolom ${v.variableSymbol} do ${v.dueOn}.`,
    },
    { text: "V prílohe je výzva na úhradu s kódom PAY by square; nie je to daňový doklad. Faktúru vám pošleme, keď platba príde na náš účet." },
    { link: v.orderUrl, label: "Stav objednávky", before: "Platobné údaje a stav platby nájdete aj tu." },
    { text: `Ak platba do ${v.dueOn} nepríde, objednávka vyprší.` },
  ]);
}

/** A payment request's due date passed without the money: the order expired. */
export function paymentRequestExpired(v: { name: string; courseTitle: string; variableSymbol: string; dueOn: string; courseUrl: string }): MailContent {
  return render(`Objednávka kurzu „${v.courseTitle}“ vypršala`, `Dobrý deň, ${v.name},`, [
    { text: `platbu s variabilným symbolom ${v.variableSymbol} sme do ${v.dueOn} nedostali, preto objednávka kurzu „${v.courseTitle}“ vypršala.` },
    { text: "Ak ste medzičasom zaplatili, platbu priradíme a objednávku vybavíme; inak môžete kurz objednať znova." },
    { link: v.courseUrl, label: "Kurz v katalógu", before: "Kurz nájdete tu." },
  ]);
}

/** A student's webinar e-mail: the day-before or hour-before reminder, a change, a cancellation. */
export function webinarNotice(v: {
  kind: "day" | "hour" | "changed" | "cancelled";
  name: string;
  title: string;
  courseTitle: string;
  when: string;
  lecturer: string | null;
  reason: string | null;
  courseUrl: string;
}): MailContent {
  const subjects = {
    day: `Zajtra: webinár „${v.title}“ (${v.when})`,
    hour: `O hodinu začína webinár „${v.title}“`,
    changed: `Zmena webinára „${v.title}“: ${v.when}`,
    cancelled: `Webinár „${v.title}“ je zrušený`,
  };
  const lead = {
    day: `pripomíname webinár „${v.title}“ kurzu „${v.courseTitle}“, ktorý začína ${v.when}.`,
    hour: `o hodinu, ${v.when}, začína webinár „${v.title}“ kurzu „${v.courseTitle}“.`,
    changed: `webinár „${v.title}“ kurzu „${v.courseTitle}“ sa zmenil. Nový termín: ${v.when}. V prílohe je aktualizovaná udalosť do kalendára.`,
    cancelled: `webinár „${v.title}“ kurzu „${v.courseTitle}“ plánovaný na ${v.when} je zrušený. Udalosť v prílohe ho odstráni z vášho kalendára.`,
  };
  const blocks: Block[] = [{ text: lead[v.kind] }];
  if (v.lecturer && v.kind !== "cancelled") blocks.push({ text: `Lektor: ${v.lecturer}.` });
  if (v.reason) blocks.push({ text: `Dôvod: ${v.reason}` });
  if (v.kind !== "cancelled") blocks.push({ text: "Pripojiť sa môžete na stránke kurzu od 15 minút pred začiatkom." });
  blocks.push({ link: v.courseUrl, label: "Otvoriť kurz", before: "Webináre kurzu nájdete na stránke štúdia." });
  return render(subjects[v.kind], `Dobrý deň, ${v.name},`, blocks);
}
