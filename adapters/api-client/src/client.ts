/**
 * The browser's door to the API: fetch with cookies, JSON in, problem+json
 * errors out as one typed ApiError. Every call is an endpoint of the
 * contracts, reached by group and name (`api.baskets.addItem(...)`); the
 * method and path come from the generated table, the types from the
 * contracts' schemas, and nothing of Effect runs in the browser
 * (docs/decisions/0003, 0030).
 */
import { type Endpoints, endpoints } from "./endpoints.gen"
import { ApiError, problemFromResponse } from "./problem"
import type { CallOptions, ClientOf, EndpointTypes } from "./types"
import { needsXsrfToken, XSRF_HEADER } from "./xsrf"

/**
 * Who is calling, supplied by the app: the client keeps no session of its
 * own, so the storefront, the back office and a test each bring theirs.
 */
export interface ApiSession {
  /** The access token to send as `Authorization: Bearer`, if any. */
  readonly accessToken?: () => string | undefined
  /**
   * Called before every call whose endpoint reads the caller (Authentication
   * or OptionalAuthentication in the contracts): renews a token that is
   * about to expire, and resolves at once otherwise. Its failure fails the call.
   */
  readonly refresh?: () => Promise<void>
  /** The double-submit XSRF token for calls that change something (docs/product/api.md). */
  readonly xsrfToken?: () => string | undefined | Promise<string | undefined>
}

export interface ApiClientOptions {
  readonly session?: ApiSession
  /** Where the API lives; "" (the page's own origin) by default. */
  readonly baseUrl?: string
  /** Defaults to the global fetch, looked up at each call. */
  readonly fetch?: typeof fetch
}

export type ApiClient = ClientOf<Endpoints>
export type Group = keyof Endpoints
export type EndpointName<G extends Group> = keyof Endpoints[G] & string
type Entry<G extends Group, E extends EndpointName<G>> = Endpoints[G][E] & EndpointTypes
/** What an endpoint answers with on success, as the wire carries it. */
export type SuccessOf<G extends Group, E extends EndpointName<G>> = Entry<G, E>["success"]
/** The problems an endpoint may answer with (its own, its group's and the API's). */
export type ProblemOf<G extends Group, E extends EndpointName<G>> = Entry<G, E>["problem"]
export type PayloadOf<G extends Group, E extends EndpointName<G>> = Entry<G, E>["payload"]

type ParamValue = string | number | boolean | Date | undefined | readonly string[]
type Params = Readonly<Record<string, ParamValue>>

const paramText = (value: string | number | boolean | Date): string =>
  value instanceof Date ? value.toISOString() : String(value)

/** `/api/Baskets/:basketId/items` with `{ basketId }` filled in, each value escaped. */
export const fillPath = (template: string, path: Params = {}): string =>
  template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = path[name]
    if (value === undefined || Array.isArray(value)) {
      throw new TypeError(`Missing path parameter "${name}" for ${template}`)
    }
    return encodeURIComponent(paramText(value as string | number | boolean | Date))
  })

/** The query string, names as the contracts spell them; undefined values are left out. */
export const queryString = (urlParams: Params = {}): string => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(urlParams)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) search.append(name, item)
    else search.append(name, paramText(value as string | number | boolean | Date))
  }
  const text = search.toString()
  return text ? `?${text}` : ""
}

interface AnyRequest extends CallOptions {
  readonly path?: Params
  readonly urlParams?: Params
  readonly payload?: unknown
}

/** The address of an endpoint, for a link or a download rather than a fetch. */
export const endpointUrl = <G extends Group, E extends EndpointName<G>>(
  group: G,
  name: E,
  request: Pick<Parameters<ApiClient[G][E]>[0] & AnyRequest, "path" | "urlParams"> = {},
  baseUrl = "",
): string => {
  const [, template] = (endpoints[group] as Record<string, readonly [string, string, number]>)[
    name
  ]!
  return `${baseUrl}${fillPath(template, request.path)}${queryString(request.urlParams)}`
}

/**
 * One signal for the caller's abort and the timeout. Built by hand rather
 * than with AbortSignal.any/timeout, which older iPhones still lack.
 */
const combinedSignal = (options: CallOptions) => {
  const controller = new AbortController()
  let timedOut = false
  const onAbort = () => controller.abort()
  options.signal?.addEventListener("abort", onAbort, { once: true })
  if (options.signal?.aborted) controller.abort()
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true
          controller.abort()
        }, options.timeoutMs)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer)
      options.signal?.removeEventListener("abort", onAbort)
    },
  }
}

const readBody = async (response: Response): Promise<unknown> => {
  const type = response.headers.get("content-type") ?? ""
  try {
    return type.includes("json") ? await response.json() : await response.text()
  } catch {
    return undefined
  }
}

const timeout = () => new ApiError("timeout", 0, "Timeout", "The server took too long to answer.")

export interface SendOptions extends CallOptions {
  readonly method: string
  readonly headers: Record<string, string>
  readonly body?: unknown
  readonly credentials?: RequestCredentials
  readonly fetch?: typeof fetch
  /** Who could not be reached, for the network error's detail. */
  readonly unreachable?: string
}

/**
 * A FormData body (a multipart upload) goes as it is: fetch writes the
 * multipart boundary into its own content type. Anything else is JSON.
 */
const isFormData = (body: unknown): body is FormData =>
  typeof FormData !== "undefined" && body instanceof FormData

const requestBody = (body: unknown): BodyInit | undefined =>
  body === undefined ? undefined : isFormData(body) ? body : JSON.stringify(body)

/** One request and its answer: the JSON (or text) body, or an ApiError. */
export const send = async (url: string, options: SendOptions): Promise<unknown> => {
  const combined = combinedSignal(options)
  try {
    let response: Response
    try {
      response = await (options.fetch ?? globalThis.fetch)(url, {
        method: options.method,
        credentials: options.credentials ?? "include",
        headers: options.headers,
        body: requestBody(options.body),
        signal: combined.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      })
    } catch (error) {
      if (combined.timedOut()) throw timeout()
      // The caller's own abort (navigating away) is not a connectivity problem: pass it on.
      if (options.signal?.aborted) throw error
      const who = options.unreachable ?? "The server"
      throw new ApiError("network", 0, "Network error", `${who} could not be reached.`)
    }
    const body = await readBody(response)
    if (combined.timedOut()) throw timeout()
    if (!response.ok) throw problemFromResponse(response.status, body)
    return response.status === 204 ? undefined : body
  } finally {
    combined.dispose()
  }
}

/** The headers a call carries: JSON, the bearer token when there is one, XSRF on changes. */
export const requestHeaders = (
  /** True for a JSON body; false for none, or a FormData body that names its own type. */
  hasBody: boolean,
  token: string | undefined,
  xsrf: string | undefined,
): Record<string, string> => ({
  accept: "application/json",
  ...(hasBody ? { "content-type": "application/json" } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}),
})

export const createApiClient = (options: ApiClientOptions = {}): ApiClient => {
  const { session = {}, baseUrl = "" } = options
  const call = async (
    [method, template, auth]: readonly [string, string, number],
    request: AnyRequest = {},
  ): Promise<unknown> => {
    const url = `${baseUrl}${fillPath(template, request.path)}${queryString(request.urlParams)}`
    if (auth > 0) await session.refresh?.()
    const xsrf = needsXsrfToken(method, url) ? await session.xsrfToken?.() : undefined
    // Aborted while the token was renewed: never start the request at all.
    request.signal?.throwIfAborted()
    return send(url, {
      ...request,
      method,
      headers: requestHeaders(
        request.payload !== undefined && !isFormData(request.payload),
        session.accessToken?.(),
        xsrf,
      ),
      body: request.payload,
      fetch: options.fetch,
    })
  }
  const client: Record<string, Record<string, (request?: AnyRequest) => Promise<unknown>>> = {}
  for (const [group, entries] of Object.entries(endpoints)) {
    const calls: Record<string, (request?: AnyRequest) => Promise<unknown>> = {}
    for (const [name, entry] of Object.entries(entries)) {
      calls[name] = (request) => call(entry, request)
    }
    client[group] = calls
  }
  return client as unknown as ApiClient
}
