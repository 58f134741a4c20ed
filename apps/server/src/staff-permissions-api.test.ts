import type { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { StaffPermission } from "@howzat/contracts/security"
import type { Role } from "@howzat/core/accounts"
import { can, type Permission } from "@howzat/core/staff"
import { Arbitrary, Context, FastCheck, Option, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser } from "./test-support/browser"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The permission matrix, table-driven from the contracts (decision 0026):
 * every staff endpoint of the HttpApi, called as nobody, a customer, Staff
 * and an Admin, answers 401, 403, and what core's matrix says for each
 * role. Every endpoint must be classified: a staff endpoint is one whose
 * group or endpoint carries the StaffPermission annotation, or one named in
 * STAFF_ONLY below; every other must be named in NOT_STAFF_ONLY. A new
 * endpoint in neither fails the first test, so nobody adds a staff call
 * that this test does not knock on.
 */

/** Staff endpoints written before the annotation existed, by "group.endpoint". */
const STAFF_ONLY: Readonly<Record<string, Permission>> = {
  "instantWinGroups.create": "ManageCompetitions",
  "instantWinGroups.update": "ManageCompetitions",
  "instantWinGroups.delete": "ManageCompetitions",
  "draws.waitingToBeDrawn": "DrawCompetitions",
  "draws.drawCompetitionWinner": "DrawCompetitions",
  "competitionWinners.instantWinPrizeWinners": "ManageWinners",
  "competitionWinners.instantWinNotes": "ManageWinners",
  "competitionWinners.addInstantWinNote": "ManageWinners",
  "competitionWinners.editInstantWinNote": "ManageWinners",
  "competitionWinners.deleteInstantWinNote": "ManageWinners",
  "competitionWinners.setInstantWinStatus": "ManageWinners",
  "competitionWinners.mainPrizeWinners": "ManageWinners",
  "competitionWinners.mainPrizeNotes": "ManageWinners",
  "competitionWinners.addMainPrizeNote": "ManageWinners",
  "competitionWinners.editMainPrizeNote": "ManageWinners",
  "competitionWinners.deleteMainPrizeNote": "ManageWinners",
  "competitionWinners.setMainPrizeStatus": "ManageWinners",
  "postalEntries.enter": "RecordPostalEntries",
  "customers.list": "ManageCustomers",
}

/**
 * Public, the caller's own, or both (staff see more: hidden competitions,
 * any customer's record). Their own suites test who sees what.
 */
const NOT_STAFF_ONLY: ReadonlySet<string> = new Set([
  "competitions.list",
  "competitions.byId",
  "competitions.tickets",
  "competitions.instantWinGroupTickets",
  "categories.list",
  "categories.byId",
  "categories.competitions",
  "draws.list",
  "draws.nextLiveDraw",
  "draws.nextAutoDraw",
  "draws.competitionWinners",
  "draws.competitionWinnersOf",
  "draws.awaitingLiveDraw",
  "draws.proof",
  "draws.entries",
  "resources.byKey",
  "auth.authenticate",
  "auth.authenticateByToken",
  "auth.refreshToken",
  "auth.revokeToken",
  "auth.verifyEmail",
  "auth.forgotPassword",
  "auth.resetPassword",
  "auth.requestLoginToken",
  "auth.changeEmailAddress",
  "auth.changePassword",
  // An Admin's second factor: the caller's own sign-in (decision 0032).
  "auth.verifySecondFactor",
  "auth.startSecondFactorEnrolment",
  "auth.confirmSecondFactorEnrolment",
  "auth.regenerateRecoveryCodes",
  "auth.resendVerificationEmail",
  "customers.register",
  "customers.byId",
  "customers.update",
  "baskets.create",
  "baskets.byId",
  // Pick your numbers (decision 0080): public free numbers, the basket's own holds.
  "pickedNumbers.freeNumbers",
  "pickedNumbers.basketPicks",
  "pickedNumbers.hold",
  "pickedNumbers.release",
  "baskets.update",
  "baskets.addItem",
  "baskets.clearItems",
  "baskets.setItem",
  "baskets.removeItem",
  "baskets.registerPromotion",
  "baskets.clearPromotions",
  "baskets.removePromotion",
  "baskets.checkout",
  "orders.list",
  "orders.byId",
  "orders.cancel",
  "orders.complete",
  "orders.startPayment",
  "orders.byPayment",
  "orders.tickets",
  "orders.competitionTickets",
  "customerTickets.competitions",
  "customerTickets.competitionTickets",
  "customerTickets.ticketsHeld",
  "customerTickets.openCompetitionsHeld",
  "customerTickets.siteCreditAccount",
  "paymentProviders.cardForm",
  "logging.log",
  // The club-perks documents, public like the club-perks list (decision 0036).
  "clubPerks.welcomeLetter",
  "clubPerks.poster",
  // The contact form: anyone may write in (decision 0037).
  "contact.send",
  // A customer's own referral link and invitations (decision 0039).
  "referrals.summary",
  "referrals.invite",
  // A customer buying site credit for themselves, directly or in a basket (decision 0038).
  "siteCredit.createOrder",
  "siteCredit.addToBasket",
  // The complaints form: anyone may complain (decision 0044).
  "complaints.submit",
  // A customer's own responsible-play panel (decision 0044).
  "responsiblePlay.signposting",
  // A customer's own break or closure; staff may read a standing with ManageCustomers (0043).
  "accountStanding.view",
  "accountStanding.pause",
  "accountStanding.close",
  // A customer's own monthly spend limit (decision 0041).
  "spendLimits.get",
  "spendLimits.set",
])

type AnyEndpoint = HttpApiEndpoint.HttpApiEndpoint.AnyWithProps
type AnyGroup = HttpApiGroup.HttpApiGroup.AnyWithProps

interface Classified {
  readonly name: string
  readonly endpoint: AnyEndpoint
  readonly permission: Permission | undefined
}

const annotated = (group: AnyGroup, endpoint: AnyEndpoint): Permission | undefined =>
  Option.getOrUndefined(
    Option.orElse(Context.getOption(endpoint.annotations, StaffPermission), () =>
      Context.getOption(group.annotations, StaffPermission),
    ),
  )

const everyEndpoint: readonly Classified[] = Object.values(
  HowzatApi.groups as unknown as Record<string, AnyGroup>,
).flatMap((group) =>
  Object.values(group.endpoints as Record<string, AnyEndpoint>).map((endpoint) => {
    const name = `${group.identifier}.${endpoint.name}`
    return { name, endpoint, permission: annotated(group, endpoint) ?? STAFF_ONLY[name] }
  }),
)
/**
 * A multipart upload has no JSON sample, and the edge refuses a JSON body
 * to it before anyone is asked who they are: images-api.test.ts sends real
 * files as every kind of caller instead.
 */
const CALLED_ELSEWHERE: ReadonlySet<string> = new Set(["images.upload"])

const staffEndpoints = everyEndpoint.filter((e) => e.permission !== undefined)

/** One valid value of a schema, in its wire form: a refusal must not be a 400 in disguise. */
const sampleOf = (schema: Schema.Schema.Any): unknown => {
  const [value] = FastCheck.sample(Arbitrary.make(schema as Schema.Schema<unknown>), {
    numRuns: 1,
    seed: 10,
  })
  return Schema.encodeSync(schema as Schema.Schema<unknown>)(value)
}

const requestOf = (endpoint: AnyEndpoint) => {
  const params = Option.match(endpoint.pathSchema, {
    onNone: () => ({}) as Record<string, string>,
    onSome: (schema) => sampleOf(schema) as Record<string, string>,
  })
  const path = endpoint.path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(String(params[key])),
  )
  const query = Option.match(endpoint.urlParamsSchema, {
    onNone: () => "",
    onSome: (schema) => {
      const encoded = sampleOf(schema) as Record<string, string | undefined>
      const search = new URLSearchParams(
        Object.entries(encoded).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      )
      return search.size === 0 ? "" : `?${search}`
    },
  })
  const body = Option.match(endpoint.payloadSchema, {
    onNone: () => undefined,
    onSome: (schema) => sampleOf(schema),
  })
  return { method: endpoint.method, url: `${path}${query}`, body }
}

let shop: Shop
const callers = new Map<"Anonymous" | Role, Browser>()

beforeAll(async () => {
  shop = await openShop()
  callers.set("Anonymous", await new Browser(shop.app).open())
  const customer = await new Browser(shop.app).open()
  await register(customer)
  callers.set("Customer", customer)
  callers.set("Staff", (await signedInStaff(shop, "Staff")).browser)
  callers.set("Admin", (await signedInStaff(shop, "Admin")).browser)
})
afterAll(async () => {
  await shop?.close()
})

describe("the permission matrix, from the contracts", () => {
  it("knows every endpoint: each is staff-only (with its permission) or named as not", () => {
    const unclassified = everyEndpoint
      .filter((e) => e.permission === undefined && !NOT_STAFF_ONLY.has(e.name))
      .map((e) => e.name)
    expect(unclassified).toEqual([])
    const stale = [...NOT_STAFF_ONLY, ...Object.keys(STAFF_ONLY)].filter(
      (name) => !everyEndpoint.some((e) => e.name === name),
    )
    expect(stale).toEqual([])
    expect(staffEndpoints.map((e) => e.name)).toEqual(
      expect.arrayContaining(["users.list", "users.remove", "auditLog.list", "dashboard.charts"]),
    )
  })

  it.each(
    staffEndpoints.filter((e) => !CALLED_ELSEWHERE.has(e.name)).map((e) => [e.name, e] as const),
  )(
    "%s: 401 to nobody, 403 to a customer, the matrix's answer to Staff and Admin",
    async (_, { endpoint, permission }) => {
      const { method, url, body } = requestOf(endpoint)
      const statusFor = async (who: "Anonymous" | Role) => {
        const browser = callers.get(who) as Browser
        const response = await browser.request(method, url, { body })
        await response.body?.cancel()
        return response.status
      }
      const answers = {
        Anonymous: await statusFor("Anonymous"),
        Customer: await statusFor("Customer"),
        Staff: await statusFor("Staff"),
        Admin: await statusFor("Admin"),
      }
      const expected = (role: Role) =>
        can({ role } as Parameters<typeof can>[0], permission as Permission) ? "allowed" : 403
      const seen = (status: number) => (status === 401 || status === 403 ? status : "allowed")
      expect({
        Anonymous: answers.Anonymous,
        Customer: answers.Customer,
        Staff: seen(answers.Staff),
        Admin: seen(answers.Admin),
      }).toEqual({
        Anonymous: 401,
        Customer: 403,
        Staff: expected("Staff"),
        Admin: expected("Admin"),
      })
    },
  )
})
