import { Link } from "@tanstack/react-router"
import { brand } from "../brand"
import { MessagePage } from "./MessagePage"

/** Stands in for the login and registration forms until customer accounts arrive. */
export const AccountsComingSoon = ({ title }: { title: string }) => (
  <MessagePage icon="user">
    <h1 className="display-title text-3xl">{title}</h1>
    <p className="mt-3 text-muted">
      Customer accounts open soon. Until then, browse the competitions and watch our live draws.
      Questions? Email{" "}
      <a
        className="font-semibold text-accent hover:underline"
        href={`mailto:${brand.customerCareEmail}`}
      >
        {brand.customerCareEmail}
      </a>
      .
    </p>
    <Link to="/Competitions" className="btn-primary mt-8">
      View competitions
    </Link>
  </MessagePage>
)
