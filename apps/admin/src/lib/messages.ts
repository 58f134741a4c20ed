/**
 * The Messages screen's plain logic: its search params (which messages and
 * which page) and the reply link to a sender.
 */
import { mailtoLink } from "@howzat/core/rules"
// The shop's name as its mail signs it: the storefront's brand, which the server reads too.
import { brand } from "../../../web/src/brand"
import { oneOf, pageParam } from "./search"

export interface MessageSearch {
  readonly page?: number | undefined
  /** "all" lists handled ones too; absent means only those still waiting. */
  readonly show?: "all" | undefined
}

export const messageSearch = (search: Record<string, unknown>): MessageSearch => ({
  page: pageParam(search.page),
  show: oneOf("all")(search.show),
})

/** The API's Status for the screen's filter. */
export const statusParam = (search: MessageSearch): "All" | "Unhandled" =>
  search.show === "all" ? "All" : "Unhandled"

/** A reply in the member of staff's own mail program, to the address the sender gave. */
export const replyLink = (message: { readonly email: string }): string =>
  mailtoLink(message.email, `Re: your message to ${brand.shortName}`)
