/**
 * What every in-memory list does as the database adapters do: a page of a
 * list as the SQL reads a page request, and a search box's text matched as
 * ILIKE matches it. One home, so no double pages or searches its own way.
 */
import type { Page, PageRequest } from "../competitions/model.js"

/** Page numbers start at 1 and sizes at 1, as the database adapters read a request. */
export const memoryPage = <A>(request: PageRequest, all: readonly A[]): Page<A> => {
  const pageNumber = Math.max(1, Math.trunc(request.pageNumber) || 1)
  const pageSize = Math.max(1, Math.trunc(request.pageSize) || 1)
  return {
    items: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pageNumber,
    pageSize,
    totalCount: all.length,
  }
}

/** A search box's text, matched literally and ignoring case, as Postgres's ILIKE with escaping. */
export const matchesSearchText = (haystack: string, needle: string | undefined): boolean =>
  !needle || haystack.toLowerCase().includes(needle.toLowerCase())
