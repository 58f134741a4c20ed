import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import {
  link,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  unlink,
  writeFile,
} from "node:fs/promises"
import path from "node:path"
import { promisify } from "node:util"
import { gunzipSync, gzipSync } from "node:zlib"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import { DataFolderInUse, isInMemory, lockDataFolder, prepareDataFolder } from "./data-folder"
import { PGLITE_EXTENSIONS } from "./database"

/**
 * `npm run backup` and `npm run restore` (docs/decisions/0086): a copy of
 * the database the shop runs on, in the database's own format, and its way
 * back. The embedded database (PGlite) is dumped as its data folder in a
 * gzipped tar (PGlite's `dumpDataDir`); a PostgreSQL server with
 * `pg_dump --format=custom`. Each answers with a sentence the operator can
 * act on (BackupRefused) rather than a stack trace.
 */

const run = promisify(execFile)

/** Where the shop's data lives: the same two settings the server reads. */
export interface BackupTarget {
  /** A Postgres server; wins over dataDir, as for the server. */
  readonly databaseUrl?: string | undefined
  /** The embedded database's folder. */
  readonly dataDir: string
}

/** A backup or restore that did not happen, and why, in one sentence. */
export class BackupRefused extends Error {
  override readonly name = "BackupRefused"
}

/** Kysely's own bookkeeping table: a Howzat database has it, and so does its backup. */
const MIGRATIONS_TABLE = "kysely_migration"

/** The first bytes of pg_dump's custom format. */
const PG_DUMP_MAGIC = Buffer.from("PGDMP")
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

const EXTENSION = { pglite: ".tar.gz", postgres: ".dump" } as const
type Kind = keyof typeof EXTENSION

const kindOf = (target: BackupTarget): Kind => (target.databaseUrl ? "postgres" : "pglite")

/** 2026-11-29T11:05:09.123Z as 20261129T110509Z: sorts by time, valid on every file system. */
const stamp = (now: Date) =>
  now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")

/**
 * Gives the finished file `name` in `folder`, or `name-2`, `name-3`… when a
 * file already has it: `link` fails rather than replace, so no backup is
 * ever overwritten, even by a second one taken in the same second.
 */
const keepAs = async (partial: string, folder: string, kind: Kind, now: Date) => {
  const base = `howzat-${kind}-${stamp(now)}`
  for (let n = 1; ; n++) {
    const file = path.join(folder, `${base}${n === 1 ? "" : `-${n}`}${EXTENSION[kind]}`)
    try {
      await link(partial, file)
      await unlink(partial)
      return file
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
  }
}

/** The PostgreSQL client programs: POSTGRES_BIN, else PATH, else Debian's PostgreSQL 15 folder. */
const postgresProgram = async (name: "pg_dump" | "pg_restore", env = process.env) => {
  if (env.POSTGRES_BIN) return path.join(env.POSTGRES_BIN, name)
  try {
    await run(name, ["--version"])
    return name
  } catch {
    const debian = path.join("/usr/lib/postgresql/15/bin", name)
    if (existsSync(debian)) return debian
    throw new BackupRefused(
      `${name} was not found: install PostgreSQL's client programs (the server's major version or newer), or set POSTGRES_BIN to their folder.`,
    )
  }
}

/**
 * The connection string without its password, and the password in
 * PGPASSWORD: a command line is visible to every user of the machine
 * (`ps`), a process's environment is not.
 */
const connection = (databaseUrl: string) => {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ""
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  }
}

const runPostgres = async (
  name: "pg_dump" | "pg_restore",
  args: string[],
  databaseUrl?: string,
) => {
  const program = await postgresProgram(name)
  const target = databaseUrl ? connection(databaseUrl) : undefined
  try {
    return await run(program, target ? [...args, `--dbname=${target.dbname}`] : args, {
      env: target?.env ?? process.env,
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim()
    throw new BackupRefused(`${name} failed: ${stderr || (error as Error).message}`)
  }
}

const folderHasFiles = async (folder: string) => {
  try {
    return (await readdir(folder)).length > 0
  } catch {
    return false
  }
}

/** PGlite takes one process at a time (data-folder.ts): a running shop holds the folder. */
const lockOrRefuse = async (dataDir: string) => {
  try {
    return await lockDataFolder(dataDir)
  } catch (error) {
    if (error instanceof DataFolderInUse)
      throw new BackupRefused(
        `The embedded database (${dataDir}) is open in a running shop. PGlite lets one process open it at a time, and copying its files underneath a running shop could copy a half-written page, so stop the shop first (it takes seconds to start again), or run the shop on PostgreSQL (DATABASE_URL), which is backed up while it runs.`,
      )
    throw error
  }
}

const backUpPglite = async (dataDir: string): Promise<Buffer> => {
  if (isInMemory(dataDir))
    throw new BackupRefused(
      `The shop keeps its database in memory (${dataDir}): there is nothing on disk to back up.`,
    )
  if (!(await folderHasFiles(dataDir)))
    throw new BackupRefused(
      `There is no embedded database at ${dataDir}: start the shop once, or set PGLITE_DATA_DIR (or DATABASE_URL) as the shop has it.`,
    )
  const lock = await lockOrRefuse(dataDir)
  try {
    const pglite = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS })
    try {
      const tar = Buffer.from(await (await pglite.dumpDataDir("none")).arrayBuffer())
      return gzipSync(tar)
    } finally {
      await pglite.close()
    }
  } finally {
    await lock.release()
  }
}

/**
 * Writes a backup of the database `target` names into `folder` (made if
 * missing) as a new file named by the time, and answers its path. The file
 * takes its name only once complete, so a failed backup leaves no file that
 * looks like one.
 */
export const takeBackup = async (
  target: BackupTarget,
  folder: string,
  now: Date = new Date(),
): Promise<string> => {
  const kind = kindOf(target)
  await mkdir(folder, { recursive: true })
  const partial = path.join(folder, `.partial-${randomBytes(6).toString("hex")}`)
  try {
    if (target.databaseUrl) {
      await runPostgres("pg_dump", ["--format=custom", `--file=${partial}`], target.databaseUrl)
    } else {
      await writeFile(partial, await backUpPglite(target.dataDir), { flag: "wx" })
    }
    return await keepAs(partial, folder, kind, now)
  } finally {
    await unlink(partial).catch(() => {})
  }
}

const readStart = async (file: string, bytes: number) => {
  const handle = await open(file, "r")
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/** The names in a tar: each 512-byte header holds the name (0–100) and the size in octal (124–136). */
const tarNames = (tar: Buffer): string[] => {
  const names: string[] = []
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512)
    if (header.every((byte) => byte === 0)) break
    names.push(header.toString("latin1", 0, 100).replace(/\0.*$/s, ""))
    const size = Number.parseInt(header.toString("latin1", 124, 136).replace(/\0.*$/s, ""), 8)
    if (!Number.isFinite(size)) break
    at += 512 + Math.ceil(size / 512) * 512
  }
  return names
}

const notABackup = (file: string, kind: Kind, why: string) =>
  new BackupRefused(
    `${file} is not a backup of ${kind === "pglite" ? "the embedded database (a .tar.gz from npm run backup without DATABASE_URL)" : "a PostgreSQL shop (a .dump from npm run backup with DATABASE_URL)"}: ${why}. Nothing was changed.`,
  )

/** The tar a PGlite backup holds, once it is known to be a Howzat database. */
const readPgliteBackup = async (file: string): Promise<Blob> => {
  const bytes = await readFile(file)
  if (bytes.subarray(0, 5).equals(PG_DUMP_MAGIC))
    throw notABackup(
      file,
      "pglite",
      "it is a PostgreSQL dump; set DATABASE_URL to restore it into a PostgreSQL server",
    )
  if (!bytes.subarray(0, 2).equals(GZIP_MAGIC)) throw notABackup(file, "pglite", "it is not gzip")
  let tar: Buffer
  try {
    tar = gunzipSync(bytes)
  } catch {
    throw notABackup(file, "pglite", "it is damaged (it does not unzip)")
  }
  if (!tarNames(tar).some((name) => name.replace(/^\.?\//, "") === "PG_VERSION"))
    throw notABackup(file, "pglite", "it holds no database folder")
  const blob = new Blob([new Uint8Array(tar.buffer as ArrayBuffer, tar.byteOffset, tar.length)])
  // Opened in memory first: a folder that does not start, or is not a shop, is refused before the target is touched.
  let pglite: PGlite
  try {
    pglite = await PGlite.create("memory://", { loadDataDir: blob, extensions: PGLITE_EXTENSIONS })
  } catch {
    throw notABackup(file, "pglite", "the database in it does not start")
  }
  try {
    const found = await pglite.query(`select to_regclass('public.${MIGRATIONS_TABLE}') as t`)
    if ((found.rows[0] as { t: string | null }).t === null)
      throw notABackup(file, "pglite", "the database in it is not a Howzat shop's")
  } finally {
    await pglite.close()
  }
  return blob
}

const restorePglite = async (
  file: string,
  dataDir: string,
  force: boolean,
  now: Date,
): Promise<RestoreResult> => {
  if (isInMemory(dataDir))
    throw new BackupRefused(
      `The shop keeps its database in memory (${dataDir}): set PGLITE_DATA_DIR to the folder to restore into.`,
    )
  const tar = await readPgliteBackup(file)
  prepareDataFolder(dataDir)
  const lock = await lockOrRefuse(dataDir)
  try {
    let setAside: string | undefined
    if (await folderHasFiles(dataDir)) {
      if (!force)
        throw new BackupRefused(
          `The embedded database at ${dataDir} already holds a database, which the restore would replace. Nothing was changed. Run again with --force to replace it (it is kept beside, renamed, not deleted).`,
        )
      // Kept, not deleted: a restore of the wrong file must not cost the only copy of the shop.
      setAside = `${dataDir}.replaced-${stamp(now)}`
      await rename(dataDir, setAside)
      prepareDataFolder(dataDir)
    }
    try {
      const pglite = await PGlite.create(dataDir, {
        loadDataDir: tar,
        extensions: PGLITE_EXTENSIONS,
      })
      try {
        await pglite.query(`select count(*) from ${MIGRATIONS_TABLE}`)
      } finally {
        await pglite.close()
      }
    } catch (error) {
      // A restore that fails part-way puts back what was there: the shop is never left without its database.
      await rm(dataDir, { recursive: true, force: true })
      if (setAside) await rename(setAside, dataDir)
      throw error
    }
    return { kind: "pglite", into: dataDir, setAside }
  } finally {
    await lock.release()
  }
}

const publicTables = async (databaseUrl: string): Promise<number> => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

const restorePostgres = async (
  file: string,
  databaseUrl: string,
  force: boolean,
): Promise<RestoreResult> => {
  if (!(await readStart(file, 5)).equals(PG_DUMP_MAGIC))
    throw notABackup(
      file,
      "postgres",
      (await readStart(file, 2)).equals(GZIP_MAGIC)
        ? "it looks like an embedded database's backup; unset DATABASE_URL to restore it into the embedded database"
        : "it is not a pg_dump custom-format file",
    )
  const { stdout: contents } = await runPostgres("pg_restore", ["--list", file])
  if (!new RegExp(`TABLE public ${MIGRATIONS_TABLE} `).test(contents))
    throw notABackup(file, "postgres", "the database in it is not a Howzat shop's")
  const tables = await publicTables(databaseUrl)
  if (tables > 0 && !force)
    throw new BackupRefused(
      `The database at DATABASE_URL already holds ${tables} table(s), which the restore would replace. Nothing was changed. Run again with --force to replace them.`,
    )
  // One transaction: a restore that fails part-way leaves the database as it was.
  await runPostgres(
    "pg_restore",
    [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-acl",
      ...(force ? ["--clean", "--if-exists"] : []),
      file,
    ],
    databaseUrl,
  )
  return { kind: "postgres", into: "DATABASE_URL", setAside: undefined }
}

export interface RestoreResult {
  readonly kind: Kind
  /** The folder restored into, or "DATABASE_URL". */
  readonly into: string
  /** Where the embedded database that was replaced now is (with --force). */
  readonly setAside: string | undefined
}

/**
 * Puts a backup back as the database `target` names. Refuses, changing
 * nothing, a file that is not a backup of that kind of database, and a
 * database that already holds one unless `force`.
 */
export const restoreBackup = async (
  file: string,
  target: BackupTarget,
  options: { readonly force: boolean; readonly now?: Date },
): Promise<RestoreResult> => {
  if (!existsSync(file)) throw new BackupRefused(`There is no file ${file}.`)
  return target.databaseUrl
    ? restorePostgres(file, target.databaseUrl, options.force)
    : restorePglite(file, target.dataDir, options.force, options.now ?? new Date())
}
