/**
 * The in-memory UserRepo and CustomerRepo: one sign-in per address
 * (case-insensitive), a customer's names kept on their sign-in, and the
 * database's filtering and paging of the customer list. Every use-case
 * double that needs customers builds them from here, so the
 * users-and-customers contract holds them all to Postgres's.
 */
import { Effect } from "effect"
import type { CustomerRepoShape, UserRepoShape } from "../ports/accounts.js"
import { normaliseEmail } from "../rules/auth.js"
import { type Pence, pence } from "../rules/money.js"
import { memoryPage } from "../testing/paging.js"
import { CustomerNotFound, EmailAlreadyRegistered } from "./errors.js"
import type { Customer, User, UserWithPassword } from "./model.js"

let nextId = 0
const newId = () => `00000000-0000-4000-8000-${String(++nextId).padStart(12, "0")}`

/** What the repositories hand back after a write: the hash stays in the store, as in the database. */
const withoutPassword = ({ passwordHash: _, ...user }: UserWithPassword): User => user

/**
 * The sign-ins and customer records UserRepo and CustomerRepo keep. Both
 * lists are read afresh on every call: a write replaces a list, and a
 * rollback may put an older one back.
 */
export interface AccountRecords {
  users: UserWithPassword[]
  customers: Customer[]
}

const userByEmailIn = (store: AccountRecords, email: string) =>
  store.users.find((u) => normaliseEmail(u.emailAddress) === normaliseEmail(email))

/** The in-memory UserRepo over `store` (the users-and-customers contract holds it to Postgres's). */
export const memoryUserRepo = (store: AccountRecords): UserRepoShape => {
  const userByEmail = (email: string) => userByEmailIn(store, email)
  return {
    byEmail: (email) => Effect.sync(() => userByEmail(email)),
    byId: (userId) => Effect.sync(() => store.users.find((u) => u.id === userId)),
    createStaff: (user) =>
      Effect.suspend(() => {
        if (userByEmail(user.emailAddress)) return Effect.fail(new EmailAlreadyRegistered())
        const created = { ...user, id: newId(), customerId: null, emailVerified: false }
        store.users.push(created)
        return Effect.succeed(withoutPassword(created))
      }),
    setPasswordHash: (userId, passwordHash) =>
      Effect.sync(() => {
        store.users = store.users.map((u) => (u.id === userId ? { ...u, passwordHash } : u))
      }),
    markEmailVerified: (userId, email) =>
      Effect.sync(() => {
        const user = store.users.find((u) => u.id === userId)
        if (!user || normaliseEmail(user.emailAddress) !== normaliseEmail(email)) return false
        store.users = store.users.map((u) => (u.id === userId ? { ...u, emailVerified: true } : u))
        return true
      }),
    changeEmail: (userId, newEmail) =>
      Effect.suspend(() => {
        const holder = userByEmail(newEmail)
        if (holder && holder.id !== userId) return Effect.fail(new EmailAlreadyRegistered())
        store.users = store.users.map((u) =>
          u.id === userId ? { ...u, emailAddress: newEmail, emailVerified: false } : u,
        )
        return Effect.void
      }),
  }
}

/**
 * The in-memory CustomerRepo over `store` (the users-and-customers contract
 * holds it to Postgres's). The database reads a customer's balance from the
 * site-credit ledger; give `siteCreditBalanceOf` where a ledger is kept
 * beside the records (without one, the record's own balance is read).
 */
export const memoryCustomerRepo = (
  store: AccountRecords,
  options: { readonly siteCreditBalanceOf?: (customerId: string) => Pence } = {},
): CustomerRepoShape => {
  const withUser = (customer: Customer): Customer => {
    const user = store.users.find((u) => u.id === customer.userId)
    const balance = options.siteCreditBalanceOf?.(customer.customerId)
    const withBalance =
      balance === undefined ? customer : { ...customer, siteCreditAccountBalance: balance }
    return user
      ? {
          ...withBalance,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.emailAddress,
          emailVerified: user.emailVerified,
        }
      : withBalance
  }

  return {
    register: (account) =>
      Effect.suspend(() => {
        if (userByEmailIn(store, account.emailAddress))
          return Effect.fail(new EmailAlreadyRegistered())
        const userId = newId()
        const customerId = newId()
        const user: UserWithPassword = {
          id: userId,
          emailAddress: account.emailAddress,
          firstName: account.firstName,
          lastName: account.lastName,
          role: "Customer",
          customerId,
          emailVerified: false,
          passwordHash: account.passwordHash,
        }
        store.users.push(user)
        store.customers.push({
          ...account,
          customerId,
          userId,
          email: account.emailAddress,
          emailVerified: false,
          defaultBillingAddress: null,
          defaultShippingAddress: null,
          siteCreditAccountBalance: pence(0),
        })
        return Effect.succeed(withoutPassword(user))
      }),
    byId: (customerId) =>
      Effect.suspend(() => {
        const found = store.customers.find((c) => c.customerId === customerId)
        return found
          ? Effect.succeed(withUser(found))
          : Effect.fail(new CustomerNotFound({ customerId }))
      }),
    byIds: (customerIds) =>
      Effect.sync(() => {
        const wanted = new Set(customerIds)
        return store.customers.filter((c) => wanted.has(c.customerId)).map(withUser)
      }),
    update: (customerId, details) =>
      Effect.suspend(() => {
        const found = store.customers.find((c) => c.customerId === customerId)
        if (!found) return Effect.fail(new CustomerNotFound({ customerId }))
        const updated = { ...found, ...details }
        store.customers = store.customers.map((c) => (c.customerId === customerId ? updated : c))
        store.users = store.users.map((u) =>
          u.id === found.userId
            ? { ...u, firstName: details.firstName, lastName: details.lastName }
            : u,
        )
        return Effect.succeed(withUser(updated))
      }),
    // As the database: each filter matches its text anywhere, in any case and
    // literally; ordered by last name, first name, id; pages start at 1.
    list: (query) =>
      Effect.sync(() => {
        const has = (value: string, text: string | undefined) =>
          !text || value.toLowerCase().includes(text.toLowerCase())
        const matching = store.customers
          .map(withUser)
          .filter(
            (c) =>
              has(c.firstName, query.firstName) &&
              has(c.lastName, query.lastName) &&
              has(c.email, query.email),
          )
          .sort(
            (a, b) =>
              a.lastName.localeCompare(b.lastName) ||
              a.firstName.localeCompare(b.firstName) ||
              a.customerId.localeCompare(b.customerId),
          )
        return memoryPage(query.page, matching)
      }),
  }
}

/** The sign-in of a customer record, as UserRepo.byEmail finds it. */
export const userOf = (customer: Customer): UserWithPassword => ({
  id: customer.userId,
  emailAddress: customer.email,
  firstName: customer.firstName,
  lastName: customer.lastName,
  role: "Customer",
  customerId: customer.customerId,
  emailVerified: customer.emailVerified,
  passwordHash: "not-a-hash",
})

/** Seeds a customer record and its sign-in, as registering would have left them. */
export const addCustomer = (store: AccountRecords, customer: Customer) => {
  store.customers.push(customer)
  store.users.push(userOf(customer))
}
