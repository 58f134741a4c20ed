import type { Page, PageRequest, RepositoryError } from "@howzat/core/competitions"
import { isUuid } from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryError } from "../repository-error"

/**
 * Runs one piece of database work as an Effect. Whatever the driver throws
 * (connection lost, constraint broken, bad SQL) becomes a RepositoryError
 * named after the operation, so nothing raw escapes a repository.
 */
export const attempt = <A>(
  operation: string,
  run: () => Promise<A>,
): Effect.Effect<A, RepositoryError> =>
  Effect.tryPromise({ try: run, catch: (cause) => repositoryError(operation, cause) })

/**
 * Ids arrive from URLs. Postgres rejects a malformed uuid with an error, but
 * to a visitor it is simply a competition that doesn't exist.
 */
export { isUuid }

/** Page numbers start at 1; anything below is read as the first page. */
export const normalisePage = (page: PageRequest): { pageNumber: number; pageSize: number } => ({
  pageNumber: Math.max(1, Math.trunc(page.pageNumber) || 1),
  pageSize: Math.max(1, Math.trunc(page.pageSize) || 1),
})

export const pageOffset = (page: PageRequest): number => {
  const { pageNumber, pageSize } = normalisePage(page)
  return (pageNumber - 1) * pageSize
}

export const emptyPage = <A>(page: PageRequest): Page<A> => ({
  ...normalisePage(page),
  items: [],
  totalCount: 0,
})

export const toPage = <A>(page: PageRequest, items: readonly A[], totalCount: number): Page<A> => ({
  ...normalisePage(page),
  items,
  totalCount,
})

const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A search box's text, matched literally inside ILIKE: % and _ are not wildcards to a visitor. */
export const containsPattern = (text: string): string => `%${likeLiteral(text)}%`

/** The same, matched from the start only: LIKE 'ABC%' can walk a text_pattern_ops index. */
export const prefixPattern = (text: string): string => `${likeLiteral(text)}%`
