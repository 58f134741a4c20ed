import type { PromotionRequestJson } from "@howzat/contracts/promotions"
import { useForm } from "@tanstack/react-form"
import { useState } from "react"
import { fieldErrors } from "../../lib/problems"
import {
  type StoredValidity,
  type VoucherValues,
  voucherFailureSummary,
  voucherPayload,
} from "../../lib/voucher-form"

/**
 * The voucher form's state: judged by core's rules before it is sent, the
 * server's refusals kept beside their fields, and whether the last save
 * went through.
 */
export const useVoucherForm = ({
  initial,
  stored,
  onSave,
}: {
  readonly initial: VoucherValues
  readonly stored?: StoredValidity | undefined
  readonly onSave: (payload: PromotionRequestJson) => Promise<unknown>
}) => {
  const [failure, setFailure] = useState<unknown>()
  const [saved, setSaved] = useState(false)
  const server = fieldErrors(failure)
  const form = useForm({
    defaultValues: initial,
    validators: {
      onSubmit: ({ value }) => {
        const read = voucherPayload(value, stored)
        return read._tag === "Invalid" ? { fields: read.errors } : undefined
      },
    },
    onSubmit: async ({ value }) => {
      const read = voucherPayload(value, stored)
      if (read._tag !== "Valid") return
      setFailure(undefined)
      setSaved(false)
      try {
        await onSave(read.payload)
        setSaved(true)
      } catch (error) {
        setFailure(error)
      }
    },
  })
  return {
    form,
    server,
    summary: voucherFailureSummary(failure, server),
    saved,
    /** Anything typed after a save: "Saved" no longer holds. */
    edited: () => setSaved(false),
  }
}

export type VoucherFormApi = ReturnType<typeof useVoucherForm>["form"]

/** What every part of the voucher form is given. */
export interface VoucherPartProps {
  readonly form: VoucherFormApi
  /** The server's message per field, after a failed save. */
  readonly server: Readonly<Record<string, string>>
}
