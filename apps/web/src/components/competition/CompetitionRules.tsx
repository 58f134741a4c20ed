import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { competitionRules } from "../../lib/competition-rules"

export const CompetitionRules = ({ competition }: { competition: CompetitionJson }) => (
  <ol className="list-decimal space-y-2.5 ps-5 leading-relaxed">
    {competitionRules(competition).map((rule) => (
      <li key={rule}>{rule}</li>
    ))}
  </ol>
)
