/**
 * How a call's types are read from the generated endpoint table: every
 * endpoint names its path and query parameters, its body, its answer and
 * its problems, all as they travel on the wire (the schemas' Encoded side).
 */

/** What the table records for one endpoint; `never` where it takes nothing. */
export interface EndpointTypes {
  readonly path: unknown
  readonly urlParams: unknown
  readonly payload: unknown
  readonly success: unknown
  readonly problem: unknown
}

/**
 * Path and query parameters travel as text, but the contracts decode many
 * of them into numbers, flags and dates (`PageSize`, `InstantWinTicketsOnly`,
 * `DrawFromDate`). A caller may hand over those decoded values too; the
 * client writes them the way the contracts read them back.
 */
export type ParamsInput<Encoded, Decoded> = {
  [K in keyof Encoded]: Encoded[K] | (K extends keyof Decoded ? Loose<Decoded[K]> : never)
}
type Loose<T> = T extends number | boolean | Date ? T : never

/** Options every call takes besides its parameters and body. */
export interface CallOptions {
  readonly signal?: AbortSignal
  /** Give up after this long; the call then fails as a "timeout". */
  readonly timeoutMs?: number
  /** Let the request finish while the page unloads (fire-and-forget reports). */
  readonly keepalive?: boolean
}

type Has<T> = [T] extends [never] ? false : true

export type RequestOf<D extends EndpointTypes> = (Has<D["path"]> extends true
  ? { readonly path: D["path"] }
  : unknown) &
  (Has<D["urlParams"]> extends true
    ? // biome-ignore lint/complexity/noBannedTypes: {} is "no required key" here
      {} extends D["urlParams"]
      ? { readonly urlParams?: D["urlParams"] }
      : { readonly urlParams: D["urlParams"] }
    : unknown) &
  (Has<D["payload"]> extends true ? { readonly payload: D["payload"] } : unknown) &
  CallOptions

/** One endpoint as a function: the request may be left out when nothing in it is required. */
export type Call<D extends EndpointTypes> =
  // biome-ignore lint/complexity/noBannedTypes: {} is "no required key" here
  {} extends RequestOf<D>
    ? (request?: RequestOf<D>) => Promise<D["success"]>
    : (request: RequestOf<D>) => Promise<D["success"]>

export type ClientOf<Table> = {
  readonly [G in keyof Table]: {
    readonly [E in keyof Table[G]]: Table[G][E] extends EndpointTypes ? Call<Table[G][E]> : never
  }
}
