import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  messages,
  normalisePostcode,
  parseIsoDate,
  type RegistrationInput,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
  trimText,
  validateAcceptTerms,
  validateAddressLine1,
  validateConfirmNewPassword,
  validateConfirmPassword,
  validateCurrentPassword,
  validateCurrentPasswordForEmailChange,
  validateDateOfBirth,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateLoginPassword,
  validateMessage,
  validateNewEmail,
  validateNewPassword,
  validatePostcode,
  validateReferralEmail,
  validateRegistration,
  validateTelephone,
} from "./validation.js"

describe("messages", () => {
  it("carries the exact docs/product/validation.md wording", () => {
    expect(messages).toMatchObject({
      emailRequired: "A valid email address is required",
      emailInvalid: "The Email field is not a valid e-mail address.",
      passwordRequired: "A password is required",
      firstNameRequired: "First name is required",
      lastNameRequired: "Last name is required",
      nameIsEmail: "Please don't use your email address here",
      telephoneRequired:
        "You must provide your telephone number in case we need to contact you regarding any prizes won.",
      telephoneInvalid: "Please enter a valid UK phone number.",
      dateOfBirthRequired: "You must provide your date of birth for age verification",
      dateOfBirthTooYoung: "You must be 18 or over to use this site.",
      addressLine1Required: "Address Line 1 is required.",
      postcodeRequired: "A valid UK post code is required.",
      postcodeInvalid: "Please enter a valid UK post code.",
      newPasswordRequired: "A valid new password is required",
      newPasswordWeak:
        "Password must be at least 8 characters, and contain at least one uppercase, one lowercase, one numeric, and one special character (#?.,!@£$%^&*+=-)",
      confirmPasswordRequired: "Please confirm password",
      confirmPasswordMismatch: "'Confirm Password' and 'Password' do not match.",
      confirmNewPasswordMismatch: "'Confirm New Password' and 'New Password' do not match.",
      acceptTermsRequired: "You must accept our terms and conditions to register.",
      newEmailInvalid: "The New Email Address field is not a valid e-mail address.",
      currentPasswordForEmailRequired: "Current password is required for authentication.",
      currentPasswordRequired: "Current password is required",
      messageRequired: "You must include a message.",
      checkoutInvalid: "Form has one or more invalid fields.",
    })
  })

  it("fills in our own wording where docs/product/validation.md gives none", () => {
    expect(messages.nameTooLong).toBe("Please use 255 characters or fewer")
    expect(messages.addressLine1TooLong).toBe("Please use 50 characters or fewer")
    expect(messages.dateOfBirthTooOld).toBe(
      "Please enter a date of birth on or after 1st January 1900.",
    )
  })
})

describe("clean-ups", () => {
  it("trims text, strips spaces from emails and junk from telephone numbers", () => {
    expect(trimText("  Ann Smith \n")).toBe("Ann Smith")
    expect(stripInvalidEmailCharacters(" ann @ example.com\t")).toBe("ann@example.com")
    expect(stripInvalidTelephoneCharacters("+44 (0)7700-900.123 ext")).toBe("+44 (0)7700900123 ")
    expect(normalisePostcode("  sw1a 1aa ")).toBe("SW1A 1AA")
  })

  it("leaves a telephone number that passes its own character rule", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(stripInvalidTelephoneCharacters(raw)).toMatch(/^[0-9+() ]*$/)
        expect(stripInvalidEmailCharacters(raw)).not.toMatch(/\s/)
      }),
    )
  })
})

describe("validateEmail", () => {
  it.each<[string, string | undefined]>([
    ["", "A valid email address is required"],
    ["   ", "A valid email address is required"],
    ["ann@example.com", undefined],
    ["ann.smith+shop@mail.example.co.uk", undefined],
    ["ann", "The Email field is not a valid e-mail address."],
    ["ann@example", "The Email field is not a valid e-mail address."],
    ["ann@@example.com", "The Email field is not a valid e-mail address."],
    ["ann@ex@ample.com", "The Email field is not a valid e-mail address."],
    ["ann smith@example.com", "The Email field is not a valid e-mail address."],
    ["ann@example..com", "The Email field is not a valid e-mail address."],
    ["@example.com", "The Email field is not a valid e-mail address."],
  ])("%j gives %j", (value, error) => {
    expect(validateEmail(value)).toBe(error)
  })

  it("accepts generated addresses", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(validateEmail(email)).toBeUndefined()
      }),
    )
  })

  it("refuses any address with a space or a second @", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom(" ", "@"), fc.nat(), (email, intruder, at) => {
        const position = at % (email.length + 1)
        const spoiled = email.slice(0, position) + intruder + email.slice(position)
        expect(validateEmail(spoiled)).toBeDefined()
      }),
    )
  })
})

describe("validateNewEmail and validateReferralEmail", () => {
  it("refuses a new email that is malformed or longer than 255", () => {
    expect(validateNewEmail("ann@example.com")).toBeUndefined()
    expect(validateNewEmail("")).toBe("The New Email Address field is not a valid e-mail address.")
    expect(validateNewEmail(`${"a".repeat(244)}@example.com`)).toBe(
      "The New Email Address field is not a valid e-mail address.",
    )
    expect(validateNewEmail(`${"a".repeat(243)}@example.com`)).toBeUndefined()
  })

  it.each<[string, boolean]>([
    ["friend@example.com", true],
    ["friend@example", false],
    ["", false],
    ["friend example@x.com", false],
  ])("referral %j valid: %s", (value, valid) => {
    expect(validateReferralEmail(value) === undefined).toBe(valid)
  })
})

describe("required password fields", () => {
  it("use their own wording and do not trim", () => {
    expect(validateLoginPassword("")).toBe("A password is required")
    expect(validateLoginPassword("x")).toBeUndefined()
    expect(validateCurrentPassword("")).toBe("Current password is required")
    expect(validateCurrentPassword(" ")).toBeUndefined()
    expect(validateCurrentPasswordForEmailChange("")).toBe(
      "Current password is required for authentication.",
    )
    expect(validateCurrentPasswordForEmailChange("secret")).toBeUndefined()
  })
})

const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ")
const lower = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz")
const digit = fc.constantFrom(..."0123456789")
const special = fc.constantFrom(..."#?.,!@£$%^&*+=-")
const anyOf = fc.oneof(upper, lower, digit, special)

/** A password with each class at least once, shuffled, 8 to 40 characters. */
const strongPassword = fc
  .tuple(upper, lower, digit, special, fc.array(anyOf, { minLength: 4, maxLength: 36 }))
  .chain(([u, l, d, s, rest]) =>
    fc.shuffledSubarray([u, l, d, s, ...rest], { minLength: 4 + rest.length }),
  )
  .map((chars) => chars.join(""))

describe("validateNewPassword", () => {
  it.each<[string, string | undefined]>([
    ["", "A valid new password is required"],
    ["Passw0rd!", undefined],
    ["Pa£s0wrd", undefined],
    ["Pa0!abc", messages.newPasswordWeak],
    ["password0!", messages.newPasswordWeak],
    ["PASSWORD0!", messages.newPasswordWeak],
    ["Password!!", messages.newPasswordWeak],
    ["Password00", messages.newPasswordWeak],
    ["Password0_", messages.newPasswordWeak],
  ])("%j gives %j", (value, error) => {
    expect(validateNewPassword(value)).toBe(error)
  })

  it("accepts every password with all four classes and eight characters", () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        expect(validateNewPassword(password)).toBeUndefined()
      }),
    )
  })

  it("refuses it once any one class is taken out", () => {
    const classes = [/[A-Z]/g, /[a-z]/g, /[0-9]/g, /[#?.,!@£$%^&*+=-]/g]
    fc.assert(
      fc.property(strongPassword, fc.constantFrom(...classes), (password, characterClass) => {
        const weakened = password.replace(characterClass, "")
        expect(validateNewPassword(weakened)).toBeDefined()
      }),
    )
  })

  it("refuses it when shorter than eight", () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        fc.pre(password.length > 7)
        expect(validateNewPassword(password.slice(0, 7))).toBeDefined()
      }),
    )
  })
})

describe("confirm password", () => {
  it("must be given and must match", () => {
    expect(validateConfirmPassword("", "Passw0rd!")).toBe("Please confirm password")
    expect(validateConfirmPassword("Passw0rd", "Passw0rd!")).toBe(
      "'Confirm Password' and 'Password' do not match.",
    )
    expect(validateConfirmPassword("Passw0rd!", "Passw0rd!")).toBeUndefined()
    expect(validateConfirmNewPassword("", "Passw0rd!")).toBe("Please confirm password")
    expect(validateConfirmNewPassword("x", "Passw0rd!")).toBe(
      "'Confirm New Password' and 'New Password' do not match.",
    )
    expect(validateConfirmNewPassword("Passw0rd!", "Passw0rd!")).toBeUndefined()
  })

  it("passes exactly when the two agree", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (confirm, password) => {
        expect(validateConfirmPassword(confirm, password) === undefined).toBe(confirm === password)
        expect(validateConfirmPassword(confirm, confirm)).toBeUndefined()
      }),
    )
  })
})

describe("names", () => {
  it.each<[string, string | undefined]>([
    ["", "First name is required"],
    ["  ", "First name is required"],
    ["Ann", undefined],
    ["ann@example.com", "Please don't use your email address here"],
    ["a".repeat(255), undefined],
    ["a".repeat(256), "Please use 255 characters or fewer"],
    ["Mary-Jane", undefined],
    ["O'Brien", undefined],
    ["D’Arcy", undefined],
    ["Zoë Łucja", undefined],
    ["Anne Marie", undefined],
    [
      "Claim your prize at http://prize.example",
      "Please use only letters, spaces, hyphens and apostrophes",
    ],
    ["Ann2", "Please use only letters, spaces, hyphens and apostrophes"],
    ["-Ann", "Please use only letters, spaces, hyphens and apostrophes"],
    ["Ann <b>", "Please use only letters, spaces, hyphens and apostrophes"],
  ])("first name %j gives %j", (value, error) => {
    expect(validateFirstName(value)).toBe(error)
  })

  it("has its own required wording for the last name", () => {
    expect(validateLastName("")).toBe("Last name is required")
    expect(validateLastName("Smith@")).toBe("Please don't use your email address here")
  })

  it("refuses any name containing an @", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.string({ maxLength: 100 }), (a, b) => {
        expect(validateLastName(`${a}@${b}`)).toBeDefined()
      }),
    )
  })
})

describe("validateTelephone", () => {
  it.each<[string, string | undefined]>([
    ["", messages.telephoneRequired],
    ["07700900123", undefined],
    ["07700 900 123", undefined],
    ["0207946012", undefined],
    ["+447700900123", undefined],
    ["+44 7700 900123", undefined],
    ["+44(0)7700900123", undefined],
    ["+44 (0) 7700 900123", undefined],
    ["+4407700900123", undefined],
    ["(+44)7700900123", undefined],
    ["(+44) 07700 900123", undefined],
    ["7700900123", "Please enter a valid UK phone number."],
    ["0770090012", undefined],
    ["077009001", "Please enter a valid UK phone number."],
    ["077009001234", "Please enter a valid UK phone number."],
    ["+17700900123", "Please enter a valid UK phone number."],
    ["07700-900123", "Please enter a valid UK phone number."],
    ["0770090012x", "Please enter a valid UK phone number."],
    ["(+44) 0 7700 900 123", undefined],
    ["(+44)  0 7700 900 123", "Please enter a valid UK phone number."],
  ])("%j gives %j", (value, error) => {
    expect(validateTelephone(value)).toBe(error)
  })

  const digits = (min: number, max: number) =>
    fc
      .array(fc.constantFrom(..."0123456789"), { minLength: min, maxLength: max })
      .map((d) => d.join(""))

  const validUkNumber = fc
    .tuple(fc.constantFrom("0", "+44", "+44(0)", "+440", "(+44)", "(+44)0"), digits(9, 10))
    .map(([prefix, rest]) => prefix + rest)

  it("accepts every UK number of a listed shape", () => {
    fc.assert(
      fc.property(validUkNumber, (number) => {
        expect(validateTelephone(number)).toBeUndefined()
      }),
    )
  })

  it("refuses anything with a letter in it", () => {
    fc.assert(
      fc.property(
        validUkNumber,
        fc.constantFrom(..."abcxyzABCXYZ"),
        fc.nat(),
        (number, letter, at) => {
          const position = at % (number.length + 1)
          expect(
            validateTelephone(number.slice(0, position) + letter + number.slice(position)),
          ).toBe("Please enter a valid UK phone number.")
        },
      ),
    )
  })

  it("refuses anything longer than 20 characters", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 21, maxLength: 40 }), (value) => {
        expect(validateTelephone(value)).toBeDefined()
      }),
    )
  })
})

describe("validateDateOfBirth", () => {
  const today = new Date("2025-06-15T12:00:00Z")

  it.each<[string, string | undefined]>([
    ["", "You must provide your date of birth for age verification"],
    ["15/06/2000", "You must provide your date of birth for age verification"],
    ["2001-02-30", "You must provide your date of birth for age verification"],
    ["1899-12-31", "Please enter a date of birth on or after 1st January 1900."],
    ["1900-01-01", undefined],
    ["2007-06-15", undefined],
    ["2007-06-16", "You must be 18 or over to use this site."],
    ["2030-01-01", "You must be 18 or over to use this site."],
  ])("%j on 15 June 2025 gives %j", (value, error) => {
    expect(validateDateOfBirth(value, today)).toBe(error)
  })

  it("lets a 29 February baby in on 1 March of a common year, not on 28 February", () => {
    expect(validateDateOfBirth("2004-02-29", new Date("2022-02-28T12:00:00Z"))).toBe(
      "You must be 18 or over to use this site.",
    )
    expect(validateDateOfBirth("2004-02-29", new Date("2022-03-01T12:00:00Z"))).toBeUndefined()
    expect(validateDateOfBirth("2004-02-29", new Date("2024-02-29T12:00:00Z"))).toBeUndefined()
  })

  it("knows a 29 February today has no 18-years-ago twin", () => {
    const leapDay = new Date("2024-02-29T12:00:00Z")
    expect(validateDateOfBirth("2006-02-28", leapDay)).toBeUndefined()
    expect(validateDateOfBirth("2006-03-01", leapDay)).toBe(
      "You must be 18 or over to use this site.",
    )
  })

  it("counts the day in London, where 23:30Z in summer is already tomorrow", () => {
    expect(validateDateOfBirth("2007-06-16", new Date("2025-06-15T23:30:00Z"))).toBeUndefined()
  })

  it("allows an 18th birthday today and refuses one tomorrow", () => {
    const day = fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2090, 0, 1) })
    fc.assert(
      fc.property(day, (t) => {
        const noonInLondon = new Date(Math.floor(t / 86_400_000) * 86_400_000 + 11 * 3_600_000)
        const iso = noonInLondon.toISOString().slice(0, 10)
        const [y, m, d] = iso.split("-").map(Number)
        fc.pre(!(m === 2 && d === 29))
        const eighteenYearsAgo = `${String((y ?? 0) - 18).padStart(4, "0")}-${iso.slice(5)}`
        expect(validateDateOfBirth(eighteenYearsAgo, noonInLondon)).toBeUndefined()
        const dayAfter = new Date(Date.UTC((y ?? 0) - 18, (m ?? 1) - 1, (d ?? 1) + 1))
        expect(validateDateOfBirth(dayAfter.toISOString().slice(0, 10), noonInLondon)).toBe(
          "You must be 18 or over to use this site.",
        )
      }),
    )
  })
})

describe("parseIsoDate", () => {
  it("reads every real date back as written", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1900-01-01T00:00:00Z"),
          max: new Date("2099-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10)
          expect(parseIsoDate(iso)).toEqual({
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
          })
        },
      ),
    )
  })
})

describe("validateAddressLine1", () => {
  it("is required and at most 50 characters", () => {
    expect(validateAddressLine1(" ")).toBe("Address Line 1 is required.")
    expect(validateAddressLine1("1 High Street")).toBeUndefined()
    expect(validateAddressLine1("a".repeat(50))).toBeUndefined()
    expect(validateAddressLine1("a".repeat(51))).toBe("Please use 50 characters or fewer")
  })
})

describe("validatePostcode", () => {
  it.each<[string, string | undefined]>([
    ["", "A valid UK post code is required."],
    ["SW1A 1AA", undefined],
    ["sw1a1aa", undefined],
    ["M1 1AE", undefined],
    ["B33 8TH", undefined],
    ["CR2 6XH", undefined],
    ["DN55 1PT", undefined],
    ["W1A 0AX", undefined],
    ["EC1A 1BB", undefined],
    ["GIR 0AA", undefined],
    ["gir0aa", undefined],
    ["SW1A", "Please enter a valid UK post code."],
    ["12345", "Please enter a valid UK post code."],
    ["QZ1 1AA", "Please enter a valid UK post code."],
    ["SW1A 1AA X", "Please enter a valid UK post code."],
  ])("%j gives %j", (value, error) => {
    expect(validatePostcode(value)).toBe(error)
  })

  const letter = fc.constantFrom(..."ABCDEFGHJKLMNOPRSTUWY")
  const secondLetter = fc.constantFrom(..."ABCDEFGHJKLMNOPQRSTUVWXY")
  const d = fc.constantFrom(..."0123456789")
  const outward = fc.oneof(
    fc.tuple(letter, d).map((p) => p.join("")),
    fc.tuple(letter, d, d).map((p) => p.join("")),
    fc.tuple(letter, secondLetter, d).map((p) => p.join("")),
    fc.tuple(letter, secondLetter, d, d).map((p) => p.join("")),
    fc.tuple(letter, d, letter).map((p) => p.join("")),
    fc.tuple(letter, secondLetter, d, letter).map((p) => p.join("")),
  )
  const postcode = fc
    .tuple(outward, fc.constantFrom("", " "), d, letter, letter)
    .map(([out, space, ...inward]) => out + space + inward.join(""))

  it("accepts every well-formed postcode in any letter case", () => {
    fc.assert(
      fc.property(postcode, fc.boolean(), (code, lowerCase) => {
        expect(validatePostcode(lowerCase ? code.toLowerCase() : code)).toBeUndefined()
        expect(normalisePostcode(code.toLowerCase())).toBe(code)
      }),
    )
  })

  it("does not care about letter case", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        expect(validatePostcode(value.toLowerCase())).toBe(validatePostcode(value.toUpperCase()))
      }),
    )
  })
})

describe("simple rules", () => {
  it("require accepting the terms and a contact message", () => {
    expect(validateAcceptTerms(false)).toBe("You must accept our terms and conditions to register.")
    expect(validateAcceptTerms(true)).toBeUndefined()
    expect(validateMessage("  ")).toBe("You must include a message.")
    expect(validateMessage("Hello")).toBeUndefined()
  })
})

describe("validateRegistration", () => {
  const today = new Date("2025-06-15T12:00:00Z")
  const valid: RegistrationInput = {
    firstName: "Ann",
    lastName: "Smith",
    emailAddress: "ann@example.com",
    password: "Passw0rd!",
    confirmPassword: "Passw0rd!",
    telephoneNumber: "07700 900123",
    dateOfBirth: "1990-05-01",
    acceptTerms: true,
  }

  it("reports nothing for a good registration", () => {
    expect(validateRegistration(valid, today)).toEqual({})
  })

  it("reports only the failing fields, each with its first error", () => {
    expect(
      validateRegistration(
        {
          ...valid,
          firstName: "ann@example.com",
          password: "weak",
          dateOfBirth: "2010-01-01",
          acceptTerms: false,
        },
        today,
      ),
    ).toEqual({
      firstName: "Please don't use your email address here",
      password: messages.newPasswordWeak,
      confirmPassword: "'Confirm Password' and 'Password' do not match.",
      dateOfBirth: "You must be 18 or over to use this site.",
      acceptTerms: "You must accept our terms and conditions to register.",
    })
  })

  it("reports every field of an empty form", () => {
    const empty: RegistrationInput = {
      firstName: "",
      lastName: "",
      emailAddress: "",
      password: "",
      confirmPassword: "",
      telephoneNumber: "",
      dateOfBirth: "",
      acceptTerms: false,
    }
    expect(Object.keys(validateRegistration(empty, today)).sort()).toEqual(
      Object.keys(empty).sort(),
    )
  })
})
