// /verify/<registrationNumber>?h=<hash>: the verification page of one certificate, the
// page of routes/verify.tsx without its action: it answers GET only (a POST here is 405;
// the page's forms go to /verify).
export { loader, meta, default } from "./verify";
