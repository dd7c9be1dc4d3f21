# One image for every way of running the service; the command picks the entry point.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# The embedded mode keeps its data in DATA_DIR, a volume only the service's user can read; the code stays root's,
# read-only to the service. Listening on 0.0.0.0, it needs SECRETS_KEY and ADMIN_TOKEN (README, "Security").
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/pvs
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /var/lib/pvs && chown node:node /var/lib/pvs && chmod 700 /var/lib/pvs
VOLUME /var/lib/pvs
USER node
EXPOSE 3000
CMD ["node", "dist/apps/embedded/src/main.js"]
