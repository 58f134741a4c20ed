import type { ColumnType, Generated } from "kysely"

/**
 * The tables as TypeScript sees them through CamelCasePlugin: SQL names are
 * snake_case, these are their camelCase twins. Money is integer pence.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>

export type DrawTypeColumn = "Live" | "Automatic" | "None"
export type VisibilityStatusColumn = "Visible" | "Hidden"

export interface CategoriesTable {
  id: Generated<string>
  name: string
  description: Generated<string>
  visibilityStatus: Generated<VisibilityStatusColumn>
  createdAt: Generated<Date>
}

export interface AttributeTypesTable {
  id: Generated<string>
  description: string
}

export interface ImageGroupsTable {
  id: Generated<string>
  name: string
  description: Generated<string>
}

export interface ImagesTable {
  id: Generated<string>
  imageGroupId: string
  url: string
  description: Generated<string>
  sortOrder: Generated<number>
}

export interface CompetitionsTable {
  id: Generated<string>
  name: string
  description: string
  ticketPricePence: number
  totalTickets: number
  /** Kept in step with the pool: tickets whose order_id is set. */
  ticketsSold: Generated<number>
  maxTicketsPerCustomer: number
  defaultTicketSaleQuantity: number
  cashAlternativePence: number | null
  startDateTimeUtc: Timestamp
  closeDateTimeUtc: Timestamp
  drawDateTimeUtc: NullableTimestamp
  drawType: DrawTypeColumn
  visibilityStatus: VisibilityStatusColumn
  imageGroupId: string | null
  createdAt: Generated<Date>
}

export interface CompetitionCategoriesTable {
  competitionId: string
  categoryId: string
}

export interface CompetitionAttributesTable {
  competitionId: string
  attributeTypeId: string
  value: string
}

export interface InstantWinGroupsTable {
  id: Generated<string>
  competitionId: string
  name: string
  imageGroupId: string | null
  sortOrder: Generated<number>
}

export interface InstantWinTicketsTable {
  id: Generated<string>
  instantWinGroupId: string
  competitionId: string
  ticketNumber: number
  wonAt: NullableTimestamp
  winnerDisplayName: string | null
}

/** The ticket pool: one row per ticket number, claimed in sort_key order. */
export interface TicketsTable {
  competitionId: string
  ticketNumber: number
  sortKey: Generated<string>
  orderId: string | null
  customerId: string | null
  allocatedAt: NullableTimestamp
}

export interface DrawsTable {
  id: Generated<string>
  competitionId: string
  drawDate: NullableTimestamp
  drawType: DrawTypeColumn
  winningTicketNumber: number | null
  /** A snapshot: the winner's name as it was when drawn, not a join to a customer who may rename. */
  winnerFullName: string | null
  winnerCustomerId: string | null
  isVisible: Generated<boolean>
  seedHash: string | null
  seed: string | null
  createdAt: Generated<Date>
}

export interface ResourcesTable {
  key: string
  value: string
}

export interface Database {
  categories: CategoriesTable
  attributeTypes: AttributeTypesTable
  imageGroups: ImageGroupsTable
  images: ImagesTable
  competitions: CompetitionsTable
  competitionCategories: CompetitionCategoriesTable
  competitionAttributes: CompetitionAttributesTable
  instantWinGroups: InstantWinGroupsTable
  instantWinTickets: InstantWinTicketsTable
  tickets: TicketsTable
  draws: DrawsTable
  resources: ResourcesTable
}
