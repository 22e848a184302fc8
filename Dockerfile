# Multi-stage build: dependencies → build → slim runtime. The runtime refuses every
# embedded stand-in (APP_ENV=production) and lists every missing, malformed or weak
# setting at once on its first start (docs/configuration.md; server/config).
#
# Required with APP_ENV=production (secrets: at least 32 random bytes, never a value
# from this repository; URLs https):
#   DATABASE_URL PUBLIC_URL TRUST_PROXY SESSION_SECRET
#   OIDC_ISSUER OIDC_CLIENT_ID OIDC_CLIENT_SECRET IDP_API_URL IDP_API_TOKEN
#   PAYMENT_GATEWAY_URL PAYMENT_WEBHOOK_SECRET
#   SMTP_URL CREDENTIAL_SIGNING_KEY
#   INVOICE_SUPPLIER_NAME INVOICE_SUPPLIER_ADDRESS INVOICE_SUPPLIER_ICO INVOICE_SUPPLIER_DIC
#   INVOICE_SUPPLIER_IC_DPH INVOICE_SUPPLIER_IBAN EINVOICE_AP_URL EINVOICE_AP_TOKEN
#   SUPPORT_EMAIL
# Optional (defaults in docs/configuration.md):
#   APP_ENV PORT HOST ADMIN_URL DATABASE_POOL_SIZE DATABASE_CONNECT_TIMEOUT_SECONDS
#   DATABASE_STATEMENT_TIMEOUT_SECONDS DATA_DIR FFMPEG_PATH
#   TRUST_PROXY_HOPS ALLOW_INSECURE_URLS SEED_DEMO_DATA IDP_CLAIM_PREFIX APP_ROLE_PREFIX
#   STEP_UP_MAX_AGE_SEC SANDBOX_REFUND_DELAY_MS MEDIA_DIR FILE_MAX_DOCUMENT_MIB FILE_MAX_IMAGE_MIB
#   MEETINGS_CLIENT_STATE MAIL_FROM
#   ADMIN_NOTIFY_EMAIL INVOICE_SUPPLIER_BIC INVOICE_SUPPLIER_REGISTRATION CERTIFICATE_PARTNER
#   CREDENTIAL_PREVIOUS_KEYS CERTIFICATE_BIRTH_DATE LINKEDIN_ORGANIZATION_IDS RATE_LIMIT_CATALOG_PER_MIN
#   RATE_LIMIT_PREVIEW_PER_MIN RATE_LIMIT_PUBLIC_PER_MIN RATE_LIMIT_LOGIN_PER_15MIN
#   RATE_LIMIT_ORDERS_PER_HOUR RATE_LIMIT_ATTEMPT_STARTS_PER_15MIN LOG_LEVEL METRICS_PORT
#   METRICS_HOST METRICS_TOKEN SHUTDOWN_TIMEOUT_SECONDS SHUTDOWN_DRAIN_SECONDS
#   ANSWER_CACHE_SECONDS EINVOICE_AP_TIMEOUT_MS
#   MUX_TOKEN_ID MUX_TOKEN_SECRET MUX_SIGNING_KEY_ID MUX_SIGNING_KEY_PRIVATE MUX_WEBHOOK_SECRET
#   MUX_API_URL MUX_STREAM_URL MUX_IMAGE_URL
#   GRAPH_TENANT_ID GRAPH_CLIENT_ID GRAPH_CLIENT_SECRET GRAPH_API_URL GRAPH_LOGIN_URL
# (without MUX_* production runs with no video provider: video blocks do not publish)
# (without GRAPH_* production runs with no meeting recording automation: recordings are uploaded by hand)
# (server/config/documented.test.ts compares both lists with the configuration's schema.)
# The image's Node is the runtime (same major as the `node` dependency, 24 LTS);
# --ignore-scripts (on the install and on the prune, which would otherwise run the
# dependencies' install scripts again) keeps that dependency's second Node binary (189 MB)
# out of node_modules.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production PORT=3000
# Poppler (pdfinfo, pdftoppm): uploaded PDFs are checked, counted and rendered to slides (server/files)
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/public ./public
# private course files (PDFs, images, attachments), served through signed URLs (MEDIA_DIR)
COPY --from=build /app/media ./media
COPY --from=build /app/server.mjs ./
USER node
EXPOSE 3000
# /healthz: the process answers (no database, no rate limit, no canonical-host redirect);
# a load balancer asks /readyz (database, migrations, job workers) before sending traffic.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: /readyz 503 for SHUTDOWN_DRAIN_SECONDS while still serving, then stop accepting,
# finish requests in flight, stop workers (SHUTDOWN_TIMEOUT_SECONDS)
STOPSIGNAL SIGTERM
# instances started together migrate one at a time (advisory lock); a release job may run
# `node server.mjs --migrate-only` first (DATABASE_URL is all it needs)
CMD ["node", "server.mjs"]
