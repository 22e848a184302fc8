// The CSP nonce of the document being rendered (app/entry.server.tsx makes one per request
// and sends it in Content-Security-Policy): React Router's inline scripts carry it. In the
// browser it is empty (browsers hide nonces from the DOM), which hydration tolerates.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
