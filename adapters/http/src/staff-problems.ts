import { forbidden, unauthorized } from "@howzat/contracts/problems"
import type { Principal } from "@howzat/core/accounts"
import { Effect } from "effect"

/** Staff-only answers: 401 to nobody, 403 to a customer (docs/product/api.md's staff calls). */
export const notStaff = (viewer: Principal | null) =>
  Effect.fail(
    viewer === null
      ? unauthorized("You need to be logged in as staff.")
      : forbidden("Only staff can do this."),
  )

/** An instant in a problem's detail, to the second. */
export const whenOf = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z")
