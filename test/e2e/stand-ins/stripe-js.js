/*
 * A stand-in for Stripe.js v3 (https://docs.stripe.com/js), served by
 * stripe-provider.ts for the end-to-end suite: the subset the payment page
 * uses, with the same names, arguments and answers. `Stripe(key)`,
 * `elements()`, `create("cardNumber" | "cardExpiry" | "cardCvc")` with
 * mount/on/update/focus/destroy, and `confirmCardPayment(clientSecret,
 * { payment_method: { card, billing_details } })`, which resolves with
 * { paymentIntent } or { error }. Where the real one puts each field in a
 * frame of its own, this one puts a plain input in the container; the
 * inputs carry the real frames' accessible names.
 */
;(() => {
  const api = new URL(document.currentScript.src).origin

  const LABELS = {
    cardNumber: "Credit or debit card number",
    cardExpiry: "Credit or debit card expiration date",
    cardCvc: "Credit or debit card CVC/CVV",
  }
  const PLACEHOLDERS = { cardNumber: "1234 1234 1234 1234", cardExpiry: "MM / YY", cardCvc: "CVC" }
  const AUTOCOMPLETE = { cardNumber: "cc-number", cardExpiry: "cc-exp", cardCvc: "cc-csc" }
  const INCOMPLETE = {
    cardNumber: ["incomplete_number", "Your card number is incomplete."],
    cardExpiry: ["incomplete_expiry", "Your card's expiration date is incomplete."],
    cardCvc: ["incomplete_cvc", "Your card's security code is incomplete."],
  }

  const digits = (text) => text.replace(/\D/g, "")

  const luhn = (number) => {
    let sum = 0
    for (let i = 0; i < number.length; i++) {
      let d = Number(number[number.length - 1 - i])
      if (i % 2 === 1) {
        d *= 2
        if (d > 9) d -= 9
      }
      sum += d
    }
    return sum % 10 === 0
  }

  const validationError = (code, message) => ({ type: "validation_error", code, message })

  /** { complete, error } for a field's text; errors only once the text cannot become right. */
  const check = (type, text) => {
    const value = digits(text)
    if (type === "cardNumber") {
      if (value.length < 16) return { complete: false }
      return luhn(value)
        ? { complete: true }
        : {
            complete: false,
            error: validationError("invalid_number", "Your card number is invalid."),
          }
    }
    if (type === "cardExpiry") {
      if (value.length < 4) return { complete: false }
      const month = Number(value.slice(0, 2))
      const year = 2000 + Number(value.slice(2, 4))
      if (month < 1 || month > 12)
        return {
          complete: false,
          error: validationError("invalid_expiry_month", "Your card's expiration date is invalid."),
        }
      const now = new Date()
      if (year * 12 + month - 1 < now.getFullYear() * 12 + now.getMonth())
        return {
          complete: false,
          error: validationError(
            "invalid_expiry_year_past",
            "Your card's expiration year is in the past.",
          ),
        }
      return { complete: true }
    }
    return { complete: value.length >= 3 }
  }

  const createElement = (type, options) => {
    const handlers = {}
    let input
    let container
    const emit = (event, payload) => {
      for (const handler of handlers[event] ?? []) handler({ elementType: type, ...payload })
    }
    const state = (blurred) => {
      const value = input.value
      const result = check(type, value)
      const empty = value.trim() === ""
      const error =
        result.error ??
        (blurred && !empty && !result.complete ? validationError(...INCOMPLETE[type]) : undefined)
      container.classList.toggle("StripeElement--empty", empty)
      container.classList.toggle("StripeElement--complete", result.complete)
      container.classList.toggle("StripeElement--invalid", error !== undefined)
      return { empty, complete: result.complete, error }
    }
    const element = {
      mount(target) {
        container = typeof target === "string" ? document.querySelector(target) : target
        input = document.createElement("input")
        input.type = "text"
        input.inputMode = "numeric"
        input.autocomplete = AUTOCOMPLETE[type]
        input.placeholder = PLACEHOLDERS[type]
        input.setAttribute("aria-label", LABELS[type])
        const base = options?.style?.base ?? {}
        Object.assign(input.style, {
          border: "0",
          outline: "none",
          background: "transparent",
          width: "100%",
          padding: "0",
          color: base.color ?? "",
          fontFamily: base.fontFamily ?? "",
          fontSize: base.fontSize ?? "16px",
        })
        input.addEventListener("input", () => emit("change", state(false)))
        input.addEventListener("focus", () => {
          container.classList.add("StripeElement--focus")
          emit("focus", {})
        })
        input.addEventListener("blur", () => {
          container.classList.remove("StripeElement--focus")
          emit("change", state(true))
          emit("blur", {})
        })
        container.classList.add("StripeElement", "StripeElement--empty")
        container.appendChild(input)
        setTimeout(() => emit("ready", {}), 0)
      },
      on(event, handler) {
        handlers[event] = [...(handlers[event] ?? []), handler]
        return element
      },
      off(event, handler) {
        handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler)
        return element
      },
      update(changes) {
        if (input && changes && "disabled" in changes) input.disabled = Boolean(changes.disabled)
      },
      focus() {
        input?.focus()
      },
      blur() {
        input?.blur()
      },
      clear() {
        if (input) input.value = ""
      },
      destroy() {
        input?.remove()
        container?.classList.remove("StripeElement", "StripeElement--focus")
      },
      _type: type,
      _value: () => input?.value ?? "",
    }
    return element
  }

  window.Stripe = (publishableKey) => {
    if (!/^pk_(test|live)_/.test(String(publishableKey)))
      throw new Error(`Invalid API Key provided: ${publishableKey}`)
    const fields = []
    return {
      elements() {
        return {
          create(type, options) {
            if (!(type in LABELS)) throw new Error(`stand-in Stripe.js has no ${type} element`)
            const element = createElement(type, options)
            fields.push(element)
            return element
          },
        }
      },
      async confirmCardPayment(clientSecret, data) {
        const byType = Object.fromEntries(fields.map((f) => [f._type, f._value()]))
        for (const type of ["cardNumber", "cardExpiry", "cardCvc"]) {
          const result = check(type, byType[type] ?? "")
          if (!result.complete)
            return { error: result.error ?? validationError(...INCOMPLETE[type]) }
        }
        const expiry = digits(byType.cardExpiry)
        const body = new URLSearchParams({
          client_secret: clientSecret,
          "payment_method_data[type]": "card",
          "payment_method_data[card][number]": digits(byType.cardNumber),
          "payment_method_data[card][exp_month]": expiry.slice(0, 2),
          "payment_method_data[card][exp_year]": expiry.slice(2, 4),
          "payment_method_data[card][cvc]": digits(byType.cardCvc),
          "payment_method_data[billing_details][name]":
            data?.payment_method?.billing_details?.name ?? "",
        })
        const id = String(clientSecret).split("_secret_")[0]
        let answer
        try {
          const response = await fetch(
            `${api}/v1/payment_intents/${encodeURIComponent(id)}/confirm`,
            {
              method: "POST",
              headers: {
                authorization: `Bearer ${publishableKey}`,
                "content-type": "application/x-www-form-urlencoded",
              },
              body,
            },
          )
          answer = await response.json()
        } catch {
          return {
            error: {
              type: "api_connection_error",
              message:
                "We could not connect to Stripe. Please check your connection and try again.",
            },
          }
        }
        return answer.error ? { error: answer.error } : { paymentIntent: answer }
      },
    }
  }
})()
