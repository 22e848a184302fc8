import { type RouteConfig, index, route, prefix } from "@react-router/dev/routes";

export default [
  // student pages
  index("routes/catalog.tsx"),
  route("kurzy/:slug", "routes/course.tsx"),
  route("kurzy/:slug/kupit", "routes/course-buy.tsx"),
  route("kurzy/:slug/studium", "routes/learn.tsx"),
  route("kurzy/:slug/studium/:partId", "routes/learn-part.tsx"),
  route("kurzy/:slug/studium/:partId/video/:blockId", "routes/learn-part/video.ts"),
  route("kurzy/:slug/hotovo", "routes/course-done.tsx"),
  // webinars (server/webinars): a session, joining (recorded), its .ics; the personal feed
  route("kurzy/:slug/webinare/:webinarId", "routes/webinar.tsx"),
  route("kurzy/:slug/webinare/:webinarId/pripojit", "routes/webinar-join.ts"),
  route("kurzy/:slug/webinare/:webinarId/kalendar.ics", "routes/webinar-ics.ts"),
  route("kurzy/:slug/webinare/:webinarId/zaznam", "routes/webinar-recording.ts"),
  route("kalendar/:file", "routes/calendar-feed.ts"),
  route("ucet/kalendar", "routes/account-calendar.tsx"),
  route("kurzy/:slug/testy/:testId", "routes/test-intro.tsx"),
  route("kurzy/:slug/testy/:testId/pokus/:attemptId", "routes/test-attempt.tsx"),
  route("prihlasenie", "routes/sign-in.tsx"),
  route("obchodne-podmienky", "routes/terms.tsx"),
  route("ochrana-osobnych-udajov", "routes/privacy.tsx"),
  route("ucet", "routes/account.tsx"),
  // certificates (server/certificates): the student's, and the public verification page
  route("ucet/certifikaty", "routes/account-certificates.tsx"),
  route("ucet/certifikaty/:certificateId", "routes/account-certificate.tsx"),
  // /verify: the form and the check of a presented credential (POST); /verify/<number>: the
  // same page for one certificate, GET only (its forms go to /verify)
  route("verify", "routes/verify.tsx"),
  route("verify/:registrationNumber", "routes/verify-certificate.tsx"),
  route("v/:registrationNumber/:prefix", "routes/verify-short.tsx"),
  route("objednavky/:orderId/return", "routes/order-return.tsx"),
  // clubs (server/clubs): buying seats for a club, the club page with seats and progress
  route("kurzy/:slug/kupit-pre-klub", "routes/course-buy-club.tsx"),
  route("klub/:orgId", "routes/club.tsx"),

  // administration (content managers and admins); admin features add routes here
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("kurzy", "routes/admin/courses.tsx"),
    route("kurzy/novy", "routes/admin/course-new.tsx"),
    // course authoring (server/authoring): editor with structure and publishing, the
    // course's fields, a part with its blocks, tests with questions
    route("kurzy/:courseId", "routes/admin/course-editor.tsx"),
    route("kurzy/:courseId/udaje", "routes/admin/course-settings.tsx"),
    route("kurzy/:courseId/casti/:partId", "routes/admin/part-editor.tsx"),
    route("kurzy/:courseId/testy", "routes/admin/course-tests.tsx"),
    // webinars of the course (server/webinars): schedule, change, cancel
    route("kurzy/:courseId/webinare", "routes/admin/course-webinars.tsx"),
    route("kurzy/:courseId/webinare/:webinarId/ucast", "routes/admin/webinar-attendance.tsx"),
    route("kurzy/:courseId/testy/:testId", "routes/admin/test-editor.tsx"),
    // insights (server/insights): a course's and a test's statistics, CSV exports
    route("kurzy/:courseId/statistiky", "routes/admin/course-stats.tsx"),
    route("kurzy/:courseId/statistiky/zapisy.csv", "routes/admin/course-enrollments-csv.ts"),
    route("kurzy/:courseId/testy/:testId/statistiky", "routes/admin/test-stats.tsx"),
    route("kurzy/:courseId/testy/:testId/statistiky/pokusy.csv", "routes/admin/test-attempts-csv.ts"),
    route("export/faktury.csv", "routes/admin/export-invoices.ts"),
    route("export/dobropisy.csv", "routes/admin/export-credit-notes.ts"),
    // the local mail outbox (server/mail): list, one message, its files
    route("posta", "routes/admin/mail-outbox.tsx"),
    route("posta/:messageId", "routes/admin/mail-message.tsx"),
    route("posta/:messageId/prilohy/:attachmentId", "routes/admin/mail-attachment.ts"),
    route("posta/:messageId/:part", "routes/admin/mail-part.ts"),
    // a video block's upload and state (server/video)
    route("video/:partId/:blockId", "routes/admin/video-upload.tsx"),
    // the pickers' search by name (server/admin), JSON for the search-as-you-type picker
    route("hladat", "routes/admin/picker-search.ts"),
    // enrollments (server/enrollments; role admin): the table with filters and actions, one enrollment
    route("zapisy", "routes/admin/enrollments.tsx"),
    route("zapisy/:enrollmentId", "routes/admin/enrollment-detail.tsx"),
    // the manual partner's issuing tasks (admins only)
    route("certifikaty", "routes/admin/certificates.tsx"),
    // orders, refunds, the audit log and received webhooks (role admin)
    route("objednavky", "routes/admin/orders.tsx"),
    route("objednavky/:orderId", "routes/admin/order.tsx"),
    route("objednavky/:orderId/refundacia", "routes/admin/order-refund.tsx"),
    route("prevody", "routes/admin/bank-transfers.tsx"),
    route("audit", "routes/admin/audit-log.tsx"),
    route("webhooky", "routes/admin/webhook-events.tsx"),
    route("webhooky/:eventId", "routes/admin/webhook-event.tsx"),
    // unknown /admin/* URLs: the admin 404, behind the same role check
    route("*", "routes/not-found.tsx", { id: "routes/admin/not-found" }),
  ]),

  // JSON API (resource routes)
  ...prefix("api", [
    route("courses", "routes/api/courses.ts"),
    route("courses/:slug", "routes/api/course.ts"),
    route("courses/:slug/preview", "routes/api/course-preview.ts"),
    route("courses/:slug/learn", "routes/api/learning/course-learn.ts"),
    route("courses/:slug/webinars", "routes/api/webinars/course-webinars.ts"),
    route("parts/:partId", "routes/api/learning/part.ts"),
    route("parts/:partId/playback-url", "routes/api/learning/part-playback-url.ts"),
    route("parts/:partId/progress", "routes/api/learning/part-progress.ts"),
    route("enrollments/me", "routes/api/learning/enrollments-mine.ts"),
    route("enrollments/:enrollmentId", "routes/api/learning/enrollment.ts"),
    route("tests/:testId/attempts", "routes/api/tests/attempts.ts"),
    route("tests/:testId/attempts/:attemptId", "routes/api/tests/attempt.ts"),
    route("tests/:testId/attempts/:attemptId/answers", "routes/api/tests/attempt-answers.ts"),
    route("tests/:testId/attempts/:attemptId/submit", "routes/api/tests/attempt-submit.ts"),
    route("me", "routes/api/me.ts"),
    // clubs (server/clubs; docs/api.md > Clubs): seats, assignments, progress
    route("orgs/:orgId/seats", "routes/api/orgs/seats.ts"),
    route("orgs/:orgId/seats/assignments", "routes/api/orgs/seat-assignments.ts"),
    route("orgs/:orgId/seats/assignments/:assignmentId", "routes/api/orgs/seat-assignment.ts"),
    route("orgs/:orgId/progress", "routes/api/orgs/progress.ts"),
    route("admin/whoami", "routes/api/admin/whoami.ts"),
    route("certificates/me", "routes/api/certificates/mine.ts"),
    route("certificates/:certificateId", "routes/api/certificates/certificate.ts"),
    route("certificates/:certificateId/pdf", "routes/api/certificates/confirmation-pdf.ts"),
    route("certificates/:certificateId/credential", "routes/api/certificates/credential.ts"),
    route("verify/:registrationNumber", "routes/api/verify.ts"),
    // Open Badges 3.0 (server/certificates, server/credentials): the issuer, its keys, the
    // achievements and the revocation status lists, all public
    route("openbadges/issuer", "routes/api/openbadges/issuer.ts"),
    route("openbadges/jwks", "routes/api/openbadges/jwks.ts"),
    route("openbadges/keys/:thumbprint", "routes/api/openbadges/key.ts"),
    route("openbadges/achievements/:courseVersionId", "routes/api/openbadges/achievement.ts"),
    route("openbadges/achievements/:courseVersionId/levels/:levelId", "routes/api/openbadges/level-achievement.ts"),
    route("openbadges/status/:list", "routes/api/openbadges/status-list.ts"),
    route("admin/certificate-requests", "routes/api/admin/certificates/requests.ts"),
    route("admin/certificate-requests/:requestId/issue", "routes/api/admin/certificates/issue.ts"),
    route("admin/certificates/:certificateId/revoke", "routes/api/admin/certificates/revoke.ts"),
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
      // enrollments (server/enrollments; role admin)
      route("enrollments", "routes/api/admin/enrollments/enrollments.ts"),
      route("enrollments/batch", "routes/api/admin/enrollments/batch.ts"),
      route("enrollments/:enrollmentId", "routes/api/admin/enrollments/enrollment.ts"),
      route("enrollments/:enrollmentId/cancel", "routes/api/admin/enrollments/enrollment-cancel.ts"),
      route("enrollments/:enrollmentId/extend", "routes/api/admin/enrollments/enrollment-extend.ts"),
      route("enrollments/:enrollmentId/reset-test-attempts", "routes/api/admin/enrollments/enrollment-reset-test-attempts.ts"),
      route("enrollments/:enrollmentId/migrate-to-version", "routes/api/admin/enrollments/enrollment-migrate-to-version.ts"),
      route("enrollments/:enrollmentId/resync", "routes/api/admin/enrollments/enrollment-resync.ts"),
      // webinars (server/webinars; docs/api.md > Webinars)
      route("courses/:courseId/webinars", "routes/api/webinars/admin-course-webinars.ts"),
      route("webinars/:webinarId", "routes/api/webinars/admin-webinar.ts"),
      // uploaded files (server/files): streamed multipart, content-addressed store
      route("files", "routes/api/admin/files.ts"),
      // direct video upload (server/video)
      route("uploads/video", "routes/api/admin/uploads/video.ts"),
      // admin orders and refunds (server/orders, server/payments; docs/api.md > Admin: orders)
      route("orders", "routes/api/admin/orders/orders.ts"),
      route("orders/:orderId", "routes/api/admin/orders/order.ts"),
      route("orders/:orderId/audit", "routes/api/admin/orders/audit.ts"),
      route("orders/:orderId/refund", "routes/api/admin/orders/refund.ts"),
      route("orders/:orderId/transfers", "routes/api/admin/orders/transfers.ts"),
      route("bank-statements", "routes/api/admin/bank/statements.ts"),
      route("orders/:orderId/dispute/resolve", "routes/api/admin/orders/dispute-resolve.ts"),
      route("orders/:orderId/invoice", "routes/api/admin/orders/invoice.ts"),
      route("orders/:orderId/credit-notes/:creditNoteId", "routes/api/admin/orders/credit-note.ts"),
      route("uploads/video/preview", "routes/api/admin/uploads/video-preview.ts"),
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
    route("orders/:orderId/payment-request", "routes/api/orders/payment-request.ts"),
    route("orders/:orderId/retry-payment", "routes/api/orders/retry-payment.ts"),
    route("orders/:orderId/credit-notes/:creditNoteId", "routes/api/orders/credit-note.ts"),
    route("webhooks/payment", "routes/api/webhooks/payment.ts"),
    route("webhooks/video", "routes/api/webhooks/video.ts"),
    route("webhooks/meetings", "routes/api/webhooks/meetings.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  // unknown URLs: a real 404 (JSON under /api)
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
