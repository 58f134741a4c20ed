import { Context, type Effect } from "effect"
import type { MailMessage } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"

/**
 * Hands a message over for delivery. The production Mailer writes it to an
 * outbox table inside the caller's transaction, so a message goes out if
 * and only if the change that caused it commits; a job delivers it after.
 */
export interface MailerShape {
  readonly send: (message: MailMessage) => Effect.Effect<void, RepositoryError>
}
export class Mailer extends Context.Tag("@howzat/core/Mailer")<Mailer, MailerShape>() {}
