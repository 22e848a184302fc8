// Demo people and organizations of the local identity provider (helper brief > Demo people).
// The password of every demo account is DEMO_PASSWORD; this provider never runs in production.

export const DEMO_PASSWORD = "demo1234";

export type DemoPerson = {
  id: string;
  email: string;
  /** display name, may carry academic titles */
  name: string;
  givenName: string;
  familyName: string;
  /** role values as the provider sends them in `<prefix>_roles`, with `{app}` for the app role prefix */
  roles: string[];
  organizations: { orgId: string; roles: string[] }[];
  birthdate: string;
  phoneNumber: string;
  address: { country: string; locality: string; postalCode: string; streetAddress: string };
  avatarUrl: string | null;
  /** what the login page says the account is for */
  label: string;
};

export type DemoOrganization = {
  id: string;
  name: string;
  legalName: string;
  ico: string;
  dic: string | null;
  icDph: string | null;
  type: "sport_club" | "national_federation" | "regional_organization" | "accredited_educational_institution" | "municipality";
  address: { street: string; city: string; postalCode: string; country: string };
};

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    id: "p-1001",
    email: "jana.novakova@demo.sk",
    name: "Jana Nováková",
    givenName: "Jana",
    familyName: "Nováková",
    roles: ["user"],
    organizations: [],
    birthdate: "1990-04-12",
    phoneNumber: "+421900100101",
    address: { country: "SK", locality: "Bratislava", postalCode: "81101", streetAddress: "Obchodná 12" },
    avatarUrl: null,
    label: "študentka",
  },
  {
    id: "p-1002",
    email: "peter.horvath@demo.sk",
    name: "Peter Horváth",
    givenName: "Peter",
    familyName: "Horváth",
    roles: ["user"],
    organizations: [{ orgId: "o-5001", roles: ["member"] }],
    birthdate: "1985-09-30",
    phoneNumber: "+421900100102",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Hlavná 5" },
    avatarUrl: null,
    label: "študent, člen klubu",
  },
  {
    id: "p-2001",
    email: "eva.kovacova@demo.sk",
    name: "Mgr. Eva Kováčová",
    givenName: "Eva",
    familyName: "Kováčová",
    roles: ["user", "{app}:instructor"],
    organizations: [],
    birthdate: "1979-02-03",
    phoneNumber: "+421900200201",
    address: { country: "SK", locality: "Žilina", postalCode: "01001", streetAddress: "Mariánske námestie 3" },
    avatarUrl: "/media/avatars/eva-kovacova.svg",
    label: "lektorka",
  },
  {
    id: "p-3001",
    email: "martin.simko@demo.sk",
    name: "Martin Šimko",
    givenName: "Martin",
    familyName: "Šimko",
    roles: ["user", "{app}:content_manager"],
    organizations: [],
    birthdate: "1988-11-21",
    phoneNumber: "+421900300301",
    address: { country: "SK", locality: "Košice", postalCode: "04001", streetAddress: "Hlavná 48" },
    avatarUrl: null,
    label: "správca obsahu",
  },
  {
    id: "p-4001",
    email: "zuzana.bielikova@demo.sk",
    name: "Zuzana Bieliková",
    givenName: "Zuzana",
    familyName: "Bieliková",
    roles: ["user", "{app}:admin"],
    organizations: [],
    birthdate: "1982-06-15",
    phoneNumber: "+421900400401",
    address: { country: "SK", locality: "Nitra", postalCode: "94901", streetAddress: "Štefánikova 20" },
    avatarUrl: null,
    label: "administrátorka",
  },
  {
    id: "p-5001",
    email: "tomas.balaz@demo.sk",
    name: "Tomáš Baláž",
    givenName: "Tomáš",
    familyName: "Baláž",
    roles: ["user", "club_admin:o-5001"],
    organizations: [{ orgId: "o-5001", roles: ["club_admin"] }],
    birthdate: "1975-01-08",
    phoneNumber: "+421900500501",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Štadiónová 1" },
    avatarUrl: null,
    label: "správca klubu ŠK Tatran Demo",
  },
  {
    id: "p-5002",
    email: "lucia.mrazova@demo.sk",
    name: "Lucia Mrázová",
    givenName: "Lucia",
    familyName: "Mrázová",
    roles: ["user", "member:o-5001"],
    organizations: [{ orgId: "o-5001", roles: ["member"] }],
    birthdate: "1992-03-14",
    phoneNumber: "+421900500502",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Štadiónová 1" },
    avatarUrl: null,
    label: "trénerka mládeže, člen klubu ŠK Tatran Demo",
  },
  {
    id: "p-5003",
    email: "marek.kral@demo.sk",
    name: "Marek Kráľ",
    givenName: "Marek",
    familyName: "Kráľ",
    roles: ["user", "member:o-5001"],
    organizations: [{ orgId: "o-5001", roles: ["member"] }],
    birthdate: "1988-07-02",
    phoneNumber: "+421900500503",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Štadiónová 1" },
    avatarUrl: null,
    label: "tréner, člen klubu ŠK Tatran Demo",
  },
  {
    id: "p-5004",
    email: "katarina.urbanova@demo.sk",
    name: "Katarína Urbanová",
    givenName: "Katarína",
    familyName: "Urbanová",
    roles: ["user", "member:o-5001"],
    organizations: [{ orgId: "o-5001", roles: ["member"] }],
    birthdate: "1995-12-09",
    phoneNumber: "+421900500504",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Štadiónová 1" },
    avatarUrl: null,
    label: "sekretárka klubu, člen klubu ŠK Tatran Demo",
  },
  {
    id: "p-5005",
    email: "jozef.hudec@demo.sk",
    name: "Jozef Hudec",
    givenName: "Jozef",
    familyName: "Hudec",
    roles: ["user", "member:o-5001"],
    organizations: [{ orgId: "o-5001", roles: ["member"] }],
    birthdate: "1980-05-27",
    phoneNumber: "+421900500505",
    address: { country: "SK", locality: "Trnava", postalCode: "91701", streetAddress: "Štadiónová 1" },
    avatarUrl: null,
    label: "hospodár klubu, člen klubu ŠK Tatran Demo",
  },
];

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    id: "o-5001",
    name: "ŠK Tatran Demo",
    legalName: "Športový klub Tatran Demo, o. z.",
    ico: "12345678",
    dic: "2020123456",
    icDph: null,
    type: "sport_club",
    address: { street: "Štadiónová 1", city: "Trnava", postalCode: "91701", country: "SK" },
  },
  {
    // a second club, so that a search by name chooses among clubs (docs/decisions/admin-ui/pickers-by-name.md > Pickers by name)
    id: "o-5002",
    name: "TJ Slávia Demo Nitra",
    legalName: "Telovýchovná jednota Slávia Demo Nitra, o. z.",
    ico: "23456789",
    dic: null,
    icDph: null,
    type: "sport_club",
    address: { street: "Športová 4", city: "Nitra", postalCode: "94901", country: "SK" },
  },
  {
    id: "o-9001",
    name: "Slovenská akadémia športového manažmentu",
    legalName: "Slovenská akadémia športového manažmentu, n. o.",
    ico: "87654321",
    dic: "2020876543",
    icDph: "SK2020876543",
    type: "accredited_educational_institution",
    address: { street: "Junácka 6", city: "Bratislava", postalCode: "83104", country: "SK" },
  },
];

/** Role values with the configured app prefix filled in. */
export function personRoles(person: DemoPerson, rolePrefix: string): string[] {
  return person.roles.map((r) => r.replace("{app}", rolePrefix));
}

export function findPerson(id: string): DemoPerson | undefined {
  return DEMO_PEOPLE.find((p) => p.id === id);
}

export function findPersonByEmail(email: string): DemoPerson | undefined {
  const wanted = email.trim().toLowerCase();
  return DEMO_PEOPLE.find((p) => p.email === wanted);
}

export function findOrganization(id: string): DemoOrganization | undefined {
  return DEMO_ORGANIZATIONS.find((o) => o.id === id);
}

/** Lower case without diacritics: "Nováková" and "novakova" match. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** Persons whose name or e-mail contains every word of the query (at most `limit`). */
export function searchPeople(query: string, limit = 20): DemoPerson[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return DEMO_PEOPLE.filter((p) => {
    const text = foldText(`${p.name} ${p.email}`);
    return words.every((w) => text.includes(w));
  }).slice(0, limit);
}

/** Organizations whose name, legal name or IČO contains every word, optionally of one type. */
export function searchOrganizations(query: string, type: string | null, limit = 20): DemoOrganization[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return DEMO_ORGANIZATIONS.filter((o) => {
    if (type && o.type !== type) return false;
    const text = foldText(`${o.name} ${o.legalName} ${o.ico}`);
    return words.every((w) => text.includes(w));
  }).slice(0, limit);
}

/** The organization's members whose name or e-mail contains `query` (no case, no diacritics), by name. */
export function organizationMembers(orgId: string, query: string): { person: DemoPerson; roles: string[] }[] {
  const fold = foldText;
  const wanted = fold(query);
  return DEMO_PEOPLE.flatMap((person) => {
    const membership = person.organizations.find((o) => o.orgId === orgId);
    if (!membership) return [];
    if (wanted && !fold(person.name).includes(wanted) && !fold(person.email).includes(wanted)) return [];
    return [{ person, roles: [...membership.roles] }];
  }).sort((a, b) => a.person.familyName.localeCompare(b.person.familyName, "sk"));
}
