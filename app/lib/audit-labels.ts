// Slovak words for the audit log's action and target codes (the API and the filter's values
import { isId } from "#shared/ids";
// keep the codes; docs/decisions/admin-ui/screens-that-lead-with-what-to-act.md > Screens that lead with what to act on).
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "certificate.issue_manual": "Certifikát vydaný ručne",
  "certificate.revoke": "Certifikát zrušený",
  "course.create": "Kurz vytvorený",
  "course.update": "Údaje kurzu zmenené",
  "course.publish": "Kurz zverejnený",
  "course.republish": "Kurz znova zverejnený",
  "course.archive": "Kurz archivovaný",
  "course.new_version": "Nová verzia kurzu",
  "course.delete": "Koncept kurzu zmazaný",
  "course.soft_delete": "Kurz zmazaný",
  "level.create": "Úroveň pridaná",
  "level.update": "Úroveň zmenená",
  "level.delete": "Úroveň zmazaná",
  "level.reorder": "Poradie úrovní zmenené",
  "topic.create": "Téma pridaná",
  "topic.update": "Téma zmenená",
  "topic.delete": "Téma zmazaná",
  "topic.reorder": "Poradie tém zmenené",
  "module.create": "Modul pridaný",
  "module.update": "Modul zmenený",
  "module.delete": "Modul zmazaný",
  "part.create": "Časť pridaná",
  "part.update": "Časť zmenená",
  "part.delete": "Časť zmazaná",
  "part.reorder": "Poradie častí zmenené",
  "question.create": "Otázka pridaná",
  "question.update": "Otázka zmenená",
  "question.delete": "Otázka zmazaná",
  "question.move": "Otázka presunutá",
  "question.reorder": "Poradie otázok zmenené",
  "enrollment.grant": "Zápis udelený",
  "enrollment.batch": "Hromadný zápis",
  "enrollment.cancel": "Zápis zrušený",
  "enrollment.extend": "Prístup predĺžený",
  "enrollment.migrate": "Zápis presunutý na inú verziu",
  "enrollment.resync": "Meno a e-mail zápisu aktualizované",
  "order.cancel": "Objednávka zrušená",
  "order.refund.request": "Vrátenie peňazí požadované",
  "order.refund.retry": "Vrátenie peňazí skúšané znova",
  "order.refund.failed": "Vrátenie peňazí zlyhalo",
  "order.refund.amount_mismatch": "Vrátenie platby v nesprávnej sume",
  "order.refund.duplicate_payment": "Vrátenie duplicitnej platby",
  "payment.completed": "Platba prijatá",
  "payment.failed": "Platba zlyhala",
  "payment.refunded": "Platba vrátená",
  "payment.disputed": "Platba reklamovaná",
  "webhook.payment.completed": "Platobná brána: platba prijatá",
  "webhook.payment.failed": "Platobná brána: platba zlyhala",
  "webhook.payment.refunded": "Platobná brána: peniaze vrátené",
  "webhook.payment.disputed": "Platobná brána: platba reklamovaná",
  "order.dispute.restore": "Reklamácia: prístup obnovený",
  "order.dispute.end": "Reklamácia: prístup ukončený",
  "enrollment.dispute.restore": "Reklamácia: zápis obnovený",
  "enrollment.dispute.end": "Reklamácia: zápis ukončený",
  "session.create": "Prihlásenie",
  "session.revoke": "Odhlásenie",
  "session.backchannel_logout": "Odhlásenie poskytovateľom identity",
  "user.erase": "Osobné údaje vymazané",
  "video.upload": "Video nahrané",
  "video.upload.create": "Nahrávanie videa začaté",
  "video.upload.cancelled": "Nahrávanie videa zrušené",
  "video.upload.errored": "Nahrávanie videa zlyhalo",
  "video.asset.ready": "Video spracované",
  "video.asset.errored": "Spracovanie videa zlyhalo",
  "video.preview.cut": "Ukážka videa vystrihnutá",
  "file.upload": "Súbor nahraný",
  "bank_statement.import": "Bankový výpis načítaný",
  "order.transfer.paid": "Prevod spárovaný, objednávka zaplatená",
  "order.transfer.record": "Prevod zaznamenaný ručne",
  "webinar.created": "Webinár naplánovaný",
  "webinar.updated": "Webinár zmenený",
  "webinar.cancelled": "Webinár zrušený",
  "webinar.recording_upload": "Záznam webinára nahraný",
  "webinar.attendance_corrected": "Účasť na webinári opravená",
};

export const AUDIT_TARGET_LABELS: Record<string, string> = {
  order: "objednávka",
  enrollment: "zápis",
  course: "kurz",
  level: "úroveň",
  topic: "téma",
  module: "modul",
  part: "časť",
  test: "test",
  question: "otázka",
  certificate: "certifikát",
  person: "osoba",
  user: "osoba",
  session: "prihlásenie",
  payment: "platba",
  video: "video",
  file: "súbor",
  webinar: "webinár",
  bank_statement: "bankový výpis",
  meeting_recording: "záznam webinára",
};

export const auditActionLabel = (code: string) => AUDIT_ACTION_LABELS[code] ?? code;
export const auditTargetLabel = (code: string) => AUDIT_TARGET_LABELS[code] ?? code;

/** Where an audit row's target is shown, when the admin has a page for it (orders are checked to exist). */
export function auditTargetLink(type: string, id: string | null, existingOrders: Set<string>): string | null {
  if (!id) return null;
  if (type === "order") return existingOrders.has(id) ? `/admin/objednavky/${id}` : null;
  if (type === "enrollment" && isId(id)) return `/admin/zapisy/${id}`;
  // a course version's editor (a deleted version's page says it is gone)
  if (type === "course" && isId(id)) return `/admin/kurzy/${id}`;
  // a person: their enrollments (the enrollments filter takes a person's id)
  if ((type === "person" || type === "user") && !id.startsWith("system:")) return `/admin/zapisy?student=${encodeURIComponent(id)}`;
  return null;
}
