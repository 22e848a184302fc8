// The provider posts its signed tokens form-encoded (Back-Channel Logout 1.0 §2.5).
export async function readProviderToken(request: Request, field: string): Promise<string | null> {
  if (!(request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) return null;
  const form = await request.formData().catch(() => null);
  const value = form?.get(field);
  return typeof value === "string" && value.length > 0 && value.length < 16_384 ? value : null;
}
