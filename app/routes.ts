import { type RouteConfig, index, route, prefix } from "@react-router/dev/routes";

export default [
  // student pages
  index("routes/catalog.tsx"),
  route("kurzy/:slug", "routes/course.tsx"),
  route("kurzy/:slug/kupit", "routes/course-buy.tsx"),
  route("prihlasenie", "routes/sign-in.tsx"),
  route("ucet", "routes/account.tsx"),
  route("objednavky/:orderId/return", "routes/order-return.tsx"),

  // administration (content managers and admins); admin features add routes here
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("kurzy", "routes/admin/courses.tsx"),
    // the local mail outbox (server/mail): list, one message, its files
    route("posta", "routes/admin/mail-outbox.tsx"),
    route("posta/:messageId", "routes/admin/mail-message.tsx"),
    route("posta/:messageId/prilohy/:attachmentId", "routes/admin/mail-attachment.ts"),
    route("posta/:messageId/:part", "routes/admin/mail-part.ts"),
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
    // admin authoring (server/authoring; docs/api.md)
    ...prefix("admin", [
      route("courses", "routes/api/admin/authoring/courses.ts"),
      route("courses/:courseId", "routes/api/admin/authoring/course.ts"),
      route("courses/:courseId/publish", "routes/api/admin/authoring/course-publish.ts"),
      route("courses/:courseId/archive", "routes/api/admin/authoring/course-archive.ts"),
      route("courses/:courseId/new-version", "routes/api/admin/authoring/course-new-version.ts"),
      route("courses/:courseId/levels", "routes/api/admin/authoring/course-levels.ts"),
      route("courses/:courseId/levels/order", "routes/api/admin/authoring/course-levels-order.ts"),
      route("levels/:levelId", "routes/api/admin/authoring/level.ts"),
      route("levels/:levelId/topics", "routes/api/admin/authoring/level-topics.ts"),
      route("levels/:levelId/topics/order", "routes/api/admin/authoring/level-topics-order.ts"),
      route("topics/:topicId", "routes/api/admin/authoring/topic.ts"),
      route("topics/:topicId/module", "routes/api/admin/authoring/topic-module.ts"),
      route("modules/:moduleId", "routes/api/admin/authoring/module.ts"),
      route("modules/:moduleId/parts", "routes/api/admin/authoring/module-parts.ts"),
      route("modules/:moduleId/parts/order", "routes/api/admin/authoring/module-parts-order.ts"),
      route("parts/:partId", "routes/api/admin/authoring/part.ts"),
      route("tests", "routes/api/admin/authoring/tests.ts"),
      route("tests/:testId", "routes/api/admin/authoring/test.ts"),
      route("tests/:testId/questions", "routes/api/admin/authoring/test-questions.ts"),
      route("tests/:testId/questions/order", "routes/api/admin/authoring/test-questions-order.ts"),
      route("questions/:questionId", "routes/api/admin/authoring/question.ts"),
      route("questions/:questionId/move", "routes/api/admin/authoring/question-move.ts"),
    ]),
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
