/**
 * Virtual customers of the cluster suite: each browses the catalogue,
 * registers, and buys again and again through the load balancer as the
 * storefront's pages do (basket, checkout, the sandbox's card form, the
 * return from payment). Every answer is recorded with when it was asked and
 * which server answered, so the suite can judge a window of time (the rolling
 * restart) afterwards. Only GETs are asked again after a failure; a POST
 * that fails leaves that purchase abandoned, as a customer who sees an error
 * starts again.
 */

const STRONG_PASSWORD = "Str0ng!pass"
/** The debit card that pays (a credit card has limits of its own: decision 0042). */
const DEBIT_CARD = "4000 0566 5566 5556"

export interface Answer {
  readonly method: string
  readonly path: string
  readonly startedAt: number
  readonly endedAt: number
  /** The HTTP status, or 0 when no answer came (connection refused or cut). */
  readonly status: number
  readonly servedBy: string | null
  readonly detail: string
}

export interface CompletedOrder {
  readonly orderId: string
  readonly competitionId: string
  readonly quantity: number
  /** When the customer saw it complete. */
  readonly seenAt: number
}

export interface Load {
  readonly answers: Answer[]
  readonly completed: CompletedOrder[]
  /** Stops the customers after the purchase each is making, and waits for them. */
  readonly stop: () => Promise<void>
}

class Refused extends Error {}

/** One customer's cookies, XSRF echo and bearer token, talking to the load balancer. */
export class Customer {
  private readonly cookies = new Map<string, string>()
  private accessToken: string | undefined

  constructor(
    private readonly origin: string,
    private readonly answers: Answer[],
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown; servedBy: string | null }> {
    const headers = new Headers()
    if (this.cookies.size > 0)
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "))
    const xsrf = this.cookies.get("XSRF-TOKEN")
    if (xsrf) headers.set("x-xsrf-token", xsrf)
    if (this.accessToken && path.startsWith("/api/"))
      headers.set("authorization", `Bearer ${this.accessToken}`)
    if (body !== undefined) headers.set("content-type", "application/json")
    const startedAt = Date.now()
    try {
      const response = await fetch(`${this.origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      })
      const text = await response.text()
      for (const header of response.headers.getSetCookie()) {
        const [pair = ""] = header.split(";")
        const [name = "", ...rest] = pair.split("=")
        this.cookies.set(name.trim(), rest.join("="))
      }
      const servedBy = response.headers.get("x-served-by")
      this.answers.push({
        method,
        path,
        startedAt,
        endedAt: Date.now(),
        status: response.status,
        servedBy,
        detail: response.status >= 400 ? text.slice(0, 300) : "",
      })
      let json: unknown
      try {
        json = text ? JSON.parse(text) : undefined
      } catch {
        json = undefined
      }
      return { status: response.status, json, servedBy }
    } catch (error) {
      this.answers.push({
        method,
        path,
        startedAt,
        endedAt: Date.now(),
        status: 0,
        servedBy: null,
        detail: String((error as Error).cause ?? error),
      })
      return { status: 0, json: undefined, servedBy: null }
    }
  }

  /** A GET, asked again (a few times) when it fails: reading twice changes nothing. */
  async get<A>(path: string): Promise<A> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.request("GET", path)
      if (answer.status === 200) return answer.json as A
      if (attempt >= 8) throw new Refused(`GET ${path} answered ${answer.status}`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  /** A POST, asked once: anything but `expected` abandons what the customer was doing. */
  async post<A>(path: string, body: unknown = {}, expected = 200): Promise<A> {
    const answer = await this.request("POST", path, body)
    if (answer.status !== expected) throw new Refused(`POST ${path} answered ${answer.status}`)
    return answer.json as A
  }

  signedIn(token: string) {
    this.accessToken = token
  }

  /** Registers (again with a new address if the first try got no answer) and stays signed in. */
  async register(email: () => string): Promise<string> {
    await this.get("/health/ping")
    for (let attempt = 1; ; attempt++) {
      const emailAddress = email()
      try {
        const auth = await this.post<{ accessToken: string }>("/api/Customers", {
          firstName: "Ann",
          lastName: "Smith",
          emailAddress,
          password: STRONG_PASSWORD,
          confirmPassword: STRONG_PASSWORD,
          emailVerificationReturnUrl: "http://localhost:3000",
          telephoneNumber: "07700 900123",
          acceptTerms: true,
          dateOfBirth: "1990-04-01",
          spendLimit: { noLimit: true },
        })
        this.signedIn(auth.accessToken)
        return emailAddress
      } catch (error) {
        if (attempt >= 5) throw error
      }
    }
  }

  /** One purchase as the storefront makes it; the completed order, or undefined if abandoned. */
  async buy(competitionId: string, quantity: number): Promise<CompletedOrder | undefined> {
    try {
      await this.get("/api/Competitions")
      await this.get(`/api/Competitions/${competitionId}`)
      const { basket } = await this.post<{ basket: { id: string } }>(
        "/api/Baskets?ForceCreateNew=true",
        {},
        201,
      )
      await this.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: quantity,
      })
      const { order } = await this.post<{ order: { id: string } }>(
        `/api/Baskets/${basket.id}/checkout`,
        {},
      )
      const started = await this.post<{
        order: { payments: { status: string; token: string | null }[] }
      }>(`/api/Orders/${order.id}/payments`)
      const token = started.order.payments.find((p) => p.status === "Pending")?.token
      if (!token) return undefined
      const paid = await this.post<{ status: string }>("/sandbox-gateway/confirm", {
        clientToken: token,
        cardNumber: DEBIT_CARD,
        cardholderName: "Ann Smith",
        expiry: "12/39",
        securityCode: "123",
      })
      if (paid.status !== "Succeeded") return undefined
      const completed = await this.post<{ order: { id: string; status: string } }>(
        `/api/Orders/${order.id}/complete-order`,
      )
      if (completed.order.status !== "Completed") return undefined
      return { orderId: order.id, competitionId, quantity, seenAt: Date.now() }
    } catch (error) {
      if (error instanceof Refused) return undefined
      throw error
    }
  }
}

let registered = 0
export const newEmail = () => `cluster-${process.pid}-${++registered}@example.com`

/** `count` customers buying 1 to 3 tickets of the given competitions until stopped. */
export const startLoad = async (
  origin: string,
  count: number,
  competitionIds: readonly string[],
): Promise<Load> => {
  const answers: Answer[] = []
  const completed: CompletedOrder[] = []
  let stopping = false
  const customers = await Promise.all(
    Array.from({ length: count }, async () => {
      const customer = new Customer(origin, answers)
      await customer.register(newEmail)
      return customer
    }),
  )
  const loops = customers.map(async (customer, i) => {
    let round = i
    while (!stopping) {
      const competitionId = competitionIds[round % competitionIds.length] ?? ""
      const order = await customer.buy(competitionId, 1 + (round % 3))
      if (order) completed.push(order)
      round++
    }
  })
  return {
    answers,
    completed,
    stop: async () => {
      stopping = true
      await Promise.all(loops)
    },
  }
}
