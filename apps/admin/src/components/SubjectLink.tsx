import { Link } from "@tanstack/react-router"
import type { ReactNode } from "react"
import type { SubjectScreen } from "../lib/audit-subjects"

const LINK = "text-xs text-primary-800 underline"

/** An audit-log subject's screen as a typed link (lib/audit-subjects.ts says which). */
export function SubjectLink({
  target,
  children,
}: {
  readonly target: SubjectScreen
  readonly children: ReactNode
}) {
  switch (target.screen) {
    case "competition":
      return (
        <Link
          to="/competitions/$competitionId"
          params={{ competitionId: target.id }}
          className={LINK}
        >
          {children}
        </Link>
      )
    case "category":
      return (
        <Link to="/categories/$categoryId" params={{ categoryId: target.id }} className={LINK}>
          {children}
        </Link>
      )
    case "club":
      return (
        <Link to="/clubs/$clubId" params={{ clubId: target.id }} className={LINK}>
          {children}
        </Link>
      )
    case "customer":
      return (
        <Link to="/customers/$customerId" params={{ customerId: target.id }} className={LINK}>
          {children}
        </Link>
      )
    case "order":
      return (
        <Link to="/orders/$orderId" params={{ orderId: target.id }} className={LINK}>
          {children}
        </Link>
      )
    case "voucher":
      return (
        <Link to="/vouchers/$promotionId" params={{ promotionId: target.id }} className={LINK}>
          {children}
        </Link>
      )
    case "imageGroup":
      return (
        <Link
          to="/image-groups/$imageGroupId"
          params={{ imageGroupId: target.id }}
          className={LINK}
        >
          {children}
        </Link>
      )
    case "list":
      return (
        <Link to={target.to} className={LINK}>
          {children}
        </Link>
      )
  }
}
