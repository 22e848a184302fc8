# Multi-stage build: dependencies → build → slim runtime. The runtime refuses every
# embedded stand-in (APP_ENV=production): set DATABASE_URL, PUBLIC_URL, SESSION_SECRET,
# OIDC_*, PAYMENT_*, MUX_* and SMTP_URL (see README > Configuration).
# The image's Node is the runtime (same major as the `node` dependency, 24 LTS);
# --ignore-scripts keeps that dependency's second Node binary out of node_modules.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production APP_ENV=production PORT=3000
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
# SIGTERM: stop accepting, finish requests in flight, stop workers (SHUTDOWN_TIMEOUT_SECONDS)
STOPSIGNAL SIGTERM
CMD ["node", "server.mjs"]
