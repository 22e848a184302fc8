// Minimal typing for oidc-provider 9 (the package ships none); only what the local identity provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type KoaContextWithOIDC = {
    oidc: any;
    body: unknown;
    type: string;
    status: number;
    host: string;
    href: string;
    set(name: string, value: string): void;
    [key: string]: any;
  };

  export type Interaction = {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
    returnTo: string;
    exp: number;
    [key: string]: any;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: any[]) => void): this;
    Grant: any;
    Session: any;
    RefreshToken: any;
    [key: string]: any;
  }
  export const errors: Record<string, any>;
}
