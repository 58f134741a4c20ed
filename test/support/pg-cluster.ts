import { execFile } from "node:child_process"
import { chmod, chown, mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"

const run = promisify(execFile)

export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin"

export interface PostgresCluster {
  /** Connects as the superuser to the `postgres` database. */
  readonly connectionString: string
  /** True when the cluster came from DATABASE_URL and stop() leaves it alone. */
  readonly external: boolean
  readonly stop: () => Promise<void>
}

export interface ClusterOptions {
  /**
   * Server settings (`-c name=value`) on top of the test defaults, e.g. a
   * bigger max_connections for the benchmark. Ignored with DATABASE_URL.
   */
  readonly settings?: Readonly<Record<string, string | number>>
}

/** Durability off (nothing here outlives the run) and room for the suites' pools. */
export const TEST_CLUSTER_SETTINGS: Readonly<Record<string, string | number>> = {
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_connections: 200,
}

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port)
        else reject(new Error("no port"))
      })
    })
  })

const systemUser = async (name: string): Promise<{ uid: number; gid: number }> => {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run("id", ["-u", name]),
    run("id", ["-g", name]),
  ])
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) }
}

/**
 * A throwaway PostgreSQL cluster for tests: initdb into a temp folder, start
 * it on a free port with durability switched off (fsync, synchronous commit,
 * full-page writes: nothing here outlives the run), socket in the temp folder.
 * initdb refuses to run as root, so as root the binaries run as `postgres`.
 * With DATABASE_URL set, that server is used and nothing is started.
 */
export const startPostgresCluster = async (
  options: ClusterOptions = {},
): Promise<PostgresCluster> => {
  const external = process.env.DATABASE_URL
  if (external) return { connectionString: external, external: true, stop: async () => {} }

  const asRoot = process.getuid?.() === 0
  const dir = await mkdtemp(join(tmpdir(), "howzat-pg-"))
  const data = join(dir, "data")
  const log = join(dir, "postgres.log")
  if (asRoot) {
    const owner = await systemUser("postgres")
    await chown(dir, owner.uid, owner.gid)
    await chmod(dir, 0o700)
  }
  const bin = (name: string, args: readonly string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", join(POSTGRES_BIN, name), ...args])
      : run(join(POSTGRES_BIN, name), [...args])

  const port = await freePort()
  const settings = { ...TEST_CLUSTER_SETTINGS, ...options.settings }
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(" ")
  try {
    await bin("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      "--auth=trust",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
    ])
    await bin("pg_ctl", ["-D", data, "-l", log, "-o", serverOptions, "-w", "-t", "60", "start"])
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }

  let stopped = false
  return {
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
    external: false,
    stop: async () => {
      if (stopped) return
      stopped = true
      try {
        await bin("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
