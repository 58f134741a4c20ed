import path from "node:path"
import { DRAND_QUICKNET_URL } from "@howzat/beacon"
import {
  type ActionLimits,
  accountWindowCeilingMs,
  defaultRateLimitPolicy,
  type RateLimitPolicyShape,
  type ThrottledAction,
} from "@howzat/core/accounts"
import { DEFAULT_MAX_IMAGE_BYTES, type RateLimit } from "@howzat/core/rules"
import type { S3Settings } from "@howzat/files"
import { Duration } from "effect"
import { ConfigError } from "./config-error"
import { SHUTDOWN_GRACE } from "./http-server"
import { AUTOMATIC_DRAW_INTERVAL } from "./jobs/automatic-draws"
import { type PaymentsConfig, readPayments } from "./payments-config"

export { ConfigError } from "./config-error"
export type {
  CheckoutConfig,
  PaymentsConfig,
  StripeConfig,
  TrueLayerConfig,
} from "./payments-config"
export { DEFAULT_STRIPE_JS_URL } from "./payments-config"

export interface ServerConfig {
  /**
   * NODE_ENV=production: the server refuses to start while anything a live
   * shop must not have is found (preflight.ts, decision 0067).
   */
  readonly production: boolean
  readonly port: number
  readonly host: string
  /** A Postgres server; unset means the embedded database (PGlite). */
  readonly databaseUrl: string | undefined
  /** Where the embedded database keeps its files; `memory://` keeps nothing. */
  readonly dataDir: string
  /** Where `npm run backup` writes its files (BACKUP_DIR, default ./backups; docs/decisions/0086). */
  readonly backupDir: string
  readonly seedDemoData: boolean
  /**
   * Apply pending migrations at start (MIGRATE_ON_START, default true, so a
   * fresh clone's `npm start` makes its database). Several servers set it
   * false and run `npm run migrate` once before a rolling restart; either
   * way a database newer than the build is refused (docs/decisions/0087).
   */
  readonly migrateOnStart: boolean
  /**
   * On SIGTERM, how long the server keeps answering (its readiness check
   * failing, every answer closing its connection) before it stops taking
   * requests, so a load balancer sends no new request to a closed port
   * (SHUTDOWN_DRAIN_MS; docs/decisions/0087).
   */
  readonly shutdownDrainMs: number
  /**
   * Public catalogue reads the cache cannot answer, per client address
   * (CATALOGUE_MISS_LIMIT, "100/5s": a burst of 100, earned back over 5 s;
   * "off", or RATE_LIMIT=off, for none; docs/decisions/0096).
   */
  readonly catalogueMissLimit: RateLimit | null
  /** The built storefront served at /. */
  readonly webDistDir: string
  /** The built back office served at /admin. */
  readonly adminDistDir: string
  /** The shop's public origin (PUBLIC_URL), if set. */
  readonly publicUrl: string | undefined
  /**
   * Where links in emails point: PUBLIC_URL, or without it (mailbox mode, a
   * shop on this machine) the server's own address, http://localhost:PORT.
   * Never a request's Host header, which any caller can set.
   */
  readonly linkOrigin: string
  /** Cookies only over HTTPS. */
  readonly cookieSecure: boolean
  /** Read the client's address from X-Forwarded-For (last entry), for a server behind a proxy. */
  readonly trustProxy: boolean
  /** Signs access tokens; unset: generated once and kept in the database for every process. */
  readonly jwtSecret: string | undefined
  readonly mail: MailConfig
  readonly rateLimits: RateLimitPolicyShape
  /** Friends one customer may invite per window (decision 0039); off with RATE_LIMIT=off. */
  readonly referralInvitations: RateLimit & { readonly enabled: boolean }
  readonly payments: PaymentsConfig
  readonly beacon: BeaconConfig
  /** Milliseconds between the automatic draw job's passes (the first runs at start-up). */
  readonly automaticDrawIntervalMs: number
  /** How long a SIGTERM waits for requests in flight before cutting them (decision 0055). */
  readonly shutdownGraceMs: number
  /** Where uploaded images are kept (docs/decisions/0028). */
  readonly files: FileStoreConfig
  /** The largest image an upload may hold, in bytes. */
  readonly imageMaxBytes: number
  /**
   * Who verifies customers 18+ (decision 0043): "declared" accepts the date
   * of birth they declared. An identity-check provider adds its name here.
   */
  readonly ageVerification: "declared"
  /**
   * The bearer token Prometheus sends for /metrics (METRICS_TOKEN, decision
   * 0085); unset, the metrics are off and /metrics answers 404.
   */
  readonly metricsToken: string | undefined
  /** LOG_FORMAT: "text" (Effect's own lines, the default) or "json" (one object a line, decision 0088). */
  readonly logFormat: LogFormat
  /**
   * Traces sent to an OTLP collector (OTEL_EXPORTER_OTLP_ENDPOINT, decision
   * 0088); off, with no exporter loaded, when unset.
   */
  readonly tracing: TracingConfig | TracingToProcessor | undefined
  /** Where JSON log lines go; stdout unless a test collects them. */
  readonly logLines?: ((line: string) => void) | undefined
  /**
   * False only in the test that holds the catalogue's direct reads to
   * HttpApi's answers (direct-catalogue-reads-api.test.ts): no variable sets it.
   */
  readonly directCatalogueReads?: boolean | undefined
}

/** A test's own span processor (an in-memory exporter's) in place of a collector. */
export interface TracingToProcessor {
  readonly serviceName: string
  /** An `@opentelemetry/sdk-trace-base` SpanProcessor. */
  readonly processor: object
}

export type LogFormat = "text" | "json"

export interface TracingConfig {
  /** The collector's OTLP/HTTP base URL (`http://collector:4318`); traces go to `/v1/traces` under it. */
  readonly endpoint: string
  /** OTEL_SERVICE_NAME: how the collector names this shop's spans; `howzat` by default. */
  readonly serviceName: string
}

/** A folder (made on first use), or an S3-compatible bucket. */
export type FileStoreConfig =
  | { readonly store: "local"; readonly dir: string }
  | { readonly store: "s3"; readonly s3: S3Settings }

/**
 * Where a draw's public random value comes from (docs/decisions/0020). With
 * drand configured the shop never falls back to none: a draw waits for it.
 */
export type BeaconConfig =
  | { readonly source: "none" }
  | { readonly source: "drand"; readonly drandUrl: string }

export interface MailConfig {
  /** "mailbox": messages stay in the outbox for /dev/mailbox; "smtp": sent through SMTP_URL. */
  readonly mode: "mailbox" | "smtp"
  readonly smtpUrl: string | undefined
  readonly from: string
  /** Serve /dev/mailbox, which shows every message with its live links. */
  readonly devMailbox: boolean
}

const repoRoot = path.resolve(import.meta.dirname, "../../..")

const flag = (name: string, value: string | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === "") return fallback
  if (/^(1|true|yes|on)$/i.test(value)) return true
  if (/^(0|false|no|off)$/i.test(value)) return false
  throw new ConfigError(`${name} must be true or false, not "${value}"`)
}

const dataDirOf = (value: string) =>
  value.startsWith("memory://") ? value : path.resolve(repoRoot, value)

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** "10/15m": ten per fifteen minutes. Units s, m, h, d. */
export const parseRateLimit = (name: string, value: string): RateLimit => {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(value)
  const max = Number(match?.[1])
  const windowMs = Number(match?.[2]) * (UNIT_MS[match?.[3] ?? ""] ?? Number.NaN)
  if (!match || !Number.isSafeInteger(max) || max < 1 || !(windowMs > 0)) {
    throw new ConfigError(
      `${name} must look like 10/15m (attempts per window; s, m, h or d), not "${value}"`,
    )
  }
  return { max, windowMs }
}

/** 900000 as "15m": the largest unit that divides it. */
const formatWindow = (ms: number): string => {
  const [unit, size] = Object.entries(UNIT_MS)
    .reverse()
    .find(([, size]) => ms % size === 0) ?? ["ms", 1]
  return `${ms / size}${unit}`
}

/**
 * A per-account window longer than the link it limits could leave a
 * customer's mailbox with nothing but expired links while strangers keep
 * the limit used up (decision 0013), so such a setting stops start-up.
 */
const checkAccountWindow = (name: string, action: ThrottledAction, limit: RateLimit) => {
  const ceiling = accountWindowCeilingMs[action]
  if (ceiling !== undefined && limit.windowMs > ceiling) {
    throw new ConfigError(
      `${name}'s window must be at most ${formatWindow(ceiling)}, as long as the link it limits lives, not ${formatWindow(limit.windowMs)} (docs/decisions/0013)`,
    )
  }
  return limit
}

const RATE_LIMIT_NAMES: Record<ThrottledAction, string> = {
  login: "LOGIN",
  register: "REGISTER",
  passwordReset: "PASSWORD_RESET",
  loginLink: "LOGIN_LINK",
  changeEmail: "CHANGE_EMAIL",
  verificationEmail: "VERIFICATION_EMAIL",
  contact: "CONTACT",
  complaints: "COMPLAINTS",
}

const readRateLimits = (
  env: Readonly<Record<string, string | undefined>>,
): RateLimitPolicyShape => {
  const limits = {} as Record<ThrottledAction, ActionLimits>
  for (const [action, label] of Object.entries(RATE_LIMIT_NAMES) as [ThrottledAction, string][]) {
    const read = (scope: "ACCOUNT" | "ADDRESS", fallback: RateLimit) => {
      const name = `RATE_LIMIT_${label}_PER_${scope}`
      const value = env[name]?.trim()
      return value ? parseRateLimit(name, value) : fallback
    }
    const defaults = defaultRateLimitPolicy.limits[action]
    limits[action] = {
      perAccount: checkAccountWindow(
        `RATE_LIMIT_${label}_PER_ACCOUNT`,
        action,
        read("ACCOUNT", defaults.perAccount),
      ),
      perAddress: read("ADDRESS", defaults.perAddress),
    }
  }
  return { enabled: flag("RATE_LIMIT", env.RATE_LIMIT, true), limits }
}

const readPublicUrl = (value: string | undefined): string | undefined => {
  if (!value) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === "http:" || url.protocol === "https:") return url.origin
  } catch {}
  throw new ConfigError(`PUBLIC_URL must be the shop's http(s) address, not "${value}"`)
}

const readMail = (
  env: Readonly<Record<string, string | undefined>>,
  publicUrl: string | undefined,
): MailConfig => {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError("SMTP_URL must be an smtp:// or smtps:// address")
  }
  const modeText = env.MAIL_MODE?.trim() || (smtpUrl ? "smtp" : "mailbox")
  if (modeText !== "mailbox" && modeText !== "smtp") {
    throw new ConfigError(`MAIL_MODE must be mailbox or smtp, not "${modeText}"`)
  }
  if (modeText === "smtp" && !smtpUrl) throw new ConfigError("MAIL_MODE=smtp needs SMTP_URL")
  // Real mail carries live links: they must point at the real site, never at a Host header.
  if (modeText === "smtp" && !publicUrl) throw new ConfigError("MAIL_MODE=smtp needs PUBLIC_URL")
  return {
    mode: modeText,
    smtpUrl,
    from: env.MAIL_FROM?.trim() || "Howzat <no-reply@howzat.example>",
    devMailbox: flag("DEV_MAILBOX", env.DEV_MAILBOX, modeText !== "smtp"),
  }
}

/** drand's quicknet on the League of Entropy's public relay (3-second rounds). */
export const DEFAULT_DRAND_URL = DRAND_QUICKNET_URL

const readBeacon = (env: Readonly<Record<string, string | undefined>>): BeaconConfig => {
  // Off by default: a shop on this machine has no internet, and every draw would wait.
  const source = env.DRAW_BEACON?.trim() || "none"
  if (source !== "none" && source !== "drand") {
    throw new ConfigError(`DRAW_BEACON must be none or drand, not "${source}"`)
  }
  const text = env.DRAND_URL?.trim() || DEFAULT_DRAND_URL
  let drandUrl: string | undefined
  try {
    const url = new URL(text)
    // The URL is published on every proof for anyone to fetch the round again:
    // credentials in it would be published too, and a query or fragment would
    // not survive the paths appended to it.
    const plain = !url.username && !url.password && !url.search && !url.hash
    if ((url.protocol === "https:" || url.protocol === "http:") && plain) {
      drandUrl = url.href.replace(/\/+$/, "")
    }
  } catch {}
  if (drandUrl === undefined) {
    throw new ConfigError(
      `DRAND_URL must be a drand chain's http(s) address without credentials, query or fragment, not "${text}"`,
    )
  }
  return source === "drand" ? { source, drandUrl } : { source }
}

/** A setting in whole milliseconds within [min, max], its default when unset. */
const readMilliseconds = (
  name: string,
  value: string | undefined,
  fallback: Duration.DurationInput,
  [min, max]: readonly [number, number],
): number => {
  const text = value?.trim() || String(Duration.toMillis(fallback))
  const ms = Number(text)
  if (!Number.isInteger(ms) || ms < min || ms > max) {
    throw new ConfigError(
      `${name} must be a whole number of milliseconds from ${min} to ${max}, not "${text}"`,
    )
  }
  return ms
}

/**
 * A pass is one cheap query when nothing is due, so the interval only sets
 * how late after its draw time a competition may be drawn. Over an hour
 * would leave customers waiting; under a tenth of a second only loads the
 * database (tests use short ones to see several passes quickly).
 */
const AUTOMATIC_DRAW_INTERVAL_RANGE = [100, 3_600_000] as const

/**
 * A checkout in flight takes well under a second, so the default ten
 * seconds is generous; a platform that kills the process sooner after
 * SIGTERM (a container's stop timeout) wants a shorter grace, and more
 * than two minutes would only delay a deploy.
 */
const SHUTDOWN_GRACE_RANGE = [0, 120_000] as const
const SHUTDOWN_DRAIN_RANGE = [0, 120_000] as const

const readFileStore = (env: Readonly<Record<string, string | undefined>>): FileStoreConfig => {
  const store = env.FILE_STORE?.trim() || "local"
  if (store === "local") {
    return { store, dir: path.resolve(repoRoot, env.FILES_DIR?.trim() || ".data/files") }
  }
  if (store !== "s3") throw new ConfigError(`FILE_STORE must be local or s3, not "${store}"`)
  const endpoint = env.S3_ENDPOINT?.trim() ?? ""
  const bucket = env.S3_BUCKET?.trim() ?? ""
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? ""
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? ""
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      "FILE_STORE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    )
  }
  let url: URL | undefined
  try {
    url = new URL(endpoint)
  } catch {}
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.username ||
    url.search
  ) {
    throw new ConfigError(
      `S3_ENDPOINT must be the store's http(s) address without credentials or query, not "${endpoint}"`,
    )
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      `S3_BUCKET must be a bucket name (lower-case letters, digits, dots, dashes), not "${bucket}"`,
    )
  }
  const prefix = env.S3_PREFIX?.trim() ?? ""
  if (prefix !== "" && !/^([a-z0-9][a-z0-9-]*\/)+$/.test(prefix)) {
    throw new ConfigError(
      `S3_PREFIX must be lower-case folder names ending in /, e.g. "shop/", not "${prefix}"`,
    )
  }
  return {
    store,
    s3: {
      endpoint: url.href,
      bucket,
      region: env.S3_REGION?.trim() || "us-east-1",
      accessKeyId,
      secretAccessKey,
      prefix,
      pathStyle: flag("S3_PATH_STYLE", env.S3_PATH_STYLE, true),
    },
  }
}

const MAX_IMAGE_BYTES_CEILING = 50 * 1024 * 1024

const readImageMaxBytes = (value: string | undefined): number => {
  const text = value?.trim() || String(DEFAULT_MAX_IMAGE_BYTES)
  const bytes = Number(text)
  if (!Number.isInteger(bytes) || bytes < 1024 || bytes > MAX_IMAGE_BYTES_CEILING) {
    throw new ConfigError(
      `IMAGE_MAX_BYTES must be a whole number of bytes from 1024 to ${MAX_IMAGE_BYTES_CEILING}, not "${text}"`,
    )
  }
  return bytes
}

/**
 * Every setting with its documented default (README, .env.example). A bad
 * value stops start-up with a message naming it, rather than a shop that
 * half works.
 */
const readAgeVerification = (value: string | undefined): ServerConfig["ageVerification"] => {
  const provider = value?.trim() || "declared"
  if (provider !== "declared") {
    throw new ConfigError(
      `AGE_VERIFICATION_PROVIDER must be "declared" (no identity-check provider is installed yet), not "${provider}"`,
    )
  }
  return provider
}

/** As long as JWT_SECRET's least: a token guessed is the shop's traffic and backlog read. */
export const METRICS_TOKEN_MIN_LENGTH = 32

const readMetricsToken = (value: string | undefined): string | undefined => {
  const token = value?.trim() || undefined
  if (token === undefined) return undefined
  // It travels in an Authorization header: printable characters, no spaces.
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new ConfigError(
      "METRICS_TOKEN must be printable ASCII without spaces (e.g. `openssl rand -hex 32`)",
    )
  }
  if (token.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters, not ${token.length} (e.g. \`openssl rand -hex 32\`); unset it to turn the metrics off`,
    )
  }
  return token
}

const readLogFormat = (value: string | undefined): LogFormat => {
  const format = value?.trim().toLowerCase() || "text"
  if (format !== "text" && format !== "json") {
    throw new ConfigError(`LOG_FORMAT must be "text" or "json", not "${value}"`)
  }
  return format
}

const readTracing = (
  env: Readonly<Record<string, string | undefined>>,
): TracingConfig | undefined => {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || undefined
  if (endpoint === undefined) return undefined
  if (!/^https?:\/\/[^\s]+$/.test(endpoint)) {
    throw new ConfigError(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be the collector's http(s):// address (e.g. http://localhost:4318), not "${endpoint}"`,
    )
  }
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME?.trim() || "howzat" }
}

/** A person never notices it; a script typing searches gets twenty uncached answers a second. */
export const DEFAULT_CATALOGUE_MISS_LIMIT = "100/5s"

const readCatalogueMissLimit = (value: string | undefined): RateLimit | null => {
  const text = value?.trim() || DEFAULT_CATALOGUE_MISS_LIMIT
  return text.toLowerCase() === "off" ? null : parseRateLimit("CATALOGUE_MISS_LIMIT", text)
}

export const readConfig = (env: Readonly<Record<string, string | undefined>>): ServerConfig => {
  const portText = env.PORT ?? "3000"
  const port = Number(portText)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, not "${portText}"`)
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must be a postgres:// connection string")
  }
  const jwtSecret = env.JWT_SECRET || undefined
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError("JWT_SECRET must be at least 32 characters")
  }
  const publicUrl = readPublicUrl(env.PUBLIC_URL?.trim())
  return {
    production: env.NODE_ENV?.trim() === "production",
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    databaseUrl,
    dataDir: dataDirOf(env.PGLITE_DATA_DIR?.trim() || ".data/pglite"),
    backupDir: path.resolve(repoRoot, env.BACKUP_DIR?.trim() || "backups"),
    seedDemoData: flag("SEED_DEMO_DATA", env.SEED_DEMO_DATA, true),
    migrateOnStart: flag("MIGRATE_ON_START", env.MIGRATE_ON_START, true),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR?.trim() || "apps/web/dist"),
    adminDistDir: path.resolve(repoRoot, env.ADMIN_DIST_DIR?.trim() || "apps/admin/dist"),
    publicUrl,
    linkOrigin: publicUrl ?? `http://localhost:${port}`,
    cookieSecure: flag(
      "COOKIE_SECURE",
      env.COOKIE_SECURE,
      publicUrl?.startsWith("https:") ?? false,
    ),
    trustProxy: flag("TRUST_PROXY", env.TRUST_PROXY, false),
    jwtSecret,
    mail: readMail(env, publicUrl),
    rateLimits: readRateLimits(env),
    referralInvitations: {
      enabled: flag("RATE_LIMIT", env.RATE_LIMIT, true),
      ...(env.RATE_LIMIT_REFERRAL_INVITATIONS_PER_CUSTOMER?.trim()
        ? parseRateLimit(
            "RATE_LIMIT_REFERRAL_INVITATIONS_PER_CUSTOMER",
            env.RATE_LIMIT_REFERRAL_INVITATIONS_PER_CUSTOMER.trim(),
          )
        : { max: 20, windowMs: 24 * 60 * 60 * 1000 }),
    },
    payments: readPayments(env),
    beacon: readBeacon(env),
    automaticDrawIntervalMs: readMilliseconds(
      "AUTOMATIC_DRAW_INTERVAL_MS",
      env.AUTOMATIC_DRAW_INTERVAL_MS,
      AUTOMATIC_DRAW_INTERVAL,
      AUTOMATIC_DRAW_INTERVAL_RANGE,
    ),
    shutdownGraceMs: readMilliseconds(
      "SHUTDOWN_GRACE_MS",
      env.SHUTDOWN_GRACE_MS,
      SHUTDOWN_GRACE,
      SHUTDOWN_GRACE_RANGE,
    ),
    shutdownDrainMs: readMilliseconds(
      "SHUTDOWN_DRAIN_MS",
      env.SHUTDOWN_DRAIN_MS,
      Duration.zero,
      SHUTDOWN_DRAIN_RANGE,
    ),
    catalogueMissLimit: flag("RATE_LIMIT", env.RATE_LIMIT, true)
      ? readCatalogueMissLimit(env.CATALOGUE_MISS_LIMIT)
      : null,
    files: readFileStore(env),
    imageMaxBytes: readImageMaxBytes(env.IMAGE_MAX_BYTES),
    ageVerification: readAgeVerification(env.AGE_VERIFICATION_PROVIDER),
    metricsToken: readMetricsToken(env.METRICS_TOKEN),
    logFormat: readLogFormat(env.LOG_FORMAT),
    tracing: readTracing(env),
  }
}
