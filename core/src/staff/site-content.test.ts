import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Exit, Layer } from "effect"
import type { Principal } from "../accounts/model.js"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"
import { ResourceWriter } from "../ports/site-content.js"
import { Transactions } from "../ports/transactions.js"
import { makeMemoryResourceWriter } from "../site-content/resource-doubles.js"
import { MemoryRichTextSanitiserLayer } from "../site-content/rich-text-doubles.js"
import { auditLogOver } from "./audit-log-doubles.js"
import { SiteContent } from "./site-content.js"

const principal = (role: Principal["role"]): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "c-1" : null,
  email: "x@example.com",
  name: role,
})

/** Resources and audit entries in memory; a failed transaction puts both back. */
const servicesOver = (resources: Map<string, string>, audit: AuditEntry[], failAudit = false) =>
  SiteContent.Default.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.succeed(ResourceWriter, makeMemoryResourceWriter(resources)),
        MemoryRichTextSanitiserLayer,
        failAudit
          ? Layer.succeed(AuditLog, { record: () => Effect.die("audit log down") })
          : auditLogOver(audit),
        Layer.succeed(Transactions, {
          within: (effect) =>
            Effect.suspend(() => {
              const saved = new Map(resources)
              const entries = audit.length
              return Effect.onExit(effect, (exit) =>
                Effect.sync(() => {
                  if (Exit.isFailure(exit)) {
                    resources.clear()
                    for (const [k, v] of saved) resources.set(k, v)
                    audit.splice(entries)
                  }
                }),
              )
            }),
        }),
      ),
    ),
  )

const update = (by: Principal, key: string, value: string) =>
  Effect.either(Effect.flatMap(SiteContent, (content) => content.update(by, key, value)))

describe("staff editing the site's content", () => {
  it.effect("stores sanitised HTML and audits the value before and after", () => {
    const resources = new Map([["content-banner-hero-sub", "<p>Old</p>"]])
    const audit: AuditEntry[] = []
    return Effect.gen(function* () {
      const saved = yield* update(
        principal("Staff"),
        "content-banner-hero-sub",
        "<p>New</p><script>alert(1)</script>",
      )
      expect(Either.isRight(saved) && saved.right.value).toBe("<p>New</p>")
      expect(resources.get("content-banner-hero-sub")).toBe("<p>New</p>")
      expect(audit).toMatchObject([
        {
          actor: { userId: "Staff-1", role: "Staff" },
          action: "Resource.Update",
          subject: { type: "Resource", id: "content-banner-hero-sub" },
          before: "<p>Old</p>",
          after: "<p>New</p>",
        },
      ])
      // Saving the same value again changes nothing and records nothing.
      yield* update(principal("Staff"), "content-banner-hero-sub", "<p>New</p>")
      expect(audit).toHaveLength(1)
    }).pipe(Effect.provide(servicesOver(resources, audit)))
  })

  it.effect("refuses customers, unknown keys and bad values, changing nothing", () => {
    const resources = new Map<string, string>()
    const audit: AuditEntry[] = []
    return Effect.gen(function* () {
      const asCustomer = yield* update(principal("Customer"), "content-banner-hero-sub", "<p>x</p>")
      expect(Either.isLeft(asCustomer) && asCustomer.left._tag).toBe("NotStaff")
      const unknown = yield* update(principal("Admin"), "jwt-secret", "x")
      expect(Either.isLeft(unknown) && unknown.left._tag).toBe("ResourceNotEditable")
      const bad = yield* update(principal("Admin"), "config-site-styles", "</style>")
      expect(Either.isLeft(bad) && bad.left._tag).toBe("ResourceValueInvalid")
      expect(resources.size).toBe(0)
      expect(audit).toEqual([])
      const listed = yield* Effect.either(
        Effect.flatMap(SiteContent, (content) => content.list(principal("Customer"))),
      )
      expect(Either.isLeft(listed)).toBe(true)
    }).pipe(Effect.provide(servicesOver(resources, audit)))
  })

  it.effect("changes nothing when the audit entry cannot be written", () => {
    const resources = new Map([["content-banner-hero-sub", "<p>Old</p>"]])
    const audit: AuditEntry[] = []
    return Effect.gen(function* () {
      const exit = yield* Effect.exit(
        Effect.flatMap(SiteContent, (content) =>
          content.update(principal("Staff"), "content-banner-hero-sub", "<p>x</p>"),
        ),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(resources.get("content-banner-hero-sub")).toBe("<p>Old</p>")
    }).pipe(Effect.provide(servicesOver(resources, audit, true)))
  })
})
