import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, Forbidden, NotFound, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedString, DateFromQuery, RangeEndFromQuery } from "./text.js"

const Id = Schema.UUID
const StaffRole = Schema.Literal("Staff", "Admin")

/** docs/product/api.md's Users list: filter by name, email and Role, paged. */
export const UserListParams = Schema.Struct({
  FirstName: Schema.optional(boundedString(255)),
  LastName: Schema.optional(boundedString(255)),
  EmailAddress: Schema.optional(boundedString(255)),
  Role: Schema.optional(StaffRole),
  ...PagingParams,
})

export const StaffUser = Schema.Struct({
  userId: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  emailAddress: Schema.String,
  role: StaffRole,
  emailVerified: Schema.Boolean,
  /** Locked after ten wrong codes in a row; "Reset two-step sign-in" unlocks it. */
  secondFactorLocked: Schema.Boolean,
})

export const UserList = Schema.Struct({ items: Schema.Array(StaffUser), ...PageInfo })
export const UserResponse = Schema.Struct({ user: StaffUser })

/** A new staff user: they get an email with a link to choose their password (48 hours). */
export const NewUserRequest = Schema.Struct({
  firstName: boundedString(255),
  lastName: boundedString(255),
  emailAddress: boundedString(255),
  role: StaffRole,
})

/** Names and role; an address is changed by its owner's own change-email flow. */
export const UserUpdateRequest = Schema.Struct({
  firstName: boundedString(255),
  lastName: boundedString(255),
  role: StaffRole,
})

/**
 * docs/product/api.md's /api/Users, for Admins only (ManageStaff): 401 to nobody, 403
 * to a customer or Staff. Removing or demoting oneself, or the last Admin,
 * is a 409 (decision 0026).
 */
export class UsersApi extends HttpApiGroup.make("users")
  .add(HttpApiEndpoint.get("list", "/api/Users").setUrlParams(UserListParams).addSuccess(UserList))
  .add(
    HttpApiEndpoint.post("create", "/api/Users")
      .setPayload(NewUserRequest)
      .addSuccess(UserResponse, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("byId", "/api/Users/:userId")
      .setPath(Schema.Struct({ userId: Id }))
      .addSuccess(UserResponse),
  )
  .add(
    HttpApiEndpoint.put("update", "/api/Users/:userId")
      .setPath(Schema.Struct({ userId: Id }))
      .setPayload(UserUpdateRequest)
      .addSuccess(UserResponse),
  )
  .add(HttpApiEndpoint.del("remove", "/api/Users/:userId").setPath(Schema.Struct({ userId: Id })))
  // Another Admin's lost phone and codes: their next sign-in enrols again (decision 0032).
  .add(
    HttpApiEndpoint.del("resetSecondFactor", "/api/Users/:userId/second-factor").setPath(
      Schema.Struct({ userId: Id }),
    ),
  )
  .addError(NotFound)
  .addError(Conflict)
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ManageStaff") {}

/** The audit log's filters; From and To both inclusive (a To date alone: to the end of that day). */
export const AuditLogParams = Schema.Struct({
  ActorUserId: Schema.optional(Id),
  Action: Schema.optional(boundedString(100)),
  SubjectType: Schema.optional(boundedString(100)),
  SubjectId: Schema.optional(boundedString(255)),
  From: Schema.optional(DateFromQuery),
  To: Schema.optional(RangeEndFromQuery),
  ...PagingParams,
})

export const AuditEntry = Schema.Struct({
  id: Schema.String,
  at: Schema.Date,
  actor: Schema.Struct({ userId: Schema.String, role: Schema.String }),
  action: Schema.String,
  subject: Schema.Struct({ type: Schema.String, id: Schema.String }),
  before: Schema.Unknown,
  after: Schema.Unknown,
})

export const AuditLogList = Schema.Struct({ items: Schema.Array(AuditEntry), ...PageInfo })

/** Not in docs/product/api.md: the append-only audit log of staff writes, newest first, for Admins. */
export class AuditLogApi extends HttpApiGroup.make("auditLog")
  .add(
    HttpApiEndpoint.get("list", "/api/AuditLog")
      .setUrlParams(AuditLogParams)
      .addSuccess(AuditLogList),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ViewAuditLog") {}
