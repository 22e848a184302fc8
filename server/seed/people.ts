import type { Accreditation, InstructorProfile } from "../db/schema";

export const ACCREDITATION: Accreditation = {
  partnerOrgId: "o-9001",
  partnerName: "Slovenská akadémia športového manažmentu",
  certificateType: "Osvedčenie o absolvovaní akreditovaného vzdelávania",
  accreditationNumber: "AK-2026/0142",
  signatoryName: "doc. PaedDr. Ján Horák, PhD.",
  signatoryRole: "riaditeľ akadémie",
};

export const EVA: InstructorProfile = {
  personId: "p-2001",
  displayName: "Mgr. Eva Kováčová",
  title: "lektorka športového manažmentu",
  affiliation: "ŠK Tatran Demo",
  avatarUrl: "/media/avatars/eva-kovacova.svg",
  bio: "Pätnásť rokov viedla mládežnícky futbalový klub s 300 členmi. Školí vedenie klubov v **plánovaní, financovaní a práci s dobrovoľníkmi**.",
};

export const JURAJ: InstructorProfile = {
  personId: "p-2002",
  displayName: "Ing. Juraj Kráľ, PhD.",
  title: "odborník na financovanie športu",
  affiliation: "Ekonomická univerzita v Bratislave",
  avatarUrl: "/media/avatars/juraj-kral.svg",
  bio: "Venuje sa ekonomike športových organizácií, grantovým schémam a účtovníctvu neziskového sektora.",
};

export const CONTENT_MANAGER = "p-3001";
export const ADMIN = "p-4001";
