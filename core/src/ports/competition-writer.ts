import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { DrawType, VisibilityStatus } from "../competitions/model.js"
import type { CompetitionSecrets } from "../draws/secrets.js"
import type { Pence } from "../rules/money.js"

export interface NewInstantWinGroup {
  readonly name: string
  readonly imageUrls: readonly string[]
  /** Chosen with SecureRandom before the competition opens (see ../draws/secure-choice). */
  readonly ticketNumbers: readonly number[]
  /** A prize of site credit: credited the moment the winning order is paid. Absent: staff hand it over. */
  readonly prizeSiteCredit?: Pence | undefined
}

export interface NewCompetition {
  readonly name: string
  readonly description: string
  readonly ticketPrice: Pence
  readonly totalTickets: number
  readonly maxTicketsPerCustomer: number
  readonly defaultTicketSaleQuantity: number
  readonly cashAlternativeValue: Pence | null
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly drawType: DrawType
  readonly visibilityStatus: VisibilityStatus
  readonly categoryIds: readonly string[]
  /** By attribute type description, e.g. { competitionOrder: "1" }. */
  readonly attributes: Readonly<Record<string, string>>
  readonly imageUrls: readonly string[]
  readonly instantWinGroups: readonly NewInstantWinGroup[]
  /** From `competitionSecrets`: the writer stores them and publishes their commitments. */
  readonly secrets: CompetitionSecrets
}

/**
 * Write side used by the seed today and by the back office later. Creating a
 * competition also creates its ticket pool (numbers 1..total in a random
 * order) in the same transaction, so a competition never exists without one.
 */
export interface CompetitionWriterShape {
  readonly create: (competition: NewCompetition) => Effect.Effect<string, RepositoryError>
}
export class CompetitionWriter extends Context.Tag("@howzat/core/CompetitionWriter")<
  CompetitionWriter,
  CompetitionWriterShape
>() {}
