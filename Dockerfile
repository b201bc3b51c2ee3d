# syntax=docker/dockerfile:1
# Three stages: build the web app, build the Go binary that embeds it, and
# ship only that binary in a small image that runs as a non-root user.

FROM node:20-bookworm-slim AS web
WORKDIR /src/webapp
COPY webapp/package.json webapp/package-lock.json ./
RUN npm install --no-audit --no-fund
COPY webapp/ ./
RUN npm run build

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/webapp/dist/app ./webapp/dist/app
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/lifeline ./cmd/lifeline

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=server /out/lifeline /usr/local/bin/lifeline
# The database comes from DATABASE_URL (TimescaleDB in docker-compose).
ENV LIFELINE_DATA_DIR=/tmp/lifeline
EXPOSE 8080 1883 8083
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/lifeline"]
CMD ["serve"]
