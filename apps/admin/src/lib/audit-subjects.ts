/**
 * Where an audit-log entry's subject can be opened: the subject types core
 * writes (`core/src/**` audit entries) to the screen that shows them. A
 * Draw's id is its competition's; a main-prize winner's is
 * "competitionId/ticketNumber". Subjects with no screen of their own (an
 * instant-win group, a winner's note, a postal entry) have none, and
 * neither has a subject the entry deleted.
 */
import { isUuid } from "@howzat/core/rules"

export type SubjectScreen =
  | { readonly screen: "competition"; readonly id: string }
  | { readonly screen: "category"; readonly id: string }
  | { readonly screen: "club"; readonly id: string }
  | { readonly screen: "customer"; readonly id: string }
  | { readonly screen: "order"; readonly id: string }
  | { readonly screen: "voucher"; readonly id: string }
  | { readonly screen: "imageGroup"; readonly id: string }
  | { readonly screen: "list"; readonly to: ListScreen }

export type ListScreen = "/attribute-types" | "/images" | "/content" | "/staff"

const byId = {
  Competition: "competition",
  Draw: "competition",
  Category: "category",
  Club: "club",
  Customer: "customer",
  Order: "order",
  Promotion: "voucher",
  ImageGroup: "imageGroup",
} as const

const lists: Record<string, ListScreen> = {
  AttributeType: "/attribute-types",
  Image: "/images",
  Resource: "/content",
  User: "/staff",
}

export const subjectScreen = (entry: {
  readonly action: string
  readonly subject: { readonly type: string; readonly id: string }
}): SubjectScreen | undefined => {
  const { type, id } = entry.subject
  const list = lists[type]
  if (list !== undefined) return { screen: "list", to: list }
  // A deleted record has no screen left to open.
  if (entry.action.endsWith(".Delete")) return undefined
  if (type === "MainPrizeWinner") {
    const competitionId = id.split("/")[0] ?? ""
    return isUuid(competitionId) ? { screen: "competition", id: competitionId } : undefined
  }
  const screen = byId[type as keyof typeof byId]
  return screen !== undefined && isUuid(id) ? { screen, id } : undefined
}
