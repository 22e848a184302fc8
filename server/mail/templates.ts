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
  const textParts = [greeting, ...blocks.map((b) => ("text" in b ? b.text : `${b.before ? `${b.before} ` : ""}${b.label}: ${b.link}`)), `S pozdravom\n${SIGNATURE}`];
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

export function sponsorshipNotice(v: { name: string; organization: string; courseTitle: string; courseUrl: string; accountUrl: string }): MailContent {
  return render(`Organizácia ${v.organization} vám sprístupnila kurz „${v.courseTitle}“`, `Dobrý deň, ${v.name},`, [
    { text: `organizácia ${v.organization} vás zapísala do kurzu „${v.courseTitle}“ a hradí ho za vás. Kurz máte sprístupnený, nič neplatíte.` },
    { link: v.courseUrl, label: "Začať sa učiť", before: "Kurz nájdete tu." },
    { link: v.accountUrl, label: "Môj účet", before: "Všetky vaše kurzy sú v časti" },
  ]);
}
