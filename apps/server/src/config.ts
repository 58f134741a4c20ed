import path from "node:path"

export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** A Postgres server; unset means the embedded database (PGlite). */
  readonly databaseUrl: string | undefined
  /** Where the embedded database keeps its files; `memory://` keeps nothing. */
  readonly dataDir: string
  readonly seedDemoData: boolean
  /** The built storefront served at /. */
  readonly webDistDir: string
}

export class ConfigError extends Error {
  override readonly name = "ConfigError"
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

/**
 * Every setting with its documented default (README, .env.example). A bad
 * value stops start-up with a message naming it, rather than a shop that
 * half works.
 */
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
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    databaseUrl,
    dataDir: dataDirOf(env.PGLITE_DATA_DIR?.trim() || ".data/pglite"),
    seedDemoData: flag("SEED_DEMO_DATA", env.SEED_DEMO_DATA, true),
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR?.trim() || "apps/web/dist"),
  }
}
