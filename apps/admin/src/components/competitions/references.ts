import { api } from "../../api"

/**
 * What the competition form offers to choose from: every category (hidden
 * ones too), attribute type and image group. A hundred of each is the
 * API's largest page and far more than a shop keeps.
 */
export const loadCompetitionReferences = async () => {
  const [categories, attributeTypes, imageGroups] = await Promise.all([
    api.categories.list({ urlParams: { VisibilityStatus: "All", PageSize: 100 } }),
    api.attributeTypes.list({ urlParams: { PageSize: 100 } }),
    api.imageGroups.list({ urlParams: { PageSize: 100 } }),
  ])
  return {
    categories: categories.categories,
    attributeTypes: attributeTypes.attributeTypes,
    imageGroups: imageGroups.imageGroups,
  }
}

export type CompetitionReferences = Awaited<ReturnType<typeof loadCompetitionReferences>>

/** The storefront's page of a competition (same origin as the back office). */
export const shopPage = (competitionId: string) => `/Competitions/Competition/${competitionId}`
