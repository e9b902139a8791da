# Sunfield's container image: the compiled server (packages/server/dist), the built web app, the
# shipped data (CEC lists, demo weather, migrations) and the server's production dependencies, run
# as the unprivileged `node` user. One image for every process: `serve` (the default) and `worker`,
# as compose.yaml runs them; `migrate`, `seed`, `create-admin` and `simulate` work the same way.
#
#   docker build -t sunfield .
#   docker run -p 3000:3000 -v sunfield-data:/data sunfield          # embedded database in /data
#   docker run -e DATABASE_URL=postgres://… -e SUNFIELD_SECRET=… sunfield serve

ARG NODE_IMAGE=node:24-slim

# Build: every workspace's dependencies (Vite, esbuild, TypeScript), then `npm run build`
# (web app to packages/web/dist, server to packages/server/dist).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Run time: the server workspace's production dependencies only (no Vite, tsx or web packages; the
# engine and domain are inside the bundle), the build's output and the files the server reads.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace @sunfield/server --no-audit --no-fund && npm cache clean --force
COPY NOTICE README.md ./
COPY packages/server/bin packages/server/bin
COPY packages/server/drizzle packages/server/drizzle
COPY packages/server/library packages/server/library
COPY packages/server/demo packages/server/demo
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# The embedded database's folder (used when DATABASE_URL is not set; mount a volume there to keep
# it), owned by the run-time user.
RUN mkdir /data && chown node:node /data
USER node
ENV PORT=3000 HOST=0.0.0.0 SUNFIELD_DATA_DIR=/data
EXPOSE 3000
# GET /api/health answers 200 when the process reaches its database and job queue. The first start
# on an empty database seeds the Global library (about a minute), hence the start period. A worker
# serves no HTTP: compose.yaml replaces this check for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "packages/server/bin/sunfield.js"]
CMD ["serve"]
