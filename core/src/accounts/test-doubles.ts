/**
 * In-memory doubles of every account port, for the use-case tests. They keep
 * the behaviour the services rely on (case-insensitive emails, atomic spend
 * and consume, rollback of a failed transaction) and nothing else.
 */
import { Effect, Exit, Layer } from "effect"
import { RepositoryError } from "../competitions/errors.js"
import {
  CustomerRepo,
  OneTimeTokenRepo,
  RefreshTokenRepo,
  type RefreshTokenSpend,
  UserRepo,
} from "../ports/accounts.js"
import { AccessTokens, PasswordHasher } from "../ports/credentials.js"
import { SecureRandom } from "../ports/secure-random.js"
import { Transactions } from "../ports/transactions.js"
import { normaliseEmail } from "../rules/auth.js"
import {
  memoryMailer,
  memoryRateLimiter,
  type RateCounters,
  testBrandLayer,
} from "../testing/mail-and-limits.js"
import { AccountChanges } from "./account-changes.js"
import { CustomerAccounts } from "./customer-accounts.js"
import { AccessTokenInvalid } from "./errors.js"
import type { MailMessage, NewCustomerAccount, OneTimeTokenPurpose, Principal } from "./model.js"
import { AccountRecovery } from "./recovery.js"
import { Registration, type RegistrationRequest } from "./registration.js"
import {
  copySecondFactorRows,
  emptySecondFactorRows,
  makeSecondFactorStoreDouble,
  type SecondFactorRows,
} from "./second-factor-doubles.js"
import { hashSecretToken } from "./secrets.js"
import { Sessions } from "./sessions.js"
import { StaffAccounts } from "./staff-accounts.js"
import { RateLimitPolicy, Throttle } from "./throttle.js"
import {
  type AccountRecords,
  memoryCustomerRepo,
  memoryUserRepo,
} from "./user-and-customer-doubles.js"

interface RefreshRow {
  tokenHash: string
  userId: string
  familyId: string
  expiresAt: Date
  spentAt: Date | null
}

interface OneTimeRow {
  tokenHash: string
  userId: string
  purpose: OneTimeTokenPurpose
  email: string
  expiresAt: Date
  usedAt: Date | null
}

export interface AccountStore extends SecondFactorRows, AccountRecords {
  refreshTokens: RefreshRow[]
  oneTimeTokens: OneTimeRow[]
  outbox: MailMessage[]
  counters: RateCounters
}

export const emptyAccountStore = (): AccountStore => ({
  users: [],
  customers: [],
  refreshTokens: [],
  oneTimeTokens: [],
  outbox: [],
  counters: new Map(),
  ...emptySecondFactorRows(),
})

const copy = (store: AccountStore): AccountStore => ({
  users: [...store.users],
  customers: [...store.customers],
  refreshTokens: store.refreshTokens.map((row) => ({ ...row })),
  oneTimeTokens: store.oneTimeTokens.map((row) => ({ ...row })),
  outbox: [...store.outbox],
  counters: new Map(store.counters),
  ...copySecondFactorRows(store),
})

/** Hashes the password with SHA-256: fast, and still never the password itself. */
const FakePasswordHasher = Layer.succeed(PasswordHasher, {
  hash: (password) => Effect.map(hashSecretToken(password), (digest) => `fake$${digest}`),
  verify: (passwordHash, password) =>
    Effect.map(hashSecretToken(password), (digest) => passwordHash === `fake$${digest}`),
})

/** Opaque tokens remembered with their claims and expiry, so only issued tokens verify. */
const makeFakeAccessTokens = () => {
  const issued = new Map<string, { principal: Principal; sessionId: string; expiresAt: Date }>()
  let counter = 0
  return Layer.succeed(AccessTokens, {
    issue: (principal, times) =>
      Effect.sync(() => {
        const token = `access-${++counter}`
        issued.set(token, { principal, sessionId: times.sessionId, expiresAt: times.expiresAt })
        return token
      }),
    verify: (token, now) => {
      const found = issued.get(token)
      if (found === undefined) return Effect.fail(new AccessTokenInvalid({ reason: "unknown" }))
      if (now.getTime() >= found.expiresAt.getTime())
        return Effect.fail(new AccessTokenInvalid({ reason: "expired" }))
      return Effect.succeed({ principal: found.principal, sessionId: found.sessionId })
    },
  })
}

const WebCryptoRandom = Layer.succeed(SecureRandom, {
  bytes: (length) => Effect.sync(() => globalThis.crypto.getRandomValues(new Uint8Array(length))),
})

export const makeAccountDoubles = (store: AccountStore) => {
  const users = Layer.succeed(UserRepo, memoryUserRepo(store))
  const customers = Layer.succeed(CustomerRepo, memoryCustomerRepo(store))

  const refreshTokens = Layer.succeed(RefreshTokenRepo, {
    create: (token) =>
      Effect.sync(() => {
        store.refreshTokens.push({ ...token, spentAt: null })
      }),
    spend: (tokenHash, now) =>
      Effect.sync((): RefreshTokenSpend => {
        const row = store.refreshTokens.find((r) => r.tokenHash === tokenHash)
        if (!row) return { _tag: "Unknown" }
        if (row.spentAt) return { _tag: "AlreadySpent", familyId: row.familyId }
        if (row.expiresAt.getTime() <= now.getTime()) return { _tag: "Expired" }
        row.spentAt = now
        return { _tag: "Fresh", userId: row.userId, familyId: row.familyId }
      }),
    familyOf: (tokenHash) =>
      Effect.sync(() => store.refreshTokens.find((r) => r.tokenHash === tokenHash)?.familyId),
    holderOf: (tokenHash, now) =>
      Effect.sync(() => {
        const row = store.refreshTokens.find((r) => r.tokenHash === tokenHash)
        return row && row.spentAt === null && row.expiresAt.getTime() > now.getTime()
          ? { userId: row.userId, familyId: row.familyId }
          : undefined
      }),
    roleInSession: (userId, familyId) =>
      Effect.sync(() => {
        const held = store.refreshTokens.some((r) => r.userId === userId && r.familyId === familyId)
        return held ? (store.users.find((u) => u.id === userId)?.role ?? null) : null
      }),
    revokeFamily: (familyId) =>
      Effect.sync(() => {
        store.refreshTokens = store.refreshTokens.filter((r) => r.familyId !== familyId)
      }),
    revokeAllOfUser: (userId, options) =>
      Effect.sync(() => {
        store.refreshTokens = store.refreshTokens.filter(
          (r) => r.userId !== userId || r.familyId === options?.exceptFamilyId,
        )
      }),
  })

  const oneTimeTokens = Layer.succeed(OneTimeTokenRepo, {
    create: (token) =>
      Effect.sync(() => {
        store.oneTimeTokens.push({ ...token, usedAt: null })
      }),
    consume: (tokenHash, purpose, now) =>
      Effect.sync(() => {
        const row = store.oneTimeTokens.find(
          (r) =>
            r.tokenHash === tokenHash &&
            r.purpose === purpose &&
            r.usedAt === null &&
            r.expiresAt.getTime() > now.getTime(),
        )
        if (!row) return undefined
        row.usedAt = now
        return { userId: row.userId, email: row.email }
      }),
    hasOutstanding: (userId, purpose, email, now) =>
      Effect.sync(() =>
        store.oneTimeTokens.some(
          (r) =>
            r.userId === userId &&
            r.purpose === purpose &&
            normaliseEmail(r.email) === normaliseEmail(email) &&
            r.usedAt === null &&
            r.expiresAt.getTime() > now.getTime(),
        ),
      ),
    discardAll: (userId, purpose, now) =>
      Effect.sync(() => {
        for (const row of store.oneTimeTokens)
          if (row.userId === userId && row.purpose === purpose && row.usedAt === null)
            row.usedAt = now
      }),
  })

  const mailer = memoryMailer(store)
  const limiter = memoryRateLimiter(store)

  /** A failed transaction puts the whole store back as it was. */
  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = copy(store)
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) Object.assign(store, before)
          }),
        )
      }),
  })

  return Layer.mergeAll(
    users,
    customers,
    refreshTokens,
    oneTimeTokens,
    mailer,
    testBrandLayer,
    limiter,
    transactions,
    FakePasswordHasher,
    makeFakeAccessTokens(),
    WebCryptoRandom,
    makeSecondFactorStoreDouble(store),
  )
}

/** A storage failure to inject where a test needs one. */
export const storageFailure = (operation: string) =>
  new RepositoryError({ operation, cause: new Error("injected") })

/** Every account use case over the doubles of `store`, with the default rate limits. */
export const accountServicesOver = (store: AccountStore) =>
  Layer.mergeAll(
    Sessions.Default,
    Registration.Default,
    AccountRecovery.Default,
    AccountChanges.Default,
    CustomerAccounts.Default,
    StaffAccounts.Default,
    Throttle.Default,
  ).pipe(Layer.provide(RateLimitPolicy.Default), Layer.provideMerge(makeAccountDoubles(store)))

const tokenIn = (message: MailMessage | undefined) => {
  const link = message?.text.match(/https?:\/\/\S+/)?.[0]
  return link ? new URL(link).searchParams.get("token") : null
}

/** The token in the last link mailed to `to`. */
export const tokenMailedTo = (store: AccountStore, to: string, kind: MailMessage["kind"]) => {
  const token = tokenIn(store.outbox.findLast((m) => m.to === to && m.kind === kind))
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`)
  return token
}

/** The tokens of every link of a kind mailed to `to`, newest first. */
export const tokensMailedTo = (store: AccountStore, to: string, kind: MailMessage["kind"]) =>
  store.outbox
    .filter((m) => m.to === to && m.kind === kind)
    .map(tokenIn)
    .filter((token) => token !== null)
    .reverse()

/**
 * Ann Smith's account as the register port receives it: the password
 * already hashed (a fixed argon2id string, never checked by a repository).
 */
export const newCustomerAccount = (
  overrides: Partial<NewCustomerAccount> = {},
): NewCustomerAccount => ({
  emailAddress: "Ann@Example.com",
  passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
  firstName: "Ann",
  lastName: "Smith",
  dateOfBirth: "1990-04-01",
  telephoneNumber: "07700 900123",
  allowMarketingByEmail: true,
  allowMarketingByPhone: false,
  allowMarketingByText: true,
  allowMarketingByPost: true,
  ...overrides,
})

/** A valid registration of Ann Smith, born 1990. */
export const registrationRequest = (
  overrides: Partial<RegistrationRequest> = {},
): RegistrationRequest => ({
  firstName: "Ann",
  lastName: "Smith",
  emailAddress: "ann@example.com",
  password: "Str0ng!pass",
  confirmPassword: "Str0ng!pass",
  telephoneNumber: "07700 900123",
  dateOfBirth: "1990-04-01",
  acceptTerms: true,
  allowMarketingByEmail: true,
  allowMarketingByPhone: true,
  allowMarketingByText: true,
  allowMarketingByPost: true,
  verificationLinkBase: "https://shop.example/",
  honeyPot: "",
  ...overrides,
})
