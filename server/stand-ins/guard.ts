/** A stand-in asked to start in production: a configuration mistake, never a fallback. */
export class StandInRefusedError extends Error {
  constructor(readonly standIn: string) {
    super(`The ${standIn} is a local stand-in and is refused with APP_ENV=production; configure the real service.`);
  }
}

export function refuseInProduction(standIn: string, production: boolean): void {
  if (production) throw new StandInRefusedError(standIn);
}
