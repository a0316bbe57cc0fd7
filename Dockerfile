# Blocklot: one image for API replicas (default command) and extraction workers
# (`node dist/server/worker.js`), built by the same `npm ci && npm run build` as everywhere else.
# docs/operations.md "Containers". Not built in this repository's CI yet.

# --- build: dev dependencies, the app and the server bundle ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# --- runtime: the built product and production dependencies only, not root ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    STATIC_DIR=/app/dist/app
WORKDIR /app
# Native tesseract: scans are read with it (OCR_ENGINE=auto, docs/files.md "OCR"), faster than
# tesseract.js, which the image still has for OCR_ENGINE=wasm.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
# The process may write only its data directory (embedded database, staged uploads, files
# without S3); the code stays owned by root.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
