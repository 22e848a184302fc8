import { type RouteConfig, index, route, prefix } from "@react-router/dev/routes";

export default [
  // student pages
  index("routes/catalog.tsx"),
  route("kurzy/:slug", "routes/course.tsx"),
  route("kurzy/:slug/kupit", "routes/course-buy.tsx"),
  route("prihlasenie", "routes/sign-in.tsx"),
  route("ucet", "routes/account.tsx"),

  // administration (content managers and admins); admin features add routes here
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    // unknown /admin/* URLs: the admin 404, behind the same role check
    route("*", "routes/not-found.tsx", { id: "routes/admin/not-found" }),
  ]),

  // JSON API (resource routes)
  ...prefix("api", [
    route("courses", "routes/api/courses.ts"),
    route("courses/:slug", "routes/api/course.ts"),
    route("courses/:slug/preview", "routes/api/course-preview.ts"),
    route("me", "routes/api/me.ts"),
    route("admin/whoami", "routes/api/admin/whoami.ts"),
    ...prefix("auth", [
      route("login", "routes/api/auth/login.ts"),
      route("callback", "routes/api/auth/callback.ts"),
      route("logout", "routes/api/auth/logout.ts"),
      route("backchannel-logout", "routes/api/auth/backchannel-logout.ts"),
      route("erasure", "routes/api/auth/erasure.ts"),
    ]),
    route("orders", "routes/api/orders/create.ts"),
    route("orders/me", "routes/api/orders/mine.ts"),
    route("orders/:orderId", "routes/api/orders/order.ts"),
    route("orders/:orderId/invoice", "routes/api/orders/invoice.ts"),
    route("orders/:orderId/retry-payment", "routes/api/orders/retry-payment.ts"),
    route("webhooks/payment", "routes/api/webhooks/payment.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  // unknown URLs: a real 404 (JSON under /api)
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
