// What every loader and action receives through React Router's context
// (STYLE.md > Server code: the database client reaches loaders through context).
import { createContext, RouterContextProvider } from "react-router";
import type { Services } from "../server/services";

export type RequestInfo = {
  /** the socket address, or X-Forwarded-For when TRUST_PROXY_HOPS trusts a proxy */
  clientIp: string;
};

export const servicesContext = createContext<Services>();
export const requestContext = createContext<RequestInfo>();

export function createLoadContext(services: Services, request: RequestInfo) {
  return new RouterContextProvider(
    new Map<Parameters<RouterContextProvider["get"]>[0], unknown>([
      [servicesContext, services],
      [requestContext, request],
    ]),
  );
}
