import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdirSync, symlinkSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SOURCE_NODE_ARGS } from "../../../test/support/source-node"
import { DataFolderInUse, DataFolderUnusable, lockAddress, lockDataFolder } from "./data-folder"
import { makeDatabase } from "./database"

let root: string
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "howzat-lock-"))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const folder = (name: string) => {
  const dir = path.join(root, name)
  mkdirSync(dir, { recursive: true })
  return dir
}

/** Another process holding the lock of `dataDir`, as a running shop does. */
const holderOf = (dataDir: string) =>
  new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...SOURCE_NODE_ARGS,
        "--input-type=module",
        "-e",
        `const { lockDataFolder } = await import(process.argv[1])
         await lockDataFolder(process.argv[2])
         console.log("locked")
         setInterval(() => {}, 1000)`,
        path.join(import.meta.dirname, "data-folder.ts"),
        dataDir,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    )
    child.stdout?.once("data", () => resolve(child))
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)))
  })

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGKILL")
  })

describe("the embedded database's folder is one process's at a time", () => {
  it("refuses a second open in plain words, and opens again once the first closes", {
    timeout: 60_000,
  }, async () => {
    const dataDir = folder("shop")
    const first = await makeDatabase({ dataDir })
    try {
      const error = await makeDatabase({ dataDir }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DataFolderInUse)
      // main.ts reports every unusable folder in one line; this is one of them.
      expect(error).toBeInstanceOf(DataFolderUnusable)
      expect((error as Error).message).toBe(
        `The embedded database's folder ${dataDir} cannot be used: another Howzat process has it open. Stop the shop first, or use DATABASE_URL (a Postgres server takes any number of processes).`,
      )
    } finally {
      await first.close()
    }
    const again = await makeDatabase({ dataDir })
    await again.close()
  })

  it("is refused while another process holds it, and free once that process is killed", {
    timeout: 30_000,
  }, async () => {
    const dataDir = folder("killed")
    const holder = await holderOf(dataDir)
    try {
      await expect(lockDataFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUse)
    } finally {
      await killed(holder)
    }
    // A killed process leaves its socket file behind, with nobody answering on it.
    expect(existsSync(lockAddress(dataDir))).toBe(true)
    const lock = await lockDataFolder(dataDir)
    await lock.release()
  })

  it("is the same lock however the folder is named", async () => {
    const dataDir = folder("named")
    const link = path.join(root, "link-to-named")
    symlinkSync(dataDir, link)
    expect(lockAddress(link)).toBe(lockAddress(path.join(dataDir, "..", "named")))
    const lock = await lockDataFolder(dataDir)
    try {
      await expect(lockDataFolder(link)).rejects.toBeInstanceOf(DataFolderInUse)
    } finally {
      await lock.release()
    }
  })

  it("listens in the temporary folder when the folder's path is too long for a socket", async () => {
    const dataDir = folder(path.join(...Array.from({ length: 8 }, () => "a-long-folder-name")))
    expect(lockAddress(dataDir).startsWith(tmpdir())).toBe(true)
    const lock = await lockDataFolder(dataDir)
    try {
      await expect(lockDataFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUse)
    } finally {
      await lock.release()
    }
  })

  it("takes no lock for a database in memory", async () => {
    const first = await lockDataFolder("memory://")
    const second = await lockDataFolder("memory://")
    await Promise.all([first.release(), second.release()])
  })
})
