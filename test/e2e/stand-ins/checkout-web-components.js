/*
 * A stand-in for Checkout.com's Web Components script (Flow), which
 * @checkout.com/checkout-web-components loads from
 * https://checkout-web-components.checkout.com/index.js; served by
 * checkout-provider.ts at /index.js for the end-to-end suite. The subset the
 * payment page uses, with the real names (the package's index.d.ts):
 * `window.CheckoutWebComponents(options)` resolves to `{ create, update }`;
 * `create("flow" | "card", componentOptions)` gives a component with
 * mount(elementOrSelector), unmount(), isValid(), isAvailable(),
 * isPayButtonRequired(), submit(). Callbacks, from the options or the
 * component's own: onReady(component), onChange(component),
 * onSubmit(component), onCardBinChanged(component, cardMetadata) (answering
 * `{ continue: false, errorMessage }` refuses the card),
 * onPaymentCompleted(component, { id, status: "Approved", type: "card" }),
 * onError(component, CheckoutError). `acceptedCardTypes` ("credit", "debit")
 * is honoured as the real Flow honours it.
 *
 * Where the real Flow draws its fields in frames of its own, this one puts a
 * plain form in the mount element: "Card number", "Expiry date", "Security
 * code", "Cardholder name" and a "Pay £X.XX" button. A declined card leaves
 * the form for another card and calls onError with a `Request` error,
 * `payment_request_declined`; a 3-D Secure card shows a challenge ("Complete
 * authentication" or "Cancel") and then, as the real Flow does after a
 * challenge, sends the browser to the session's success_url or failure_url
 * (with cko-payment-session-id, cko-session-id and cko-payment-id) rather
 * than calling onPaymentCompleted.
 */
;(() => {
  const api = new URL(document.currentScript.src).origin

  const LABELS = {
    number: "Card number",
    expiry: "Expiry date",
    cvv: "Security code",
    name: "Cardholder name",
  }
  const INPUTS = {
    number: { autocomplete: "cc-number", inputMode: "numeric", placeholder: "1234 1234 1234 1234" },
    expiry: { autocomplete: "cc-exp", inputMode: "numeric", placeholder: "MM/YY" },
    cvv: { autocomplete: "cc-csc", inputMode: "numeric", placeholder: "123" },
    name: { autocomplete: "cc-name", inputMode: "text", placeholder: "" },
  }
  const STYLE = `
.cko-flow, .cko-3ds { font: inherit; display: grid; gap: 0.75rem; }
.cko-flow label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.cko-flow input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.5rem; border: 1px solid #767676; border-radius: 4px; }
.cko-flow input[aria-invalid="true"] { border-color: #b00020; }
.cko-flow .cko-field-error, .cko-alert { color: #b00020; margin: 0.25rem 0 0; }
.cko-flow button, .cko-3ds button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 4px; border: 1px solid #186aff; background: #186aff; color: #fff; }
.cko-3ds button.cko-cancel { background: #fff; color: #111; border-color: #555; }
`
  let mounts = 0

  const digits = (text) => String(text).replace(/\D/g, "")

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
    return number.length >= 12 && sum % 10 === 0
  }

  /** Flow's CheckoutError: an Error with a type, a code and details. */
  const checkoutError = (type, code, message, details) => {
    const error = new Error(message)
    error.name = "CheckoutError"
    error.type = type
    error.code = code
    error.details = details
    return error
  }

  const decodeToken = (token) => {
    try {
      return JSON.parse(atob(String(token).replace(/-/g, "+").replace(/_/g, "/")))
    } catch {
      return undefined
    }
  }

  /** "MM/YY", "MMYY" or "MM/YYYY" as [month, year], or undefined. */
  const expiryOf = (text) => {
    const value = digits(text)
    if (value.length !== 4 && value.length !== 6) return undefined
    const month = Number(value.slice(0, 2))
    const year = value.length === 4 ? 2000 + Number(value.slice(2)) : Number(value.slice(2))
    return month >= 1 && month <= 12 ? [month, year] : undefined
  }

  /**
   * A constructed style sheet, not a <style> element: the shop's
   * Content-Security-Policy (style-src 'self') refuses inline styles, as it
   * should; the real Flow styles only its own frames.
   */
  let styled = false
  const addStyle = () => {
    if (styled) return
    styled = true
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(STYLE)
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }

  window.CheckoutWebComponents = async (options) => {
    const browserSessionId = `bs_${Math.random().toString(36).slice(2)}`
    if (!options || !/^pk_/.test(String(options.publicKey))) {
      throw checkoutError("Integration", "public_key_invalid", "A public key (pk_…) is required.", {
        browserSessionId,
      })
    }
    const session = options.paymentSession
    if (!session) {
      throw checkoutError(
        "Integration",
        "payment_session_required",
        "The payment session response is not provided.",
        { browserSessionId },
      )
    }
    const info = decodeToken(session.payment_session_token)
    if (!session.id || !session.payment_session_secret || !info || info.id !== session.id) {
      throw checkoutError(
        "Integration",
        "payment_session_invalid",
        "The payment session response provided was invalid.",
        { browserSessionId, paymentSessionId: session.id },
      )
    }
    const locale = options.locale ?? info.locale ?? "en-GB"
    let amount = info.amount
    let currency = info.currency
    const live = new Set()

    const money = () =>
      new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount / 100)

    const post = async (path, body) => {
      const response = await fetch(`${api}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${options.publicKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      })
      const text = await response.text()
      let answer = {}
      try {
        answer = text ? JSON.parse(text) : {}
      } catch {}
      return { status: response.status, ok: response.ok, answer }
    }

    const create = (name, componentOptions = {}) => {
      if (name !== "flow" && name !== "card") {
        throw checkoutError(
          "Integration",
          "component_not_supported",
          `The stand-in has no ${name} component.`,
          { browserSessionId, paymentSessionId: session.id },
        )
      }
      const byName = options.componentOptions ?? {}
      const settings = { ...options, ...(byName[name] ?? {}), ...componentOptions }
      // The card method's own list overrides the Flow component's.
      const accepted = byName.card?.acceptedCardTypes ?? settings.acceptedCardTypes
      const details = (more) => ({
        browserSessionId,
        paymentSessionId: session.id,
        type: "card",
        ...more,
      })

      let container
      let form
      let challenge
      let fields
      let alert
      let button
      let lookup
      let busy = false

      const call = (callback, ...args) => {
        if (typeof settings[callback] !== "function") return undefined
        try {
          return settings[callback](...args)
        } catch (cause) {
          console.error(`checkout stand-in: ${callback} threw`, cause)
          return undefined
        }
      }

      /** The fields' problems, shown beside them when `show`. */
      const problems = (show) => {
        const found = {}
        const number = digits(fields.number.value)
        if (number === "") found.number = "Enter your card number."
        else if (!luhn(number) || number.length > 19) found.number = "Enter a valid card number."
        else if (lookup?.refusal) found.number = lookup.refusal
        const expiry = expiryOf(fields.expiry.value)
        const now = new Date()
        if (fields.expiry.value.trim() === "") found.expiry = "Enter the expiry date."
        else if (!expiry) found.expiry = "Enter a valid expiry date."
        else if (expiry[1] * 12 + expiry[0] <= now.getFullYear() * 12 + now.getMonth()) {
          found.expiry = "Your card has expired."
        }
        const cvvLength = /^3[47]/.test(number) ? 4 : 3
        if (digits(fields.cvv.value).length !== cvvLength)
          found.cvv = "Enter a valid security code."
        if (fields.name.value.trim() === "") found.name = "Enter the cardholder name."
        if (show) {
          for (const key of Object.keys(fields)) {
            const message = found[key]
            fields[key].setAttribute("aria-invalid", message ? "true" : "false")
            const note = document.getElementById(fields[key].getAttribute("aria-describedby"))
            note.textContent = message ?? ""
            note.hidden = !message
          }
        }
        return Object.keys(found)
      }

      const say = (text) => {
        alert.textContent = text
      }

      const setBusy = (value) => {
        busy = value
        button.disabled = value
        button.textContent = value ? "Processing…" : `Pay ${money()}`
        for (const input of Object.values(fields)) input.disabled = value
      }

      /**
       * The card's metadata once its first eight digits are in: the card types
       * the page accepts, then the page's own onCardBinChanged, may refuse it.
       */
      const checkBin = () => {
        if (!accepted && typeof settings.onCardBinChanged !== "function") return
        const bin = digits(fields.number.value).slice(0, 8)
        if (bin.length < 8) {
          lookup = undefined
          return
        }
        if (lookup?.bin === bin) return
        const current = { bin, refusal: undefined }
        current.done = (async () => {
          const { ok, answer } = await post("/metadata/card", {
            source: { type: "bin", bin },
            format: "basic",
          }).catch(() => ({ ok: false, answer: {} }))
          if (!ok) return
          const type = String(answer.card_type ?? "").toLowerCase()
          if (accepted && type && !accepted.includes(type)) {
            current.refusal = "This card type is not accepted. Please use another card."
          } else {
            const verdict = await call("onCardBinChanged", component, answer)
            if (verdict && verdict.continue === false) {
              current.refusal =
                verdict.errorMessage || "This card is not accepted. Please use another card."
            }
          }
          // Said beside the number at once, as the customer may not press Pay.
          if (current.refusal && lookup === current) {
            fields.number.setAttribute("aria-invalid", "true")
            const note = document.getElementById(fields.number.getAttribute("aria-describedby"))
            note.textContent = current.refusal
            note.hidden = false
          }
        })()
        lookup = current
      }

      const done = () => {
        for (const input of Object.values(fields)) input.disabled = true
        button.disabled = true
        button.textContent = "Paid"
        const status = document.createElement("p")
        status.setAttribute("role", "status")
        status.textContent = "Payment complete."
        form.appendChild(status)
      }

      const showChallenge = (paymentId) => {
        form.hidden = true
        challenge = document.createElement("section")
        challenge.className = "cko-3ds"
        const heading = document.createElement("h2")
        heading.id = `cko-stand-in-${mounts}-3ds`
        heading.textContent = "Confirm your payment"
        challenge.setAttribute("aria-labelledby", heading.id)
        const text = document.createElement("p")
        text.textContent = `Your bank asks you to confirm this payment of ${money()} (3-D Secure, Checkout.com stand-in).`
        const note = document.createElement("p")
        note.className = "cko-alert"
        note.setAttribute("role", "alert")
        const complete = document.createElement("button")
        complete.type = "button"
        complete.textContent = "Complete authentication"
        const cancel = document.createElement("button")
        cancel.type = "button"
        cancel.className = "cko-cancel"
        cancel.textContent = "Cancel"
        const answer = async (outcome) => {
          complete.disabled = true
          cancel.disabled = true
          const path = `/payment-sessions/${encodeURIComponent(session.id)}/payments/${encodeURIComponent(paymentId)}/authentication`
          const result = await post(path, {
            payment_session_secret: session.payment_session_secret,
            outcome,
          }).catch(() => undefined)
          if (result?.ok && result.answer.redirect_url) {
            window.location.assign(result.answer.redirect_url)
            return
          }
          note.textContent = "We could not reach your bank. Please try again."
          complete.disabled = false
          cancel.disabled = false
        }
        complete.addEventListener("click", () => answer("completed"))
        cancel.addEventListener("click", () => answer("cancelled"))
        challenge.append(heading, text, note, complete, cancel)
        container.appendChild(challenge)
      }

      const pay = async (viaSubmit) => {
        if (!form || busy) return
        if (lookup) await lookup.done
        if (problems(true).length > 0) {
          const refused = lookup?.refusal
          if (refused) {
            call(
              "onError",
              component,
              checkoutError(
                "Request",
                "payment_request_aborted",
                refused,
                details({ abortReason: "card_not_supported" }),
              ),
            )
          } else if (viaSubmit) {
            call(
              "onError",
              component,
              checkoutError(
                "Submit",
                "component_invalid",
                "The component is not valid.",
                details(),
              ),
            )
          }
          return
        }
        call("onSubmit", component)
        setBusy(true)
        say("")
        const expiry = expiryOf(fields.expiry.value)
        const result = await post(`/payment-sessions/${encodeURIComponent(session.id)}/pay`, {
          payment_session_secret: session.payment_session_secret,
          type: "card",
          card: {
            number: digits(fields.number.value),
            expiry_month: expiry[0],
            expiry_year: expiry[1],
            cvv: digits(fields.cvv.value),
            name: fields.name.value.trim(),
          },
        }).catch(() => undefined)
        if (!result) {
          setBusy(false)
          say("We could not connect. Please check your connection and try again.")
          call(
            "onError",
            component,
            checkoutError(
              "Request",
              "network_error",
              "The request failed due to a network error.",
              details(),
            ),
          )
          return
        }
        const { status, ok, answer } = result
        if (ok && answer.status === "Approved") {
          done()
          call("onPaymentCompleted", component, { id: answer.id, status: "Approved", type: "card" })
          return
        }
        if (ok && answer.status === "Action Required") {
          showChallenge(answer.id)
          return
        }
        setBusy(false)
        if (ok && answer.status === "Declined") {
          say("Your payment was declined. Please try again, or use another card.")
          call(
            "onError",
            component,
            checkoutError(
              "Request",
              "payment_request_declined",
              "The payment request was declined.",
              details({ paymentId: answer.id, requestErrorCodes: [answer.decline_reason], status }),
            ),
          )
          return
        }
        say("Something went wrong. Please try again.")
        call(
          "onError",
          component,
          checkoutError(
            "Request",
            "payment_request_failed",
            "The payment request failed.",
            details({ requestErrorCodes: answer.error_codes ?? [], status }),
          ),
        )
      }

      const render = () => {
        mounts += 1
        addStyle()
        const id = (key) => `cko-stand-in-${mounts}-${key}`
        form = document.createElement("form")
        form.className = "cko-flow"
        form.noValidate = true
        form.setAttribute("aria-label", "Card payment")
        fields = {}
        for (const key of Object.keys(LABELS)) {
          const wrapper = document.createElement("div")
          const label = document.createElement("label")
          label.htmlFor = id(key)
          label.textContent = LABELS[key]
          const input = document.createElement("input")
          input.id = id(key)
          input.type = "text"
          Object.assign(input, INPUTS[key])
          input.setAttribute("aria-describedby", id(`${key}-error`))
          const note = document.createElement("p")
          note.id = id(`${key}-error`)
          note.className = "cko-field-error"
          note.hidden = true
          input.addEventListener("input", () => {
            if (key === "number") checkBin()
            call("onChange", component)
          })
          wrapper.append(label, input, note)
          form.appendChild(wrapper)
          fields[key] = input
        }
        fields.name.value = settings.data?.cardholderName ?? ""
        alert = document.createElement("p")
        alert.className = "cko-alert"
        alert.setAttribute("role", "alert")
        button = document.createElement("button")
        button.type = "submit"
        button.textContent = `Pay ${money()}`
        button.hidden = settings.showPayButton === false
        form.append(alert, button)
        form.addEventListener("submit", (event) => {
          event.preventDefault()
          void pay(false)
        })
        container.appendChild(form)
      }

      const component = {
        type: name,
        name,
        selectedType: "card",
        selectedPaymentMethodId: undefined,
        mount(target) {
          if (container) {
            throw checkoutError(
              "Integration",
              "component_already_mounted",
              "The component is already mounted: unmount it first.",
              details(),
            )
          }
          const element = typeof target === "string" ? document.querySelector(target) : target
          if (!element) {
            throw checkoutError("Integration", "element_not_found", "The element was not found.", {
              ...details(),
              element: target,
            })
          }
          container = element
          render()
          live.add(component)
          setTimeout(() => call("onReady", component), 0)
          return component
        },
        unmount() {
          form?.remove()
          challenge?.remove()
          container = undefined
          form = undefined
          challenge = undefined
          lookup = undefined
          busy = false
          live.delete(component)
          return component
        },
        isValid() {
          return form !== undefined && problems(false).length === 0
        },
        async isAvailable() {
          return true
        },
        isPayButtonRequired() {
          return settings.showPayButton === false
        },
        submit() {
          void pay(true)
        },
        async tokenize() {
          throw checkoutError(
            "Integration",
            "method_not_supported",
            "The stand-in does not tokenize cards.",
            details(),
          )
        },
        unselect() {},
        /** Shows the amount again after update(). */
        _refresh() {
          if (button && !busy && !button.disabled) button.textContent = `Pay ${money()}`
        },
      }
      return component
    }

    const update = async (changes = {}) => {
      const errors = {}
      for (const key of Object.keys(changes)) {
        if (key !== "amount" && key !== "currency") errors[key] = "not supported field"
      }
      if ("amount" in changes && (!Number.isInteger(changes.amount) || changes.amount < 0)) {
        errors.amount = "must be a non-negative integer"
      }
      if ("currency" in changes && !/^[A-Z]{3}$/.test(String(changes.currency))) {
        errors.currency = "must be an ISO 4217 code"
      }
      if (Object.keys(errors).length > 0) {
        throw checkoutError("Validation", "update_parameters_invalid", "The update was invalid.", {
          browserSessionId,
          paymentSessionId: session.id,
          validationErrors: errors,
        })
      }
      if ("amount" in changes) amount = changes.amount
      if ("currency" in changes) currency = changes.currency
      for (const component of live) component._refresh()
    }

    return { create, update }
  }
})()
