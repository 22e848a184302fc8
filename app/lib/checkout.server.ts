// The checkout pages' one action (/kurzy/<slug>/kupit and /kurzy/<slug>/kupit-pre-klub): the
// form checked by its schema (400 with the form's reply), the pressed button's payment method
// ("Zaplatiť prevodom" sends paymentMethod=transfer; docs/decisions/payments/pay-by-bank-transfer.md > Pay by bank transfer),
// the order placed exactly as POST /api/orders does, refusals (already enrolled, not the
// club's admin, deadline, limit, rate limit, a value the database cannot hold) said on the
// form, then a document redirect: the gateway is another site (or a mount outside the app),
// a transfer goes to the order's page with the payment request.
import { data, redirectDocument, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { servicesContext } from "../context";
import { parseForm } from "./validation";
import { placeOrder } from "./orders.server";
import type { CachedUser } from "#server/identity";
import { idempotencyRoute } from "#server/http/idempotency";
import { CreateOrderBody } from "#server/orders";

type Checkout<S extends z.ZodType<{ idempotencyKey?: string }>> = {
  request: Request;
  context: Readonly<RouterContextProvider>;
  user: CachedUser;
  form: FormData;
  schema: S;
  /** the API body of POST /api/orders for the valid form (app/lib/checkout.ts) */
  bodyOf: (value: z.output<S>) => unknown;
  /** after the order is placed (the club remembers its billing) */
  placed?: (body: CreateOrderBody) => Promise<void>;
};

export async function checkoutAction<S extends z.ZodType<{ idempotencyKey?: string }>>({ request, context, user, form, schema, bodyOf, placed }: Checkout<S>) {
  const services = context.get(servicesContext);
  const submission = parseForm(form, schema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const paymentMethod = form.get("paymentMethod") === "transfer" ? "transfer" : undefined;
  const body = CreateOrderBody.parse({ ...(bodyOf(submission.value) as object), ...(paymentMethod ? { paymentMethod } : {}) });
  const order = await placeOrder(services, user, body, { route: idempotencyRoute(request), key: submission.value.idempotencyKey, rawBody: body });
  if (!order.ok) {
    // a failure (the provider or the gateway down) is the error page; a refusal is said on the form
    if (order.error.status >= 500) throw order.error;
    return data(submission.reply({ formErrors: [order.error.message] }), { status: order.error.status });
  }
  await placed?.(body);
  return redirectDocument(order.value.body.redirectUrl);
}
