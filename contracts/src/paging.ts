import { Schema } from "effect"
import { BoundedIntFromString } from "./text.js"

export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100
/** A million pages of a hundred is more than any list here will hold; past it is a typo or a probe. */
export const MAX_PAGE_NUMBER = 1_000_000

/** Explicit paging on every list: a sane default, a hard maximum so no request reads a table whole. */
export const PageNumber = Schema.optionalWith(BoundedIntFromString(1, MAX_PAGE_NUMBER), {
  default: () => 1,
})
export const pageSize = (defaultSize: number) =>
  Schema.optionalWith(BoundedIntFromString(1, MAX_PAGE_SIZE), { default: () => defaultSize })

export const PagingParams = {
  PageNumber,
  PageSize: pageSize(DEFAULT_PAGE_SIZE),
}

/** Every list response says where it is and how much there is. */
export const PageInfo = {
  pageNumber: Schema.Int,
  pageSize: Schema.Int,
  totalCount: Schema.Int,
  totalPages: Schema.Int,
}

export const pageInfo = (page: {
  readonly pageNumber: number
  readonly pageSize: number
  readonly totalCount: number
}) => ({
  pageNumber: page.pageNumber,
  pageSize: page.pageSize,
  totalCount: page.totalCount,
  totalPages: Math.max(1, Math.ceil(page.totalCount / page.pageSize)),
})

/** Query flags arrive as text; only these spellings mean true or false. */
export const BooleanFromQuery = Schema.transform(
  Schema.Literal("true", "false", "True", "False", "1", "0"),
  Schema.Boolean,
  {
    strict: true,
    decode: (text) => text === "true" || text === "True" || text === "1",
    encode: (flag) => (flag ? "true" : "false"),
  },
)
