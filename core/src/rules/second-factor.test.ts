import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  codeMayBeChecked,
  failuresAfter,
  lockedByThisFailure,
  looksLikeTotpCode,
  matchingStep,
  normaliseRecoveryCode,
  otpauthUri,
  RECOVERY_CODE_ALPHABET,
  recoveryCodeFrom,
  SECOND_FACTOR_LOCK_AFTER,
  secondFactorLocked,
  TOTP_PERIOD_SECONDS,
  totpCode,
  totpSecretFrom,
  totpStep,
} from "./second-factor.js"

const secretArb = fc.uint8Array({ minLength: 20, maxLength: 20 }).map(totpSecretFrom)
/** Steps from 2001 to about 2096, where any real clock is. */
const stepArb = fc.integer({ min: 33_000_000, max: 90_000_000 })
const withinStep = fc.integer({ min: 0, max: TOTP_PERIOD_SECONDS * 1000 - 1 })

describe("TOTP codes", () => {
  it("are RFC 6238's (its SHA-1 test vectors, last six digits)", () => {
    // The RFC's secret is ASCII "12345678901234567890".
    const secret = totpSecretFrom(new TextEncoder().encode("12345678901234567890"))
    expect(totpCode(secret, totpStep(59_000))).toBe("287082")
    expect(totpCode(secret, totpStep(1_111_111_109_000))).toBe("081804")
    expect(totpCode(secret, totpStep(1_234_567_890_000))).toBe("005924")
    expect(totpCode(secret, totpStep(2_000_000_000_000))).toBe("279037")
  })

  it("are accepted for exactly their own step, one step either side", () => {
    fc.assert(
      fc.property(
        secretArb,
        stepArb,
        fc.integer({ min: -1, max: 1 }),
        withinStep,
        (secret, step, drift, offset) => {
          const now = (step + drift) * TOTP_PERIOD_SECONDS * 1000 + offset
          expect(matchingStep(secret, totpCode(secret, step), now)).toBe(step)
        },
      ),
    )
  })

  it("are refused two or more steps away, unless the code of a step in the window is the same", () => {
    fc.assert(
      fc.property(
        secretArb,
        stepArb,
        fc.integer({ min: 2, max: 1000 }),
        fc.boolean(),
        withinStep,
        (secret, step, distance, later, offset) => {
          const nowStep = later ? step + distance : step - distance
          const code = totpCode(secret, step)
          const found = matchingStep(secret, code, nowStep * TOTP_PERIOD_SECONDS * 1000 + offset)
          // Six digits collide about once in a million: then it is that other step, never this one.
          if (found !== undefined) {
            expect(Math.abs(found - nowStep)).toBeLessThanOrEqual(1)
            expect(totpCode(secret, found)).toBe(code)
          }
        },
      ),
    )
  })

  it("takes the code with a space in the middle, and nothing that is not six digits", () => {
    const secret = totpSecretFrom(new Uint8Array(20).fill(7))
    const now = 1_800_000_000_000
    const code = totpCode(secret, totpStep(now))
    expect(matchingStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now)).toBe(totpStep(now))
    expect(matchingStep(secret, `${code}0`, now)).toBeUndefined()
    expect(matchingStep(secret, code.slice(1), now)).toBeUndefined()
    expect(looksLikeTotpCode("12a456")).toBe(false)
  })

  it("are scanned from a Key URI with the settings spelled out", () => {
    expect(otpauthUri("Howzat", "admin@howzat.example", "JBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/Howzat:admin%40howzat.example?secret=JBSWY3DPEHPK3PXP&issuer=Howzat&algorithm=SHA1&digits=6&period=30",
    )
    // The issuer is the brand's, whatever it is called.
    expect(otpauthUri("Wicket & Co", "a@b.example", "JBSWY3DPEHPK3PXP")).toBe(
      "otpauth://totp/Wicket%20%26%20Co:a%40b.example?secret=JBSWY3DPEHPK3PXP&issuer=Wicket%20%26%20Co&algorithm=SHA1&digits=6&period=30",
    )
  })
})

describe("recovery codes", () => {
  const bytesArb = fc.uint8Array({ minLength: 12, maxLength: 12 })

  it("look like abcd-efgh-2345, from the unambiguous alphabet", () => {
    fc.assert(
      fc.property(bytesArb, (bytes) => {
        const code = recoveryCodeFrom(bytes)
        expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/)
        for (const symbol of code.replace(/-/g, ""))
          expect(RECOVERY_CODE_ALPHABET).toContain(symbol)
      }),
    )
  })

  it("differ whenever the bytes' low five bits differ (60 bits each)", () => {
    fc.assert(
      fc.property(bytesArb, bytesArb, (a, b) => {
        const same = a.every((byte, i) => (byte & 31) === ((b[i] ?? 0) & 31))
        expect(recoveryCodeFrom(a) === recoveryCodeFrom(b)).toBe(same)
      }),
    )
  })

  it("normalise back to themselves however they are typed", () => {
    fc.assert(
      fc.property(bytesArb, fc.boolean(), fc.boolean(), (bytes, upper, spaced) => {
        const code = recoveryCodeFrom(bytes)
        let typed = spaced ? code.replace(/-/g, " ") : code.replace(/-/g, "")
        if (upper) typed = typed.toUpperCase()
        expect(normaliseRecoveryCode(typed)).toBe(code)
      }),
    )
  })

  it("read o as 0 and i or l as 1, as Crockford's base32 does; refuse what cannot be one", () => {
    expect(normaliseRecoveryCode("OOOO-IIII-LLLL")).toBe("0000-1111-1111")
    expect(normaliseRecoveryCode("abcd-efgh-234")).toBeUndefined()
    expect(normaliseRecoveryCode("abcd-efgh-234u")).toBeUndefined()
    expect(normaliseRecoveryCode("123456")).toBeUndefined()
  })
})

describe("the second factor's lock", () => {
  type Attempt = { readonly kind: "totp" | "recovery"; readonly right: boolean }
  const kindArb = fc.constantFrom("totp" as const, "recovery" as const)
  /** Mostly wrong codes, a guesser's run, with the owner's right code now and then. */
  const attemptsArb = fc.array(
    fc.record({ kind: kindArb, right: fc.nat({ max: 5 }).map((n) => n === 0) }),
    { maxLength: 60 },
  )

  /** The use case's walk through attempts, with the rule's functions. */
  const walk = (attempts: readonly Attempt[]) => {
    let failures = 0
    let notices = 0
    const accepted: boolean[] = []
    for (const attempt of attempts) {
      if (!codeMayBeChecked(failures, attempt.kind)) {
        accepted.push(false)
        continue
      }
      failures = failuresAfter(failures, attempt.right)
      if (!attempt.right && lockedByThisFailure(failures)) notices++
      accepted.push(attempt.right)
    }
    return { failures, notices, accepted }
  }

  it("locks after ten wrong codes in a row, not after nine", () => {
    const wrong = (n: number) =>
      Array.from({ length: n }, () => ({ kind: "totp" as const, right: false }))
    expect(SECOND_FACTOR_LOCK_AFTER).toBe(10)
    expect(secondFactorLocked(walk(wrong(9)).failures)).toBe(false)
    expect(walk([...wrong(9), { kind: "totp", right: true }]).accepted.at(-1)).toBe(true)
    expect(secondFactorLocked(walk(wrong(10)).failures)).toBe(true)
    expect(walk([...wrong(10), { kind: "totp", right: true }]).accepted.at(-1)).toBe(false)
    expect(walk([...wrong(10), { kind: "recovery", right: true }]).accepted.at(-1)).toBe(true)
    // A success in between starts the count again.
    expect(walk([...wrong(9), { kind: "totp", right: true }, ...wrong(9)]).failures).toBe(9)
  })

  it("refuses a right TOTP code exactly when ten wrong codes came since the last accepted one (property)", () => {
    fc.assert(
      fc.property(attemptsArb, (attempts) => {
        const { accepted } = walk(attempts)
        attempts.forEach((attempt, i) => {
          // Counted afresh from the history: codes not accepted since the last one that was.
          // (A TOTP code is refused unchecked only after ten checked wrong ones, so the
          // first ten of them were all checked.)
          let wrongSince = 0
          for (let j = i - 1; j >= 0 && !accepted[j]; j--) wrongSince++
          const locked = wrongSince >= SECOND_FACTOR_LOCK_AFTER
          // A recovery code is always checked; a TOTP code only while not locked.
          const expected = attempt.right && (attempt.kind === "recovery" || !locked)
          expect(accepted[i]).toBe(expected)
        })
      }),
    )
  })

  it("tells the owner once per lock, however many guesses follow (property)", () => {
    fc.assert(
      fc.property(attemptsArb, (attempts) => {
        const { notices, accepted } = walk(attempts)
        // Locks are runs of codes not accepted, between accepted ones, that reach ten.
        let run = 0
        let locks = 0
        for (const wasAccepted of accepted) {
          run = wasAccepted ? 0 : run + 1
          if (run === SECOND_FACTOR_LOCK_AFTER) locks++
        }
        expect(notices).toBe(locks)
      }),
    )
  })
})
