import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  accountMessages,
  cleanAddress,
  fixedWindow,
  isBlankAddress,
  isCustomerSession,
  linkWithToken,
  normaliseEmail,
  rateLimitAddress,
  retryAfterSeconds,
  safeReturnUrl,
  sameEmail,
  tooManyAttemptsMessage,
  validateAddress,
  validateChangeEmail,
  validateChangePassword,
  validateCustomerDetails,
  validateLogin,
  validateResetPassword,
} from "./auth.js"
import { messages } from "./validation.js"

const SHOP = "https://shop.example"

describe("safeReturnUrl", () => {
  it("keeps a return URL on the shop's own origin, path and query included", () => {
    expect(safeReturnUrl("https://shop.example/Auth/ForgotPassword?x=1", SHOP, "/")).toBe(
      "https://shop.example/Auth/ForgotPassword?x=1",
    )
  })

  it.each([
    ["another site", "https://evil.example/Auth/ForgotPassword"],
    ["a look-alike host", "https://shop.example.evil.example/"],
    ["another scheme", "http://shop.example/"],
    ["another port", "https://shop.example:8443/"],
    ["a protocol-relative URL", "//evil.example/"],
    ["a backslash path", "/\\evil.example/"],
    ["an empty host", "//"],
    ["an empty backslash host", "/\\"],
    ["javascript", "javascript:alert(1)"],
    ["nothing", undefined],
    ["garbage", "not a url"],
  ])("replaces %s with the fallback on the shop's origin", (_, candidate) => {
    expect(safeReturnUrl(candidate, SHOP, "/Auth/ForgotPassword")).toBe(
      "https://shop.example/Auth/ForgotPassword",
    )
  })

  it("reads a path on the shop's origin", () => {
    expect(safeReturnUrl("/Auth/ForgotPassword", SHOP, "/")).toBe(
      "https://shop.example/Auth/ForgotPassword",
    )
  })

  it("drops a fragment, which would otherwise swallow the token parameter added after it", () => {
    expect(safeReturnUrl("https://shop.example/#top", SHOP, "/")).toBe("https://shop.example/")
  })

  it("never points anywhere but the shop, whatever it is given", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true }),
          fc.string(),
          fc.string().map((path) => `/${path}`),
        ),
        (candidate) => {
          expect(new URL(safeReturnUrl(candidate, SHOP, "/x")).origin).toBe(SHOP)
        },
      ),
    )
  })

  it("refuses a shop origin that isn't http(s): that is a configuration bug", () => {
    expect(() => safeReturnUrl(undefined, "ftp://shop.example", "/")).toThrow(RangeError)
  })
})

describe("linkWithToken", () => {
  it("adds the token as a query parameter, keeping the others and replacing an old token", () => {
    const link = linkWithToken("https://shop.example/Auth/ForgotPassword?a=1&token=old", "abc-_1")
    const url = new URL(link)
    expect(url.searchParams.get("token")).toBe("abc-_1")
    expect(url.searchParams.get("a")).toBe("1")
    expect(url.searchParams.getAll("token")).toHaveLength(1)
  })

  it("round-trips any token", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (token) => {
        const url = new URL(linkWithToken("https://shop.example/", token))
        expect(url.searchParams.get("token")).toBe(token)
      }),
    )
  })
})

describe("email addresses", () => {
  it("compare without case or stray spaces", () => {
    expect(sameEmail(" Ann@Example.COM ", "ann@example.com")).toBe(true)
    expect(sameEmail("ann@example.com", "anne@example.com")).toBe(false)
  })

  it("normalise idempotently", () => {
    fc.assert(
      fc.property(fc.string(), (email) => {
        expect(normaliseEmail(normaliseEmail(email))).toBe(normaliseEmail(email))
      }),
    )
  })
})

describe("isCustomerSession", () => {
  it("needs a customerId (docs/product/states.md)", () => {
    expect(isCustomerSession({ customerId: "c1" })).toBe(true)
    expect(isCustomerSession({ customerId: null })).toBe(false)
  })
})

describe("fixed windows", () => {
  it("contain the instant they were made for, aligned so every server agrees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1000, max: 86_400_000 }),
        (now, windowMs) => {
          const { start, end } = fixedWindow(now, windowMs)
          expect(start).toBeLessThanOrEqual(now)
          expect(now).toBeLessThan(end)
          expect(end - start).toBe(windowMs)
          expect(start % windowMs).toBe(0)
          const retry = retryAfterSeconds(now, end)
          expect(retry).toBeGreaterThanOrEqual(1)
          expect(retry).toBeLessThanOrEqual(Math.ceil(windowMs / 1000))
        },
      ),
    )
  })

  it("say how long to wait in minutes", () => {
    expect(tooManyAttemptsMessage(30)).toBe("Too many attempts. Please try again in 1 minute.")
    expect(tooManyAttemptsMessage(61)).toBe("Too many attempts. Please try again in 2 minutes.")
  })
})

describe("rateLimitAddress (decision 0014)", () => {
  const hextet = fc.integer({ min: 0, max: 0xffff })
  const groups = fc.array(hextet, { minLength: 8, maxLength: 8 })
  /** One of the many ways to write the same address: padded or not, either case, compressed. */
  const spelling = (gs: number[], padded: boolean, upper: boolean, compressed: boolean) => {
    const full = gs.map((g) => g.toString(16).padStart(padded ? 4 : 1, "0")).join(":")
    const text = compressed ? new URL(`http://[${full}]/`).hostname.slice(1, -1) : full
    return upper ? text.toUpperCase() : text
  }
  const ipv4 = fc.tuple(hextet, hextet).map(([g, h]) => ({
    groups: [g, h],
    text: `${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`,
  }))

  it("counts an IPv6 address as its /64, however it is written", () => {
    fc.assert(
      fc.property(
        groups,
        fc.array(hextet, { minLength: 4, maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (gs, otherHost, padded, upper, compressed) => {
          fc.pre(!(gs.slice(0, 5).every((g) => g === 0) && gs[5] === 0xffff))
          const sameNetwork = [...gs.slice(0, 4), ...otherHost]
          expect(rateLimitAddress(spelling(sameNetwork, padded, upper, compressed))).toBe(
            rateLimitAddress(spelling(gs, false, false, false)),
          )
          expect(rateLimitAddress(spelling(gs, true, false, false))).toMatch(/::\/64$/)
        },
      ),
    )
  })

  it("keeps addresses in different /64 networks apart", () => {
    fc.assert(
      fc.property(groups, groups, (a, b) => {
        fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join())
        expect(rateLimitAddress(spelling(a, true, false, false))).not.toBe(
          rateLimitAddress(spelling(b, true, false, false)),
        )
      }),
    )
  })

  it("counts an IPv4 address as itself, also when written as IPv6", () => {
    fc.assert(
      fc.property(ipv4, fc.boolean(), ({ groups: [g = 0, h = 0], text }, dotted) => {
        expect(rateLimitAddress(text)).toBe(text)
        const mapped = dotted ? `::ffff:${text}` : `::FFFF:${g.toString(16)}:${h.toString(16)}`
        expect(rateLimitAddress(mapped)).toBe(text)
      }),
    )
  })

  it("leaves anything else as it was given, and drops an interface's zone", () => {
    expect(rateLimitAddress(" unknown ")).toBe("unknown")
    expect(rateLimitAddress("not:an:address")).toBe("not:an:address")
    expect(rateLimitAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64")
  })
})

describe("the account forms", () => {
  it("check a login with docs/product/validation.md's messages", () => {
    expect(validateLogin({ email: "", password: "" })).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    })
    expect(validateLogin({ email: "a@b.co", password: "x" })).toEqual({})
  })

  it("check a reset", () => {
    expect(validateResetPassword({ password: "weak", confirmPassword: "other" })).toEqual({
      password: messages.newPasswordWeak,
      confirmPassword: messages.confirmPasswordMismatch,
    })
  })

  it("check a password change with the change-password wording", () => {
    expect(
      validateChangePassword({
        currentPassword: "",
        newPassword: "Str0ng!pass",
        confirmNewPassword: "Str0ng!pas",
      }),
    ).toEqual({
      currentPassword: messages.currentPasswordRequired,
      confirmNewPassword: messages.confirmNewPasswordMismatch,
    })
  })

  it("check an email change", () => {
    expect(validateChangeEmail({ newEmail: "nope", password: "" })).toEqual({
      newEmail: messages.newEmailInvalid,
      password: messages.currentPasswordForEmailRequired,
    })
  })

  it("check an address: line 1 and postcode required, other lines short", () => {
    const address = { line1: "", line2: "x".repeat(51), city: "", county: "", postCode: "nope" }
    expect(validateAddress(address)).toEqual({
      line1: messages.addressLine1Required,
      line2: messages.addressLine1TooLong,
      postCode: messages.postcodeInvalid,
    })
  })

  it("name address errors by where they sit in the customer model", () => {
    const errors = validateCustomerDetails(
      {
        firstName: "Ann",
        lastName: "Smith",
        dateOfBirth: "2015-01-01",
        telephoneNumber: "07700900123",
        defaultBillingAddress: {
          line1: "1 High St",
          line2: "",
          city: "",
          county: "",
          postCode: "",
        },
        defaultShippingAddress: null,
      },
      new Date("2026-01-01T12:00:00Z"),
    )
    expect(errors).toEqual({
      dateOfBirth: messages.dateOfBirthTooYoung,
      "defaultBillingAddress.postCode": messages.postcodeRequired,
    })
  })

  it("clean an address as the form does, and see a blank one as none", () => {
    expect(
      cleanAddress({
        line1: " 1 High St ",
        line2: "",
        city: " Leeds",
        county: "",
        postCode: " ls1 4ap ",
      }),
    ).toEqual({ line1: "1 High St", line2: "", city: "Leeds", county: "", postCode: "LS1 4AP" })
    expect(isBlankAddress({ line1: " ", line2: "", city: "", county: "", postCode: "" })).toBe(true)
  })

  it("keep the login failure wording the storefront falls back to (docs/product/errors.md)", () => {
    expect(accountMessages.loginFailed).toBe(
      "Login failed - please check username and password are correct",
    )
  })
})
