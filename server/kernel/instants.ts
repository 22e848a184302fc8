// Date-times a PostgreSQL timestamp column can hold. An ISO string with an offset may look
// in range and still not be: 9999-12-31T23:59:59-23:59 is in year 10000 once in UTC,
// which the database refuses. Schemas refine their date-times with this.
export const STORABLE_INSTANT_MESSAGE = "Dátum musí byť medzi rokmi 1 a 9999.";

/** The instant (a Date or an ISO string) falls in years 1-9999 in UTC. */
export function isStorableInstant(value: Date | string): boolean {
  const year = (value instanceof Date ? value : new Date(value)).getUTCFullYear();
  return year >= 1 && year <= 9999;
}
