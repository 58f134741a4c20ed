import { expect } from "vitest"

/** Anything with Hono's in-process `request`: the composed shop's app. */
export interface App {
  readonly request: (path: string, init?: RequestInit) => Response | Promise<Response>
}

interface StoredCookie {
  readonly value: string
  readonly path: string
}

export interface Problem {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly errors?: Record<string, string[]>
  readonly retryAfterSeconds?: number
}

let nextAddress = 1

/**
 * A browser as far as the API can tell: a cookie jar that honours Path and
 * deletion, the storefront's habit of echoing XSRF-TOKEN in X-XSRF-TOKEN,
 * a bearer token once signed in, and its own client address (sent as
 * X-Forwarded-For, which the shop under test trusts).
 */
export class Browser {
  readonly cookies = new Map<string, StoredCookie>()
  accessToken: string | undefined
  readonly address: string

  constructor(
    private readonly app: App,
    address?: string,
  ) {
    this.address = address ?? `198.51.100.${nextAddress++}`
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value
  }

  async request(
    method: string,
    path: string,
    options: {
      body?: unknown
      xsrf?: boolean
      bearer?: string | false
      /** Send to this origin instead: the Host a caller may name (the shop listens on any). */
      origin?: string
      /** More request headers, e.g. `cache-control: no-cache` past the public cache. */
      headers?: Record<string, string>
    } = {},
  ): Promise<Response> {
    const headers = new Headers({ ...options.headers, "x-forwarded-for": this.address })
    const sent = [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
    if (sent.length > 0) headers.set("cookie", sent.join("; "))
    const xsrf = this.cookie("XSRF-TOKEN")
    if (options.xsrf !== false && xsrf) headers.set("x-xsrf-token", xsrf)
    const bearer = options.bearer === undefined ? this.accessToken : options.bearer
    if (bearer) headers.set("authorization", `Bearer ${bearer}`)
    if (options.body !== undefined) headers.set("content-type", "application/json")
    const response = await this.app.request(options.origin ? `${options.origin}${path}` : path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    })
    for (const header of response.headers.getSetCookie()) this.store(header)
    return response
  }

  private store(header: string) {
    const [pair = "", ...attributes] = header.split(";").map((part) => part.trim())
    const [name = "", ...rest] = pair.split("=")
    const value = rest.join("=")
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key.toLowerCase()}=`))?.split("=")[1]
    const expires = attribute("expires")
    const maxAge = attribute("max-age")
    const gone =
      value === "" ||
      (maxAge !== undefined && Number(maxAge) <= 0) ||
      (expires !== undefined && Date.parse(expires) <= Date.now())
    if (gone) this.cookies.delete(name)
    else this.cookies.set(name, { value, path: attribute("path") ?? "/" })
  }

  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, { headers })
  post = (path: string, body: unknown = {}) => this.request("POST", path, { body })
  put = (path: string, body: unknown) => this.request("PUT", path, { body })

  /** A first GET, as the storefront's start-up makes: it brings the XSRF cookie. */
  async open(): Promise<this> {
    const response = await this.get("/health/ping")
    expect(response.status).toBe(200)
    expect(this.cookie("XSRF-TOKEN")).toBeDefined()
    return this
  }
}

export const json = async <A>(response: Response, status = 200): Promise<A> => {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as A
}

export const problem = async (response: Response, status: number): Promise<Problem> => {
  const body = await json<Problem>(response, status)
  expect(response.headers.get("content-type")).toContain("application/problem+json")
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) })
  return body
}

/** The claims of a JWT, read without checking it (as the storefront does to find `exp`). */
export const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"))

export const tokenInLink = (text: string): { link: URL; token: string } => {
  const found = text.match(/https?:\/\/\S+/)?.[0]
  if (!found) throw new Error(`no link in: ${text}`)
  const link = new URL(found)
  const token = link.searchParams.get("token")
  if (!token) throw new Error(`no token in ${found}`)
  return { link, token }
}
