import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type ContactForm,
  cleanContactForm,
  contactMessages,
  MAX_CONTACT_MESSAGE_LENGTH,
  mailtoLink,
  readContactForm,
  validateContactForm,
} from "./contact.js"
import { messages } from "./validation.js"

const good: ContactForm = {
  firstName: "Ann",
  lastName: "Smith",
  email: "ann@example.com",
  telephoneNumber: "07700 900123",
  message: "Where is my prize?",
}

const anyForm = fc.record({
  firstName: fc.string({ maxLength: 20 }),
  lastName: fc.string({ maxLength: 20 }),
  email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 30 })),
  telephoneNumber: fc.oneof(fc.constant("07700 900123"), fc.string({ maxLength: 25 })),
  message: fc.string({ maxLength: 60 }),
})

describe("the contact form's rules (docs/product/validation.md)", () => {
  it("accepts a real message and says docs/product/validation.md's words for each empty field", () => {
    expect(validateContactForm(good)).toEqual({})
    expect(
      validateContactForm({
        firstName: "",
        lastName: " ",
        email: "",
        telephoneNumber: "",
        message: "  ",
      }),
    ).toEqual({
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      email: messages.emailRequired,
      telephoneNumber: messages.telephoneRequired,
      message: "You must include a message.",
    })
  })

  it("refuses a bad email, a non-UK phone, an email as a name and an over-long message", () => {
    expect(
      validateContactForm({
        ...good,
        firstName: "ann@example.com",
        email: "ann@@example",
        telephoneNumber: "+1 555 0100",
        message: "x".repeat(MAX_CONTACT_MESSAGE_LENGTH + 1),
      }),
    ).toEqual({
      firstName: messages.nameIsEmail,
      email: messages.emailInvalid,
      telephoneNumber: messages.telephoneInvalid,
      message: contactMessages.messageTooLong,
    })
    expect(contactMessages.messageTooLong).toBe(
      "Please keep your message to 5,000 characters or fewer.",
    )
    expect(
      validateContactForm({ ...good, message: "x".repeat(MAX_CONTACT_MESSAGE_LENGTH) }),
    ).toEqual({})
  })

  it("cleans as the storefront does: trimmed text, stripped email and phone, line breaks kept", () => {
    expect(
      cleanContactForm({
        firstName: " Ann ",
        lastName: "Smith ",
        email: " ann @example.com ",
        telephoneNumber: " 07700-900123 ",
        message: "\n Line one\nLine two \n",
      }),
    ).toEqual({
      firstName: "Ann",
      lastName: "Smith",
      email: "ann@example.com",
      telephoneNumber: "07700900123",
      message: "Line one\nLine two",
    })
  })

  it("property: cleaning twice is cleaning once", () => {
    fc.assert(
      fc.property(anyForm, (form) => {
        const once = cleanContactForm(form)
        expect(cleanContactForm(once)).toEqual(once)
      }),
    )
  })

  it("property: what is read as valid is clean and passes every rule; otherwise errors say why", () => {
    fc.assert(
      fc.property(anyForm, (form) => {
        const read = readContactForm(form)
        if (read._tag === "Valid") {
          expect(read.form).toEqual(cleanContactForm(form))
          expect(validateContactForm(read.form)).toEqual({})
        } else {
          expect(Object.keys(read.errors).length).toBeGreaterThan(0)
          expect(read.errors).toEqual(validateContactForm(cleanContactForm(form)))
        }
      }),
    )
  })

  it("makes a mailto link only of an email address, with no way to add headers", () => {
    expect(mailtoLink("help@howzat.example")).toBe("mailto:help@howzat.example")
    expect(mailtoLink("a?cc=x@example.com", "Re: hi & bye")).toBe(
      "mailto:a%3Fcc%3Dx@example.com?subject=Re%3A%20hi%20%26%20bye",
    )
    expect(mailtoLink("javascript:alert(1)")).toBe("")
    fc.assert(
      fc.property(fc.string(), (text) => {
        const link = mailtoLink(text)
        expect(link === "" || /^mailto:[^?&\s]+$/.test(link)).toBe(true)
      }),
    )
  })
})
