import { describe, expect, it } from "vitest";
import { mapRoles, parseOrganizationsClaim } from "./roles";

const names = { claimPrefix: "sportup", rolePrefix: "academy" };
const map = (roles: unknown, orgs?: unknown) => mapRoles({ sportup_roles: roles, ...(orgs === undefined ? {} : { sportup_orgs: orgs }) }, names);

describe("mapRoles (spec: Authentication 7)", () => {
  it("basic user role gives student only", () => {
    expect(map(["user"])).toEqual({ roles: ["student"], sponsorOrgIds: [], purchaseOrgIds: [], organizations: [] });
  });

  it.each([
    ["academy:instructor", ["student", "instructor"]],
    ["academy:content_manager", ["student", "content_manager"]],
    ["academy:admin", ["student", "admin"]],
    ["academy:student", ["student"]],
  ])("%s maps to the same-named role plus student", (value, expected) => {
    expect(map([value]).roles).toEqual(expected);
    expect(map(["user", value]).roles).toEqual(expected);
  });

  it("several app roles keep a fixed order without duplicates", () => {
    expect(map(["academy:admin", "user", "academy:instructor", "academy:admin", "academy:content_manager"]).roles).toEqual([
      "student",
      "instructor",
      "content_manager",
      "admin",
    ]);
  });

  it("club_admin:<org> gives student and sponsor + purchase rights for that org", () => {
    const m = map(["club_admin:o-5001"]);
    expect(m.roles).toEqual(["student"]);
    expect(m.sponsorOrgIds).toEqual(["o-5001"]);
    expect(m.purchaseOrgIds).toEqual(["o-5001"]);
  });

  it("executive_director:<org> has the same purchase access", () => {
    const m = map(["user", "executive_director:o-7001", "club_admin:o-5001", "club_admin:o-5001"]);
    expect(m.roles).toEqual(["student"]);
    expect(m.purchaseOrgIds).toEqual(["o-5001", "o-7001"]);
    expect(m.sponsorOrgIds).toEqual(["o-5001", "o-7001"]);
  });

  it("member:<org> gives nothing extra", () => {
    expect(map(["user", "member:o-5001"])).toEqual({ roles: ["student"], sponsorOrgIds: [], purchaseOrgIds: [], organizations: [] });
    expect(map(["member:o-5001"]).roles).toEqual([]);
  });

  it("ignores unknown values, other apps' prefixes and malformed org values", () => {
    const m = map([
      "otherapp:admin",
      "academy:superuser",
      "academy:",
      "ACADEMY:admin",
      "academy:Admin",
      "admin",
      "User",
      "club_admin:",
      "club_admin: o-1",
      "treasurer:o-5001",
      ":o-5001",
      "",
      42,
      null,
      { role: "academy:admin" },
    ]);
    expect(m).toEqual({ roles: [], sponsorOrgIds: [], purchaseOrgIds: [], organizations: [] });
  });

  it("a missing or non-array roles claim gives no roles", () => {
    expect(mapRoles({}, names).roles).toEqual([]);
    expect(map("academy:admin").roles).toEqual([]);
    expect(map(null).roles).toEqual([]);
  });

  it("reads the claims named by the configured prefixes", () => {
    const claims = { idp2_roles: ["user", "lms:admin", "academy:instructor"], sportup_roles: ["academy:admin"] };
    expect(mapRoles(claims, { claimPrefix: "idp2", rolePrefix: "lms" }).roles).toEqual(["student", "admin"]);
  });

  it("passes the organizations claim through, normalised, without granting rights", () => {
    const m = map(["user"], [{ org_id: "o-5001", roles: ["club_admin", "club_admin"] }, { org_id: 5 }, "x", { roles: [] }, { org_id: "o-6001" }]);
    expect(m.organizations).toEqual([
      { orgId: "o-5001", roles: ["club_admin"] },
      { orgId: "o-6001", roles: [] },
    ]);
    expect(m.purchaseOrgIds).toEqual([]);
  });

  it("demo people map as the brief's table says", () => {
    expect(map(["user"], []).roles).toEqual(["student"]);
    expect(map(["user", "academy:instructor"], []).roles).toEqual(["student", "instructor"]);
    const club = map(["user", "club_admin:o-5001"], [{ org_id: "o-5001", roles: ["club_admin"] }]);
    expect(club).toEqual({
      roles: ["student"],
      sponsorOrgIds: ["o-5001"],
      purchaseOrgIds: ["o-5001"],
      organizations: [{ orgId: "o-5001", roles: ["club_admin"] }],
    });
  });
});

describe("parseOrganizationsClaim", () => {
  it("returns [] for anything that is not an array", () => {
    expect(parseOrganizationsClaim(undefined)).toEqual([]);
    expect(parseOrganizationsClaim({ org_id: "o-1" })).toEqual([]);
  });
});
