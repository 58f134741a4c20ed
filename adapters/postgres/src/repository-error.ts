import { RepositoryError } from "@howzat/core/competitions"

/**
 * SQLSTATEs that mean the server would not or could not serve us: class 08
 * (connection exception), too many connections, shutting down or starting
 * up. Everything else (class 22 data errors, constraint violations, bad
 * SQL) is a fault in our own code, not a reason for the caller to retry.
 */
const UNREACHABLE_SQLSTATE = /^(08...|53300|57P01|57P02|57P03)$/

/** Node's socket errors on the way to a Postgres server. */
const UNREACHABLE_SOCKET = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
])

/**
 * What pg, PGlite and Kysely say when the connection is gone rather than
 * the query wrong; they carry no code, so their words are all there is.
 */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|not queryable|PGlite is closed|driver has already been destroyed/i

const MAX_DEPTH = 5

/** Whether a driver failure means the database could not be reached; follows `cause` and `errors`. */
export const isDatabaseUnreachable = (failure: unknown, depth = 0): boolean => {
  if (typeof failure !== "object" || failure === null || depth > MAX_DEPTH) return false
  const { code, message, cause, errors } = failure as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === "string" && (UNREACHABLE_SQLSTATE.test(code) || UNREACHABLE_SOCKET.has(code)))
    return true
  if (typeof message === "string" && UNREACHABLE_MESSAGE.test(message)) return true
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1)))
    return true
  return isDatabaseUnreachable(cause, depth + 1)
}

/** The one way this package turns a driver failure into core's error. */
export const repositoryError = (operation: string, cause: unknown): RepositoryError =>
  new RepositoryError({ operation, cause, unreachable: isDatabaseUnreachable(cause) })
