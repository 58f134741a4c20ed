import { BackupRefused, restoreBackup, takeBackup } from "@howzat/postgres"
import type { ServerConfig } from "../config"
import { type CommandOutput, configOrSay, EXIT } from "./command-output"

export { EXIT }

/**
 * `npm run backup` and `npm run restore` (docs/decisions/0086). The database
 * is chosen from the same settings as `npm start` (config.ts: DATABASE_URL,
 * else the embedded database's PGLITE_DATA_DIR), so a backup is always of
 * the shop that runs.
 */

export const BACKUP_USAGE = `usage: npm run backup

  Writes a new file to BACKUP_DIR (default ./backups) named by the time:
  howzat-pglite-<time>.tar.gz for the embedded database (the shop stopped),
  howzat-postgres-<time>.dump for DATABASE_URL (pg_dump; the shop may run).
  It never overwrites a file, never deletes old ones and copies nothing off
  this machine: see the README's "Backups".`

export const RESTORE_USAGE = `usage: npm run restore -- <backup file> [--force]

  Puts a backup from npm run backup back as the shop's database (the same
  DATABASE_URL or PGLITE_DATA_DIR as npm start).
  --force   replace a database that already holds a shop (the embedded
            database's folder is kept beside, renamed)`

const whichDatabase = (config: ServerConfig) =>
  config.databaseUrl
    ? "the PostgreSQL database at DATABASE_URL"
    : `the embedded database at ${config.dataDir}`

/** A refusal is the operator's to act on, in one line; anything else is a failure to report. */
const say = (error: unknown, output: CommandOutput, doing: string) => {
  if (error instanceof BackupRefused) output.err(error.message)
  else output.err(`The ${doing} failed: ${(error as Error).message ?? String(error)}`)
  return EXIT.failed
}

export const runBackupCommand = async (
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> => {
  if (args.length > 0) {
    output.err(BACKUP_USAGE)
    return args.every((arg) => arg === "--help" || arg === "-h") ? EXIT.done : EXIT.usage
  }
  const config = configOrSay(env, output)
  if (config === undefined) return EXIT.failed
  try {
    const file = await takeBackup(config, config.backupDir)
    output.out(`Backed up ${whichDatabase(config)} to ${file}`)
    return EXIT.done
  } catch (error) {
    return say(error, output, "backup")
  }
}

export const runRestoreCommand = async (
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> => {
  const force = args.includes("--force")
  const rest = args.filter((arg) => arg !== "--force")
  if (rest.some((arg) => arg === "--help" || arg === "-h")) {
    output.out(RESTORE_USAGE)
    return EXIT.done
  }
  const [file, ...extra] = rest
  if (file === undefined || file.startsWith("-") || extra.length > 0) {
    output.err(RESTORE_USAGE)
    return EXIT.usage
  }
  const config = configOrSay(env, output)
  if (config === undefined) return EXIT.failed
  try {
    const restored = await restoreBackup(file, config, { force })
    output.out(`Restored ${file} into ${whichDatabase(config)}.`)
    if (restored.setAside) output.out(`The database it replaced is kept at ${restored.setAside}.`)
    output.out(
      "Start the shop as usual: it applies any migration newer than the backup (with MIGRATE_ON_START=false, run npm run migrate first).",
    )
    return EXIT.done
  } catch (error) {
    return say(error, output, "restore")
  }
}
