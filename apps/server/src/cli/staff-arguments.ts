import { parseArgs } from "node:util"
import {
  type PasswordHandover,
  STAFF_INVITATION_LIFETIME_HOURS,
  type StaffRole,
} from "@howzat/core/accounts"

export const STAFF_USAGE = `Usage: npm run staff -- add --email <address> --name "<first> <last>" [--role Admin|Staff] [--send-link]

Adds someone who runs the shop: a Staff or Admin user with no customer record,
whose email address counts as verified (you vouch for it).

  --email      the address they sign in with
  --name       first and last name, e.g. "Ada Lovelace" (the first word is the first name)
  --role       Admin or Staff (default Staff)
  --send-link  email them a link to choose their own password (works once, within
               ${STAFF_INVITATION_LIFETIME_HOURS} hours) instead of printing a one-time password here

Uses the shop's own settings: DATABASE_URL, or the embedded database in PGLITE_DATA_DIR
(stop the shop first: one process at a time), PUBLIC_URL for the link (--send-link needs it),
SMTP_URL for mail.`

export type StaffCommand =
  | { readonly _tag: "Help" }
  | {
      readonly _tag: "Add"
      readonly emailAddress: string
      readonly firstName: string
      readonly lastName: string
      readonly role: StaffRole
      readonly handover: PasswordHandover
    }
  | { readonly _tag: "Invalid"; readonly problem: string }

const invalid = (problem: string): StaffCommand => ({ _tag: "Invalid", problem })

const ROLES: Record<string, StaffRole> = { admin: "Admin", staff: "Staff" }

/**
 * "Ada Lovelace" is Ada and Lovelace; "Ada King Lovelace" is Ada and King
 * Lovelace: the first word is the first name and the rest the last, which
 * keeps "Ludwig van Beethoven" whole. Undefined when there is no last name.
 */
export const splitName = (
  name: string,
): { readonly firstName: string; readonly lastName: string } | undefined => {
  const match = /^(\S+)\s+(\S.*)$/s.exec(name.trim())
  return match?.[1] && match[2] ? { firstName: match[1], lastName: match[2].trim() } : undefined
}

/** The command line after `npm run staff --`: what to do, or what is wrong with it. */
export const parseStaffArguments = (args: readonly string[]): StaffCommand => {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(args)
  } catch (error) {
    // parseArgs says which option is unknown or lacks its value.
    return invalid((error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help || positionals[0] === "help") return { _tag: "Help" }
  const [command, ...extra] = positionals
  if (command === undefined) return invalid("say what to do: add")
  if (command !== "add") return invalid(`unknown command "${command}": the one command is add`)
  if (extra.length > 0) return invalid(`unexpected "${extra.join(" ")}" (quote a name with spaces)`)
  if (values.email === undefined || values.email.trim() === "") return invalid("--email is needed")
  if (values.name === undefined || values.name.trim() === "") return invalid("--name is needed")
  const name = splitName(values.name)
  if (name === undefined)
    return invalid(`--name needs a first and a last name, e.g. --name "Ada Lovelace"`)
  const role = values.role === undefined ? "Staff" : ROLES[values.role.trim().toLowerCase()]
  if (role === undefined) return invalid(`--role must be Admin or Staff, not "${values.role}"`)
  return {
    _tag: "Add",
    emailAddress: values.email,
    ...name,
    role,
    handover: values["send-link"] ? "SetPasswordLink" : "OneTimePassword",
  }
}

const parse = (args: readonly string[]) =>
  parseArgs({
    args: [...args],
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      "send-link": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  })
