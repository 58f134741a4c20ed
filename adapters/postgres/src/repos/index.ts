import { Layer } from "effect"
import { BasketRepoLive } from "./baskets"
import { CategoryRepoLive } from "./categories"
import { CompetitionWriterLive } from "./competition-writer"
import { CompetitionRepoLive } from "./competitions"
import { DrawRepoLive } from "./draws"
import { OrderRepoLive } from "./orders"
import { ResourceRepoLive } from "./resources"
import { TicketAllocatorLive } from "./ticket-allocator"

/** Every catalogue port on one database: needs the Db tag. */
export const PostgresCatalogueLive = Layer.mergeAll(
  CompetitionRepoLive,
  CategoryRepoLive,
  DrawRepoLive,
  ResourceRepoLive,
  CompetitionWriterLive,
)

/** Baskets, orders and the ticket allocator on one database: needs the Db tag. */
export const PostgresOrdersLive = Layer.mergeAll(BasketRepoLive, OrderRepoLive, TicketAllocatorLive)
