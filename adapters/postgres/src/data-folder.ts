import { createHash } from "node:crypto"
import { accessSync, constants, mkdirSync, realpathSync, unlinkSync } from "node:fs"
import net from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"

/** The embedded database's folder cannot be made or written: said in one line, at start-up. */
export class DataFolderUnusable extends Error {
  override readonly name: string = "DataFolderUnusable"
  constructor(
    readonly dataDir: string,
    reason: string,
  ) {
    super(`The embedded database's folder ${dataDir} cannot be used: ${reason}`)
  }
}

/** Another process (a running shop, a command) has the embedded database open. */
export class DataFolderInUse extends DataFolderUnusable {
  override readonly name = "DataFolderInUse"
  constructor(dataDir: string) {
    super(
      dataDir,
      "another Howzat process has it open. Stop the shop first, or use DATABASE_URL (a Postgres server takes any number of processes).",
    )
  }
}

/** `memory://` (and the browser's `idb://`): PGlite's own names, with no folder on disk. */
export const isInMemory = (dataDir: string) => /^(memory|idb):\/\//.test(dataDir)

/**
 * PGlite makes only the last folder of its path, so on a fresh clone
 * `.data/pglite` fails for want of `.data`. Every folder is made here, and
 * the folder checked for writing, so a bad path is one clear line rather
 * than a WebAssembly file-system stack trace. `memory://` and `idb://`
 * names are PGlite's own and have no folder.
 */
export const prepareDataFolder = (dataDir: string): void => {
  if (isInMemory(dataDir)) return
  try {
    mkdirSync(dataDir, { recursive: true })
    accessSync(dataDir, constants.R_OK | constants.W_OK)
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code
    const reason =
      code === "EACCES" || code === "EPERM"
        ? "permission denied (choose another PGLITE_DATA_DIR or fix its permissions)"
        : code === "ENOTDIR" || code === "EEXIST"
          ? "part of the path is a file, not a folder"
          : code === "EROFS"
            ? "the file system is read-only"
            : ((cause as Error).message ?? String(cause))
    throw new DataFolderUnusable(dataDir, reason)
  }
}

// Unix socket paths are limited to about 104 bytes (macOS) or 108 (Linux).
const MAX_SOCKET_PATH = 100

/**
 * Where the lock of a data folder listens: a socket beside the folder (not
 * in it: the folder is Postgres's), or, when that path is too long for a
 * socket, one in the temporary folder named after the folder's real path.
 */
export const lockAddress = (dataDir: string): string => {
  const folder = realpathSync(dataDir)
  const digest = createHash("sha256").update(folder).digest("hex").slice(0, 32)
  if (process.platform === "win32") return `\\\\.\\pipe\\howzat-pglite-${digest}`
  const beside = path.join(path.dirname(folder), `.${path.basename(folder)}.lock`)
  return Buffer.byteLength(beside) <= MAX_SOCKET_PATH
    ? beside
    : path.join(tmpdir(), `howzat-pglite-${digest}.lock`)
}

const listen = (address: string) =>
  new Promise<net.Server>((resolve, reject) => {
    // Anyone who connects is only asking whether the folder is taken.
    const server = net.createServer((probe) => probe.destroy())
    server.once("error", reject)
    server.listen(address, () => {
      server.off("error", reject)
      // The lock must not keep a process alive that has nothing else to do.
      server.unref()
      resolve(server)
    })
  })

/** Whether a process is listening at `address`, or the socket was left by one that died. */
const someoneListens = (address: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(address)
    probe.once("connect", () => {
      probe.destroy()
      resolve(true)
    })
    probe.once("error", () => resolve(false))
  })

export interface DataFolderLock {
  readonly release: () => Promise<void>
}

/**
 * PGlite takes no lock of its own: two processes on one folder both open it
 * and overwrite each other's pages, which corrupts the database. So whoever
 * opens the folder first listens on a socket named after it, and a second
 * process finds it taken and stops with DataFolderInUse. The operating
 * system closes the socket when its process ends however it ends (even
 * killed), so a crash leaves no lock behind, only a socket file that nobody
 * answers on, which is cleared.
 */
export const lockDataFolder = async (dataDir: string): Promise<DataFolderLock> => {
  if (isInMemory(dataDir)) return { release: async () => {} }
  const address = lockAddress(dataDir)
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const server = await listen(address)
      return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) }
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== "EADDRINUSE") throw cause
      if (await someoneListens(address)) throw new DataFolderInUse(dataDir)
      try {
        unlinkSync(address)
      } catch {}
    }
  }
  throw new DataFolderInUse(dataDir)
}
