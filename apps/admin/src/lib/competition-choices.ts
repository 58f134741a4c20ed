import { api } from "../api"

/**
 * The competitions a voucher can be limited to: every one staff can see,
 * hidden and past too (an old voucher may name one), newest first as listed.
 */
export const competitionChoices = async (): Promise<readonly { id: string; name: string }[]> => {
  const list = await api.competitions.list({
    urlParams: { TimePeriod: "All", VisibilityStatus: "All", PageSize: 100 },
  })
  return list.competitions.map((c) => ({ id: c.id, name: c.name }))
}
