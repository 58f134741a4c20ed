/**
 * The storefront's catalogue in memory: competitions written through
 * CompetitionWriter, read through CompetitionRepo (the one in
 * competition-repo-doubles) and CategoryRepo, over one store, so a test
 * creates a competition the way the seed and the back office do and browses
 * it the way a visitor does.
 */
import { Effect, Layer } from "effect"
import { instantWinCommitment, seedCommitment } from "../draws/procedure.js"
import { CategoryRepo, type CategoryRepoShape, CompetitionRepo } from "../ports/catalogue.js"
import {
  CompetitionWriter,
  type CompetitionWriterShape,
  type NewCompetition,
} from "../ports/competition-writer.js"
import { sanitiseRichTextInMemory } from "../site-content/rich-text-doubles.js"
import { matchesSearchText, memoryPage } from "../testing/paging.js"
import {
  type MemoryInstantWinNumber,
  makeMemoryCompetitionRepo,
} from "./competition-repo-doubles.js"
import { CategoryNotFound, RepositoryError } from "./errors.js"
import type { Category, Competition, ImageGroup } from "./model.js"

export interface MemoryCatalogueStore {
  /** As written; each group's ticket count and wins are counted from `instantWinNumbers` on read. */
  readonly competitions: Map<string, Competition>
  readonly categories: Map<string, Category>
  /** Attribute type ids by description: reused, as the database reuses its rows. */
  readonly attributeTypes: Map<string, string>
  readonly instantWinNumbers: MemoryInstantWinNumber[]
}

export const emptyCatalogueStore = (): MemoryCatalogueStore => ({
  competitions: new Map(),
  categories: new Map(),
  attributeTypes: new Map(),
  instantWinNumbers: [],
})

let ids = 0
/** Shaped like the database's uuids, so a test reading one sees what it would in production. */
const newId = () => {
  ids += 1
  return `00000000-0000-4000-a000-${String(ids).padStart(12, "0")}`
}

const imageGroup = (name: string, urls: readonly string[]): ImageGroup | null =>
  urls.length === 0
    ? null
    : {
        id: newId(),
        name,
        description: "",
        images: urls.map((url) => ({ id: newId(), url, description: name })),
      }

/** What the database refuses: unknown categories, numbers outside the pool or repeated. */
const refusal = (store: MemoryCatalogueStore, c: NewCompetition): string | null => {
  const unknown = c.categoryIds.find((id) => !store.categories.has(id))
  if (unknown !== undefined) return `no category ${unknown}`
  const numbers = c.instantWinGroups.flatMap((g) => g.ticketNumbers)
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > c.totalTickets))
    return "an instant-win number outside the pool"
  if (new Set(numbers).size !== numbers.length) return "an instant-win number twice"
  return null
}

const create = (store: MemoryCatalogueStore, c: NewCompetition): string => {
  const id = newId()
  for (const description of Object.keys(c.attributes))
    if (!store.attributeTypes.has(description)) store.attributeTypes.set(description, newId())
  const groups = c.instantWinGroups.map((g) => ({ ...g, id: newId() }))
  const lines = groups.flatMap((g) =>
    g.ticketNumbers.map((ticketNumber) => ({ instantWinGroupId: g.id, ticketNumber })),
  )
  for (const line of lines)
    store.instantWinNumbers.push({
      ...line,
      competitionId: id,
      wonAt: null,
      winnerDisplayName: null,
      isVisible: true,
    })
  store.competitions.set(id, {
    id,
    name: c.name,
    // The storefront renders it as HTML: only formatting is kept, as the database writer does.
    description: sanitiseRichTextInMemory(c.description),
    ticketPrice: c.ticketPrice,
    totalTickets: c.totalTickets,
    ticketsSoldToDate: 0,
    maxTicketsPerCustomer: c.maxTicketsPerCustomer,
    defaultTicketSaleQuantity: c.defaultTicketSaleQuantity,
    cashAlternativeValue: c.cashAlternativeValue,
    startDateTimeUtc: c.startDateTimeUtc,
    closeDateTimeUtc: c.closeDateTimeUtc,
    drawDateTimeUtc: c.drawDateTimeUtc,
    drawType: c.drawType,
    visibilityStatus: c.visibilityStatus,
    categoryIds: [...new Set(c.categoryIds)].sort(),
    // In the order the database loader lists them, which is the order displayRank reads.
    attributes: Object.entries(c.attributes)
      .map(([description, value]) => ({
        attributeType: { id: store.attributeTypes.get(description) ?? "", description },
        value,
      }))
      .sort((a, b) => (a.attributeType.description < b.attributeType.description ? -1 : 1)),
    imageGroup: imageGroup(c.name, c.imageUrls),
    instantWinGroups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      ticketCount: g.ticketNumbers.length,
      quantityWonToDate: 0,
      imageGroup: imageGroup(g.name, g.imageUrls),
    })),
    drawCommitment: seedCommitment(c.secrets.drawSeed),
    instantWinCommitment:
      lines.length === 0 ? null : instantWinCommitment(c.secrets.instantWinSalt, lines),
    // This store makes no draws: Draws' own double holds those.
    drawResult: null,
    drawOnSellOut: false,
    drawBroughtForward: null,
  })
  return id
}

/** A competition as read: its groups' counts from the numbers, as the loader counts rows. */
const counted = (store: MemoryCatalogueStore, c: Competition): Competition => ({
  ...c,
  instantWinGroups: c.instantWinGroups.map((g) => {
    const numbers = store.instantWinNumbers.filter((n) => n.instantWinGroupId === g.id)
    return {
      ...g,
      ticketCount: numbers.length,
      quantityWonToDate: numbers.filter((n) => n.wonAt !== null).length,
    }
  }),
})

export const makeMemoryCompetitionWriter = (
  store: MemoryCatalogueStore,
): CompetitionWriterShape => ({
  create: (competition) =>
    Effect.suspend(() => {
      const refused = refusal(store, competition)
      return refused === null
        ? Effect.sync(() => create(store, competition))
        : Effect.fail(new RepositoryError({ operation: "competitions.create", cause: refused }))
    }),
})

export const makeMemoryCategoryRepo = (
  categories: () => Iterable<Category>,
): CategoryRepoShape => ({
  list: (query) =>
    Effect.sync(() =>
      memoryPage(
        query.page,
        [...categories()]
          .filter(
            (c) =>
              (!query.visibleOnly || c.visibilityStatus === "Visible") &&
              (!query.hiddenOnly || c.visibilityStatus === "Hidden") &&
              matchesSearchText(c.name, query.name) &&
              matchesSearchText(c.description, query.description),
          )
          .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)),
      ),
    ),
  byId: (categoryId, { visibleOnly }) =>
    Effect.suspend(() => {
      const found = [...categories()].find((c) => c.id === categoryId)
      return found === undefined || (visibleOnly && found.visibilityStatus !== "Visible")
        ? Effect.fail(new CategoryNotFound({ categoryId }))
        : Effect.succeed(found)
    }),
})

/** CompetitionRepo, CategoryRepo and CompetitionWriter over one store. */
export const memoryCatalogue = (store: MemoryCatalogueStore = emptyCatalogueStore()) =>
  Layer.mergeAll(
    Layer.succeed(
      CompetitionRepo,
      makeMemoryCompetitionRepo({
        competitions: () => [...store.competitions.values()].map((c) => counted(store, c)),
        instantWinNumbers: () => store.instantWinNumbers,
      }),
    ),
    Layer.succeed(
      CategoryRepo,
      makeMemoryCategoryRepo(() => store.categories.values()),
    ),
    Layer.succeed(CompetitionWriter, makeMemoryCompetitionWriter(store)),
  )
