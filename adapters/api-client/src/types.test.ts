import type { BasketResponseJson } from "@howzat/contracts/baskets"
import type { CompetitionListJson } from "@howzat/contracts/catalogue"
import type { LoggingRequestJson } from "@howzat/contracts/orders"
import { describe, expectTypeOf, it } from "vitest"
import { type ApiClient, createApiClient, type PayloadOf, type ProblemOf } from "./client"

/**
 * What the compiler holds callers to: `tsc` checks these (an unused
 * `@ts-expect-error` is itself an error), vitest only runs the file.
 */
describe("the client's types", () => {
  it("answers with the contracts' wire types", () => {
    expectTypeOf<ReturnType<ApiClient["competitions"]["list"]>>().toEqualTypeOf<
      Promise<CompetitionListJson>
    >()
    expectTypeOf<ReturnType<ApiClient["baskets"]["addItem"]>>().toEqualTypeOf<
      Promise<BasketResponseJson>
    >()
    expectTypeOf<PayloadOf<"logging", "log">>().toEqualTypeOf<LoggingRequestJson>()
    // A multipart upload is built in the browser as FormData.
    expectTypeOf<PayloadOf<"images", "upload">>().toEqualTypeOf<FormData>()
    // A basket reads a caller only if there is one: no 401. An order requires one.
    expectTypeOf<ProblemOf<"baskets", "addItem">["status"]>().toEqualTypeOf<
      400 | 403 | 404 | 409 | 503
    >()
    expectTypeOf<ProblemOf<"orders", "byId">["status"]>().toEqualTypeOf<
      400 | 401 | 403 | 404 | 503
    >()
  })

  it("refuses a call the contracts do not have, or a request they would refuse", () => {
    const api = createApiClient()
    // Never run: only compiled.
    const compileOnly = () => {
      // @ts-expect-error no such endpoint
      void api.baskets.empty
      // @ts-expect-error the path parameter is required
      void api.orders.byId({})
      // @ts-expect-error the body's fields are the contracts'
      void api.baskets.addItem({ path: { basketId: "b" }, payload: { competitionId: "c" } })
      // @ts-expect-error a query name is spelt as docs/product/api.md spells it
      void api.competitions.list({ urlParams: { pageSize: 6 } })
      // @ts-expect-error a literal query value outside the contracts' set
      void api.competitions.list({ urlParams: { TimePeriod: "Soon" } })
      // Decoded query values are written the way the contracts read them back.
      void api.draws.list({ urlParams: { DrawFromDate: new Date(), PageSize: 6 } })
      void api.orders.tickets({
        path: { orderId: "o" },
        urlParams: { InstantWinTicketsOnly: true },
      })
    }
    expectTypeOf(compileOnly).toBeFunction()
  })
})
