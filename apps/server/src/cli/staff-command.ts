import { Brand } from "@howzat/core"
import { StaffAccounts, type StaffMemberAdded } from "@howzat/core/accounts"
import { ShopLinks, setPasswordPageLink } from "@howzat/core/ports"
import {
  type DatabaseHandle,
  DataFolderUnusable,
  Db,
  makeDatabase,
  migrateToLatest,
  NodeSecureRandomLive,
  PostgresAccountsLive,
} from "@howzat/postgres"
import { Effect, Layer } from "effect"
import { Argon2PasswordHasherLive } from "../auth/argon2-password-hasher"
import type { ServerConfig } from "../config"
import { coreBrandOf } from "../core-brand"
import { type CommandOutput, configOrSay, EXIT } from "./command-output"
import { parseStaffArguments, STAFF_USAGE, type StaffCommand } from "./staff-arguments"

export { type CommandOutput, EXIT }

const OPTION_OF_FIELD: Record<string, string> = {
  emailAddress: "--email",
  firstName: "--name",
  lastName: "--name",
}

const openDatabase = async (config: ServerConfig): Promise<DatabaseHandle> => {
  const database = await makeDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    // As the server does on start: the command may be the first thing run on a new database.
    await migrateToLatest(database.db)
    return database
  } catch (error) {
    await database.close()
    throw error
  }
}

const describeAdded = (added: StaffMemberAdded, config: ServerConfig, kind: string): string[] => {
  const { user } = added
  const who = `${user.firstName} ${user.lastName} <${user.emailAddress}>`
  const setPasswordPage = setPasswordPageLink(config.linkOrigin)
  if (added._tag === "WithOneTimePassword")
    return [
      `Added ${who} as ${user.role}.`,
      `One-time password: ${added.password}`,
      "It is shown only this once and stored only as a hash: pass it on privately.",
      `They sign in at ${config.linkOrigin}/Auth/Login, and choose their own password with "Forgot password" (${setPasswordPage}).`,
    ]
  const delivery =
    config.mail.mode === "smtp"
      ? kind === "pglite"
        ? "It is sent when the shop next starts (it sends queued mail while it runs)."
        : "The shop sends it within seconds (it sends queued mail while it runs)."
      : `Mail goes nowhere without SMTP_URL: the message waits in the outbox${config.mail.devMailbox ? `, at ${config.linkOrigin}/dev/mailbox while the shop runs` : ""}.`
  return [
    `Added ${who} as ${user.role}.`,
    `A link to choose their password was queued for ${user.emailAddress}; it works once, within ${added.linkLifetimeHours} hours.`,
    delivery,
  ]
}

const add = async (
  command: Extract<StaffCommand, { _tag: "Add" }>,
  config: ServerConfig,
  output: CommandOutput,
): Promise<number> => {
  let database: DatabaseHandle
  try {
    database = await openDatabase(config)
  } catch (error) {
    // DataFolderInUse is one of these: it says to stop the shop or use DATABASE_URL.
    if (error instanceof DataFolderUnusable) output.err(error.message)
    else output.err(`The database could not be opened: ${(error as Error).message}`)
    return EXIT.failed
  }
  try {
    const ports = Layer.mergeAll(
      PostgresAccountsLive.pipe(Layer.provide(Layer.succeed(Db, database.db))),
      Argon2PasswordHasherLive,
      NodeSecureRandomLive,
    )
    const outcome = await Effect.runPromise(
      Effect.flatMap(StaffAccounts, (staff) => staff.add(command)).pipe(
        Effect.provide(StaffAccounts.Default.pipe(Layer.provide(ports))),
        Effect.provideService(ShopLinks, { origin: config.linkOrigin }),
        // The invitation is signed as the running shop signs its mail.
        Effect.provideService(Brand, coreBrandOf()),
        Effect.either,
      ),
    )
    if (outcome._tag === "Right") {
      for (const line of describeAdded(outcome.right, config, database.kind)) output.out(line)
      return EXIT.done
    }
    const error = outcome.left
    switch (error._tag) {
      case "AccountValidationFailed":
        for (const [field, message] of Object.entries(error.errors))
          if (message !== undefined)
            output.err(`staff: ${OPTION_OF_FIELD[field] ?? field}: ${message}`)
        output.err("")
        output.err(STAFF_USAGE)
        return EXIT.usage
      case "EmailAlreadyRegistered":
        output.err(
          `${command.emailAddress.trim()} is already the address of an account (a customer's or staff's): nothing was changed.`,
        )
        return EXIT.failed
      case "RepositoryError":
        output.err(`The database failed (${error.operation}): nothing was changed.`)
        return EXIT.failed
    }
  } finally {
    await database.close()
  }
}

/**
 * `npm run staff -- …`: adds a staff user with the shop's own configuration
 * and layers, without starting the HTTP server. Answers the exit code.
 */
export const runStaffCommand = async (
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> => {
  const command = parseStaffArguments(args)
  if (command._tag === "Help") {
    output.out(STAFF_USAGE)
    return EXIT.done
  }
  if (command._tag === "Invalid") {
    output.err(`staff: ${command.problem}`)
    output.err("")
    output.err(STAFF_USAGE)
    return EXIT.usage
  }
  const config = configOrSay(env, output)
  if (config === undefined) return EXIT.failed
  // A link to localhost reaches nobody but this machine, and its one-use token would be spent.
  if (command.handover === "SetPasswordLink" && config.publicUrl === undefined) {
    output.err(
      "staff: --send-link needs PUBLIC_URL, the shop's public address, for the link in the email: nothing was changed.",
    )
    output.err("")
    output.err(STAFF_USAGE)
    return EXIT.usage
  }
  return add(command, config, output)
}
