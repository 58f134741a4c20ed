import { Data, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { ResourceWriter, RichTextSanitiser } from "../ports/site-content.js"
import { Transactions } from "../ports/transactions.js"
import {
  checkResourceValue,
  EDITABLE_RESOURCES,
  type EditableResource,
  editableResource,
} from "../rules/site-content.js"
import { auditor } from "./audit.js"
import { authorize } from "./permissions.js"

export class ResourceNotEditable extends Data.TaggedError("ResourceNotEditable")<{
  readonly key: string
}> {}

export class ResourceValueInvalid extends Data.TaggedError("ResourceValueInvalid")<{
  readonly key: string
  readonly message: string
}> {}

export interface EditableResourceValue extends EditableResource {
  /** Null until the shop has one. */
  readonly value: string | null
}

/**
 * The site content staff edit (decision 0031): the Resources the
 * storefront fetches by key. HTML is sanitised before it is stored, styles
 * are checked, and every change is audited with the value before and
 * after. Staff only (ManageContent).
 */
export class SiteContent extends Effect.Service<SiteContent>()("@howzat/core/SiteContent", {
  effect: Effect.gen(function* () {
    const writer = yield* ResourceWriter
    const sanitiser = yield* RichTextSanitiser
    const audit = yield* auditor
    const transactions = yield* Transactions

    const list = (by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageContent")
        return yield* Effect.forEach(EDITABLE_RESOURCES, (resource) =>
          Effect.map(
            writer.current(resource.key),
            (value): EditableResourceValue => ({ ...resource, value }),
          ),
        )
      })

    const update = (by: Principal, key: string, value: string) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageContent")
        const resource = editableResource(key)
        if (resource === undefined) return yield* new ResourceNotEditable({ key })
        const checked = checkResourceValue(resource, value)
        if (checked._tag === "Invalid") {
          return yield* new ResourceValueInvalid({ key, message: checked.message })
        }
        const stored = resource.kind === "Html" ? sanitiser.sanitise(checked.value) : checked.value
        yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* writer.current(key)
            if (before === stored) return
            yield* writer.put(key, stored)
            yield* audit(by, {
              action: "Resource.Update",
              subject: { type: "Resource", id: key },
              before,
              after: stored,
            })
          }),
        )
        const saved: EditableResourceValue = { ...resource, value: stored }
        return saved
      })

    return { list, update }
  }),
}) {}
