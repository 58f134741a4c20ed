import { staffUserMessages } from "@howzat/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { mailed, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * /api/Users and /api/AuditLog through the real composition: Admins only,
 * the guards that keep the shop with an Admin, sessions ended on removal,
 * and each change in the audit log.
 */
interface UserJson {
  userId: string
  firstName: string
  lastName: string
  emailAddress: string
  role: "Staff" | "Admin"
  emailVerified: boolean
}
interface AuditJson {
  action: string
  actor: { userId: string; role: string }
  subject: { type: string; id: string }
  before: unknown
  after: unknown
}
interface ListJson<A> {
  items: A[]
  totalCount: number
}

let shop: Shop
let admin: Browser
let adminId: string
let staff: Browser
let customer: Browser

const me = async (browser: Browser) =>
  JSON.parse(Buffer.from((browser.accessToken ?? "").split(".")[1] ?? "", "base64url").toString())
    .sub as string

beforeAll(async () => {
  shop = await openShop()
  admin = (await signedInStaff(shop, "Admin")).browser
  adminId = await me(admin)
  staff = (await signedInStaff(shop, "Staff")).browser
  customer = await new Browser(shop.app).open()
  await register(customer)
})
afterAll(async () => {
  await shop?.close()
})

const auditOf = async (query: string) =>
  (await json<ListJson<AuditJson>>(await admin.get(`/api/AuditLog?${query}`))).items

describe("/api/Users", () => {
  it("is for Admins: 401 to nobody, 403 to a customer and to Staff", async () => {
    const nobody = await new Browser(shop.app).open()
    await problem(await nobody.get("/api/Users"), 401)
    await problem(await customer.get("/api/Users"), 403)
    const refused = await problem(await staff.get("/api/Users"), 403)
    expect(refused.detail).toBe(staffUserMessages.adminsOnly)
    await problem(await staff.get("/api/AuditLog"), 403)
  })

  it("creates a staff user with a set-password link, lists them by Role, and audits it", async () => {
    const created = await json<{ user: UserJson }>(
      await admin.post("/api/Users", {
        firstName: " Ada ",
        lastName: "Lovelace",
        emailAddress: "ada@howzat.example",
        role: "Staff",
      }),
      201,
    )
    expect(created.user).toMatchObject({ firstName: "Ada", role: "Staff", emailVerified: true })
    expect((await mailed(shop, "ada@howzat.example", "StaffInvitation")).text).toContain("token=")
    const admins = await json<ListJson<UserJson>>(await admin.get("/api/Users?Role=Admin"))
    expect(admins.items.map((u) => u.role)).not.toContain("Staff")
    const found = await json<ListJson<UserJson>>(await admin.get("/api/Users?LastName=lovel"))
    expect(found.items.map((u) => u.userId)).toEqual([created.user.userId])
    // A customer is nobody here.
    expect(
      (await json<ListJson<UserJson>>(await admin.get("/api/Users"))).items,
    ).not.toContainEqual(expect.objectContaining({ role: "Customer" }))
    expect(await auditOf(`SubjectId=${created.user.userId}`)).toEqual([
      expect.objectContaining({
        action: "User.Create",
        actor: { userId: adminId, role: "Admin" },
        before: null,
        after: {
          emailAddress: "ada@howzat.example",
          firstName: "Ada",
          lastName: "Lovelace",
          role: "Staff",
        },
      }),
    ])
    await problem(
      await admin.post("/api/Users", {
        firstName: "Ada",
        lastName: "Again",
        emailAddress: "ADA@howzat.example",
        role: "Staff",
      }),
      409,
    )
  })

  it("refuses an admin's own demotion or removal, and keeps the names they change", async () => {
    const demoted = await problem(
      await admin.put(`/api/Users/${adminId}`, {
        firstName: "Stream",
        lastName: "Host",
        role: "Staff",
      }),
      409,
    )
    expect(demoted.detail).toBe(staffUserMessages.ownRole)
    const removed = await problem(await admin.request("DELETE", `/api/Users/${adminId}`), 409)
    expect(removed.detail).toBe(staffUserMessages.ownAccount)
    const renamed = await json<{ user: UserJson }>(
      await admin.put(`/api/Users/${adminId}`, {
        firstName: "Sam",
        lastName: "Host",
        role: "Admin",
      }),
    )
    expect(renamed.user).toMatchObject({ firstName: "Sam", role: "Admin" })
  })

  it("removes a staff user: their session ends, their record is gone, the log keeps it", async () => {
    const leaving = await signedInStaff(shop, "Admin")
    const leavingId = await me(leaving.browser)
    // Demoted first, by another admin: their refresh token dies with the old role.
    await json(
      await admin.put(`/api/Users/${leavingId}`, {
        firstName: "Lee",
        lastName: "Ving",
        role: "Staff",
      }),
    )
    await problem(await leaving.browser.post("/api/auth/refresh-token"), 401)
    // A demoted admin's access token still says Admin: it ends with the role (decision 0063).
    await problem(await leaving.browser.request("DELETE", `/api/Users/${adminId}`), 401)

    expect((await admin.request("DELETE", `/api/Users/${leavingId}`)).status).toBe(204)
    await problem(await admin.get(`/api/Users/${leavingId}`), 404)
    const actions = (await auditOf(`SubjectType=User&SubjectId=${leavingId}`)).map((e) => e.action)
    // Added by the staff command, not through the API: no User.Create here.
    expect(actions).toEqual(["User.Delete", "User.Update"])
  })
})

describe("the OpenAPI document", () => {
  it("documents /api/Users and /api/AuditLog", async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await admin.get("/api/openapi.json"),
    )
    expect(Object.keys(document.paths["/api/Users"] ?? {}).sort()).toEqual(["get", "post"])
    expect(Object.keys(document.paths["/api/Users/{userId}"] ?? {}).sort()).toEqual([
      "delete",
      "get",
      "put",
    ])
    expect(Object.keys(document.paths["/api/AuditLog"] ?? {})).toEqual(["get"])
  })
})

describe("/api/AuditLog", () => {
  it("filters by action and actor, newest first, and pages", async () => {
    const entries = await auditOf(`Action=User.Create&ActorUserId=${adminId}&PageSize=1`)
    expect(entries).toHaveLength(1)
    expect(entries[0]?.action).toBe("User.Create")
    const none = await auditOf("ActorUserId=00000000-0000-4000-8000-000000000000")
    expect(none).toEqual([])
    await problem(await admin.get("/api/AuditLog?From=yesterday"), 400)
  })
})
